/**
 * Mutations of valid inputs for the readers' property suites: tokens deleted,
 * duplicated, swapped, replaced or glued together, characters flipped, text
 * cut; bytes set, header fields overwritten, bytes cut or appended.
 */
import fc from "fast-check";

/** Tokens that stress readers: edge numbers, non-numbers, keywords of the formats, whitespace. */
const POOL = [
  "0",
  "1",
  "-1",
  "1.0",
  "2.5",
  "-0",
  "nan",
  "inf",
  "1e999",
  "1e39",
  "4294967295",
  "4294967296",
  "999999999999",
  "x",
  "x.agr",
  "a.amb",
  "frame",
  "frames",
  "constant",
  "cells",
  "tet",
  "hex",
  "box",
  "none",
  "",
  "\r",
  "\t",
];

/** One edit of a text; positions are taken modulo the text's tokens or characters. */
export type TextMutation =
  | { readonly kind: "delete" | "duplicate" | "join"; readonly at: number }
  | { readonly kind: "swap"; readonly at: number; readonly with: number }
  | { readonly kind: "replace" | "insert"; readonly at: number; readonly token: string }
  | { readonly kind: "flip"; readonly at: number; readonly char: number }
  | { readonly kind: "truncate"; readonly at: number };

const token = fc.oneof(fc.constantFrom(...POOL), fc.string({ maxLength: 6 }));

/** One to four text edits. */
export const textMutations: fc.Arbitrary<TextMutation[]> = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constantFrom("delete" as const, "duplicate" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("join" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("swap" as const), at: fc.nat(), with: fc.nat() }),
    fc.record({
      kind: fc.constantFrom("replace" as const, "insert" as const),
      at: fc.nat(),
      token,
    }),
    fc.record({
      kind: fc.constant("flip" as const),
      at: fc.nat(),
      char: fc.integer({ min: 0, max: 0xffff }),
    }),
    fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
  ),
  { minLength: 1, maxLength: 4 },
);

/** Applies text edits in order. */
export function mutateText(text: string, edits: readonly TextMutation[]): string {
  let t = text;
  for (const e of edits) {
    if (e.kind === "flip") {
      if (t.length === 0) continue;
      const at = e.at % t.length;
      t = t.slice(0, at) + String.fromCharCode(e.char) + t.slice(at + 1);
      continue;
    }
    if (e.kind === "truncate") {
      t = t.slice(0, e.at % (t.length + 1));
      continue;
    }
    // Even parts are tokens (possibly empty at the ends), odd parts separators.
    const parts = t.split(/(\s+)/);
    const tokens = parts.map((p, i) => (i % 2 === 0 && p !== "" ? i : -1)).filter((i) => i >= 0);
    if (tokens.length === 0) continue;
    const i = tokens[e.at % tokens.length]!;
    if (e.kind === "delete") parts[i] = "";
    else if (e.kind === "duplicate") parts[i] = `${parts[i]} ${parts[i]}`;
    else if (e.kind === "replace") parts[i] = e.token;
    else if (e.kind === "insert") parts[i] = `${parts[i]} ${e.token}`;
    else if (e.kind === "join") {
      if (i + 1 < parts.length) parts[i + 1] = "";
    } else if (e.kind === "swap") {
      const j = tokens[e.with % tokens.length]!;
      [parts[i], parts[j]] = [parts[j]!, parts[i]!];
    }
    t = parts.join("");
  }
  return t;
}

/** One edit of binary bytes. */
export type ByteMutation =
  | { readonly kind: "set"; readonly at: number; readonly value: number }
  | { readonly kind: "u32"; readonly field: number; readonly value: number }
  | { readonly kind: "truncate"; readonly at: number }
  | { readonly kind: "append"; readonly bytes: Uint8Array };

/** One to four byte edits; `u32` overwrites one of the first twelve 4-byte header fields. */
export const byteMutations: fc.Arbitrary<ByteMutation[]> = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant("set" as const),
      at: fc.nat(),
      value: fc.integer({ min: 0, max: 255 }),
    }),
    fc.record({
      kind: fc.constant("u32" as const),
      field: fc.integer({ min: 2, max: 11 }),
      value: fc.oneof(fc.constantFrom(0, 1, 2, 0xffffffff, 0x7fffffff, 1e6), fc.nat()),
    }),
    fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("append" as const), bytes: fc.uint8Array({ maxLength: 16 }) }),
  ),
  { minLength: 1, maxLength: 4 },
);

/** Applies byte edits to a copy of `input` (the magic, bytes 0–7, is kept unless cut). */
export function mutateBytes(input: Uint8Array, edits: readonly ByteMutation[]): Uint8Array {
  let bytes = Uint8Array.from(input);
  for (const e of edits) {
    if (e.kind === "set" && bytes.length > 8) bytes[8 + (e.at % (bytes.length - 8))] = e.value;
    else if (e.kind === "u32" && bytes.length >= 4 * e.field + 4)
      new DataView(bytes.buffer).setUint32(4 * e.field, e.value >>> 0, true);
    else if (e.kind === "truncate") bytes = bytes.slice(0, e.at % (bytes.length + 1));
    else if (e.kind === "append") bytes = Uint8Array.from([...bytes, ...e.bytes]);
  }
  return bytes;
}
