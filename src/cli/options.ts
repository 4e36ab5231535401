/**
 * Option declarations and their values: the kinds a command line option can
 * have, the TypeScript type of each kind's value, and the parsing of one value.
 */

/** What every option declaration has: its help line, an optional one-letter alias and value placeholder. */
interface OptionBase {
  /** One line for `--help`. */
  readonly help: string;
  /** One-letter alias, e.g. `o` for `-o`. */
  readonly short?: string;
  /** Placeholder shown in help and errors, e.g. `OUT.glb`. */
  readonly value?: string;
}

/** A flag: present or not. */
export interface BooleanOption extends OptionBase {
  readonly type: "boolean";
}

/** Free text; `multiple` collects every occurrence in order. */
export interface StringOption extends OptionBase {
  readonly type: "string";
  readonly multiple?: boolean;
}

/** A file or folder path; `-` stands for standard input where the command reads the file. */
export interface PathOption extends OptionBase {
  readonly type: "path";
  readonly multiple?: boolean;
}

/** A finite number, optionally an integer, within bounds. */
export interface NumberOption extends OptionBase {
  readonly type: "number" | "integer";
  /** Smallest allowed value (inclusive). */
  readonly min?: number;
  /** Largest allowed value (inclusive). */
  readonly max?: number;
  /** Values must be greater than 0. */
  readonly positive?: boolean;
}

/** One of a fixed list of words. */
export interface EnumOption extends OptionBase {
  readonly type: "enum";
  readonly choices: readonly string[];
}

/** Any option declaration. */
export type OptionDecl = BooleanOption | StringOption | PathOption | NumberOption | EnumOption;

/** A command's options by long name (without `--`). */
export type OptionSpecs = Readonly<Record<string, OptionDecl>>;

/** The value of one occurrence of option `O`. */
export type OptionValue<O> = O extends { readonly type: "boolean" }
  ? boolean
  : O extends { readonly type: "enum"; readonly choices: readonly (infer C)[] }
    ? C
    : O extends { readonly type: "number" | "integer" }
      ? number
      : string;

/**
 * The parsed values of options `S`: booleans are `true`/`false`, repeatable
 * options arrays (empty when absent), the others a value or `undefined`.
 */
export type OptionValues<S extends OptionSpecs> = {
  readonly [K in keyof S]: S[K] extends { readonly type: "boolean" }
    ? boolean
    : S[K] extends { readonly multiple: true }
      ? readonly OptionValue<S[K]>[]
      : OptionValue<S[K]> | undefined;
};

/** Placeholder of an option's value in help and errors. */
export function placeholder(o: OptionDecl): string {
  if (o.value !== undefined) return o.value;
  switch (o.type) {
    case "enum":
      return o.choices.join("|");
    case "integer":
    case "number":
      return "N";
    case "path":
      return "PATH";
    default:
      return "VALUE";
  }
}

/** What a value of `o` must be, e.g. "an integer ≥ 1" (used in errors). */
export function expectation(o: OptionDecl): string {
  switch (o.type) {
    case "enum":
      return `one of ${o.choices.join(", ")}`;
    case "path":
      return "a path";
    case "integer":
    case "number": {
      const what = o.type === "integer" ? "an integer" : "a finite number";
      const bounds: string[] = [];
      if (o.positive) bounds.push("> 0");
      if (o.min !== undefined) bounds.push(`≥ ${o.min}`);
      if (o.max !== undefined) bounds.push(`≤ ${o.max}`);
      return bounds.length > 0 ? `${what} ${bounds.join(" and ")}` : what;
    }
    default:
      return "a value";
  }
}

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Whether `token` reads as a number (so `--fps -5` takes `-5` as the value, not as an option). */
export function looksNumeric(token: string): boolean {
  return DECIMAL.test(token);
}

/** The value of `text` for option `o`, or the reason it is not one. */
export function parseValue(
  o: OptionDecl,
  text: string,
): { ok: true; value: string | number } | { ok: false } {
  switch (o.type) {
    case "boolean":
      return { ok: false };
    case "string":
      return { ok: true, value: text };
    case "path":
      return text === "" ? { ok: false } : { ok: true, value: text };
    case "enum":
      return o.choices.includes(text) ? { ok: true, value: text } : { ok: false };
    case "integer":
    case "number": {
      if (!(o.type === "integer" ? INTEGER : DECIMAL).test(text.trim())) return { ok: false };
      const n = Number(text);
      if (!Number.isFinite(n)) return { ok: false };
      if (o.type === "integer" && !Number.isSafeInteger(n)) return { ok: false };
      if (o.positive && !(n > 0)) return { ok: false };
      if (o.min !== undefined && n < o.min) return { ok: false };
      if (o.max !== undefined && n > o.max) return { ok: false };
      return { ok: true, value: n };
    }
  }
}

/** Levenshtein distance between `a` and `b` (for "did you mean"). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min(row[j - 1]! + 1, prev[j]! + 1, prev[j - 1]! + cost));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/** The candidate nearest to `word` when it is near enough to be a likely typo, else undefined. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  const prefixed = candidates.filter((c) => c.startsWith(word) && word.replace(/^-+/, "") !== "");
  if (prefixed.length > 0) return prefixed.reduce((a, b) => (b.length < a.length ? b : a));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = editDistance(word, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  const limit = Math.max(1, Math.floor(word.length / 3));
  if (best !== undefined && bestDistance <= limit) return best;
  return undefined;
}

/**
 * `--allow-outside`, one definition for every command that reads files its
 * inputs name (companions, a project's own files; decisions 253 and 298).
 */
export const ALLOW_OUTSIDE_OPTION = {
  type: "boolean",
  help: "read the files an input names (companions, a project's files) outside its folder too",
} as const satisfies BooleanOption;
