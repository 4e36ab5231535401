/** Mutations of valid inputs for the parsers' fuzz tests: tokens deleted, duplicated, swapped; bytes flipped; truncation. */
import fc from "fast-check";

/** Runs per property: modest in CI, many with `npm run fuzz` (FUZZ=1). */
export const RUNS = process.env.FUZZ ? 20_000 : 150;

/** One edit of a text. */
export type TextMutation =
  | { kind: "delete"; at: number }
  | { kind: "duplicate"; at: number }
  | { kind: "swap"; at: number; with: number }
  | { kind: "flip"; at: number; char: number }
  | { kind: "truncate"; at: number }
  | { kind: "insert"; at: number; token: string };

const TOKENS = [
  "0",
  "1",
  "-1",
  "1.0",
  "nan",
  "inf",
  "1e999",
  "x.agr",
  "a.amb",
  "",
  "\r",
  "\t",
  "999999999999",
];

/** An arbitrary list of mutations; positions are fractions applied to the text at hand. */
export const mutations = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("duplicate" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("swap" as const), at: fc.nat(), with: fc.nat() }),
    fc.record({
      kind: fc.constant("flip" as const),
      at: fc.nat(),
      char: fc.integer({ min: 0, max: 0xffff }),
    }),
    fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
    fc.record({
      kind: fc.constant("insert" as const),
      at: fc.nat(),
      token: fc.constantFrom(...TOKENS),
    }),
  ),
  { minLength: 1, maxLength: 4 },
);

/** Applies mutations to a text, token-wise where the mutation is about tokens. */
export function mutate(text: string, edits: readonly TextMutation[]): string {
  let t = text;
  for (const e of edits) {
    const parts = t.split(/(\s+)/);
    const tokenIdx = parts.map((p, i) => (p.trim() === "" ? -1 : i)).filter((i) => i >= 0);
    const pick = (n: number) => (tokenIdx.length === 0 ? -1 : tokenIdx[n % tokenIdx.length]!);
    switch (e.kind) {
      case "delete": {
        const i = pick(e.at);
        if (i >= 0) parts[i] = "";
        t = parts.join("");
        break;
      }
      case "duplicate": {
        const i = pick(e.at);
        if (i >= 0) parts[i] = `${parts[i]} ${parts[i]}`;
        t = parts.join("");
        break;
      }
      case "swap": {
        const i = pick(e.at);
        const j = pick(e.with);
        if (i >= 0 && j >= 0) [parts[i], parts[j]] = [parts[j]!, parts[i]!];
        t = parts.join("");
        break;
      }
      case "insert": {
        const i = pick(e.at);
        if (i >= 0) parts[i] = `${parts[i]} ${e.token}`;
        t = parts.join("");
        break;
      }
      case "flip": {
        if (t.length === 0) break;
        const at = e.at % t.length;
        t = t.slice(0, at) + String.fromCharCode(e.char) + t.slice(at + 1);
        break;
      }
      case "truncate":
        t = t.slice(0, e.at % (t.length + 1));
        break;
    }
  }
  return t;
}
