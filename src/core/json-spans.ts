/**
 * A JSON reader that keeps where every value stands: each node carries its
 * `[start, end)` offsets (UTF-16 code units), each object member its key's
 * span, so a format stored as JSON can report located diagnostics. It never
 * throws and never recurses (an explicit stack, so a deeply nested file
 * cannot overflow the call stack); a syntax error ends the read with one
 * located error. Duplicate keys are kept in order (the format decides).
 */
import type { Span } from "./diagnostics.js";

/** One member of a JSON object: its key, the key's span, its value. */
export interface JsonMember {
  readonly key: string;
  readonly keySpan: Span;
  readonly value: JsonNode;
}

/** A JSON value with its source span. */
export type JsonNode =
  | { readonly kind: "object"; readonly span: Span; readonly members: JsonMember[] }
  | { readonly kind: "array"; readonly span: Span; readonly items: JsonNode[] }
  | { readonly kind: "string"; readonly span: Span; readonly value: string }
  | { readonly kind: "number"; readonly span: Span; readonly value: number }
  | { readonly kind: "boolean"; readonly span: Span; readonly value: boolean }
  | { readonly kind: "null"; readonly span: Span };

/** The kind of a JSON node (`object`, `array`, `string`, …). */
export type JsonKind = JsonNode["kind"];

/** How each JSON kind is named in messages ("expected …, found an array"). */
export const JSON_KIND_WORDS: Readonly<Record<JsonKind, string>> = {
  object: "an object",
  array: "an array",
  string: "a string",
  number: "a number",
  boolean: "a boolean",
  null: "null",
};

/** Result of {@link readJsonSpans}: the root (undefined on a syntax error) or the error. */
export interface JsonSpansResult {
  readonly root: JsonNode | undefined;
  readonly error?: { readonly message: string; readonly start: number; readonly end: number };
}

/** Most nesting levels accepted (deeper input is refused with a located error). */
export const MAX_JSON_DEPTH = 256;

type Open =
  | { kind: "object"; start: number; members: JsonMember[]; key?: string; keySpan?: Span }
  | { kind: "array"; start: number; items: JsonNode[] };

class Fail {
  constructor(
    readonly message: string,
    readonly start: number,
    readonly end: number,
  ) {}
}

/** Reads `text` as one JSON value with spans; see the module comment. */
export function readJsonSpans(text: string): JsonSpansResult {
  try {
    return { root: parse(text) };
  } catch (e) {
    if (e instanceof Fail) return { root: undefined, error: { ...e } };
    throw e;
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function describe(text: string, i: number): string {
  if (i >= text.length) return "end of file";
  const c = text.charCodeAt(i);
  return c < 32 || c === 127 ? `character U+${c.toString(16).padStart(4, "0")}` : `'${text[i]}'`;
}

function parse(text: string): JsonNode {
  const n = text.length;
  let i = 0;
  // A UTF-8 byte order mark decoded into U+FEFF is skipped.
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  const stack: Open[] = [];
  const skip = () => {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
  };
  const expect = (what: string): never => {
    throw new Fail(
      `expected ${what}, found ${describe(text, i)}`,
      Math.min(i, n),
      Math.min(i + 1, n),
    );
  };
  let root: JsonNode | undefined;
  /** Places a finished value into its parent; returns true when the root is complete. */
  const place = (node: JsonNode): boolean => {
    const top = stack[stack.length - 1];
    if (!top) {
      root = node;
      return true;
    }
    if (top.kind === "array") top.items.push(node);
    else {
      top.members.push({ key: top.key!, keySpan: top.keySpan!, value: node });
      delete top.key;
      delete top.keySpan;
    }
    return false;
  };
  for (;;) {
    skip();
    // A value is due here.
    const c = text.charCodeAt(i);
    let done = false;
    if (c === 123 /* { */ || c === 91 /* [ */) {
      if (stack.length >= MAX_JSON_DEPTH) {
        throw new Fail(`nesting deeper than ${MAX_JSON_DEPTH} levels`, i, i + 1);
      }
      const start = i++;
      skip();
      const close = c === 123 ? 125 : 93;
      if (text.charCodeAt(i) === close) {
        i++;
        done = place(
          c === 123
            ? { kind: "object", span: [start, i], members: [] }
            : { kind: "array", span: [start, i], items: [] },
        );
      } else {
        stack.push(
          c === 123 ? { kind: "object", start, members: [] } : { kind: "array", start, items: [] },
        );
        if (c === 123) readKey();
        continue;
      }
    } else if (c === 34 /* " */) {
      const start = i;
      const value = readString();
      done = place({ kind: "string", span: [start, i], value });
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      const start = i;
      const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      if (!m) expect("a value");
      i += m![0].length;
      const value = Number(m![0]);
      if (!Number.isFinite(value)) {
        throw new Fail(`the number '${m![0]}' is out of range`, start, i);
      }
      done = place({ kind: "number", span: [start, i], value });
    } else if (text.startsWith("true", i) || text.startsWith("false", i)) {
      const value = text.startsWith("true", i);
      const start = i;
      i += value ? 4 : 5;
      done = place({ kind: "boolean", span: [start, i], value });
    } else if (text.startsWith("null", i)) {
      const start = i;
      i += 4;
      done = place({ kind: "null", span: [start, i] });
    } else expect("a value");
    // After a value: close containers, or a comma and the next value.
    while (!done) {
      skip();
      const top = stack[stack.length - 1]!;
      const d = text.charCodeAt(i);
      if (d === 44 /* , */) {
        i++;
        if (top.kind === "object") readKey();
        break;
      }
      const close = top.kind === "object" ? 125 : 93;
      if (d !== close) expect(top.kind === "object" ? "',' or '}'" : "',' or ']'");
      i++;
      stack.pop();
      const span: Span = [top.start, i];
      done = place(
        top.kind === "object"
          ? { kind: "object", span, members: top.members }
          : { kind: "array", span, items: top.items },
      );
    }
    if (done) {
      skip();
      if (i < n) expect("end of file after the JSON value");
      return root!;
    }
  }

  function readKey(): void {
    skip();
    if (text.charCodeAt(i) !== 34) expect("a member name in double quotes");
    const start = i;
    const key = readString();
    const top = stack[stack.length - 1] as Open & { kind: "object" };
    top.key = key;
    top.keySpan = [start, i];
    skip();
    if (text.charCodeAt(i) !== 58 /* : */) expect("':' after the member name");
    i++;
  }

  function readString(): string {
    const start = i++;
    let out = "";
    let from = i;
    for (;;) {
      if (i >= n) throw new Fail("unterminated string", start, n);
      const c = text.charCodeAt(i);
      if (c === 34) {
        out += text.slice(from, i);
        i++;
        return out;
      }
      if (c < 32) throw new Fail(`unescaped ${describe(text, i)} in a string`, i, i + 1);
      if (c !== 92) {
        i++;
        continue;
      }
      out += text.slice(from, i);
      const e = text.charCodeAt(i + 1);
      const simple = ESCAPES[e];
      if (simple !== undefined) {
        out += simple;
        i += 2;
      } else if (e === 117 /* u */ && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        out += String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
      } else throw new Fail("invalid escape in a string", i, Math.min(i + 2, n));
      from = i;
    }
  }
}

const ESCAPES: Readonly<Record<number, string>> = {
  34: '"',
  92: "\\",
  47: "/",
  98: "\b",
  102: "\f",
  110: "\n",
  114: "\r",
  116: "\t",
};
