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
  return new Parser(text).parse();
}

/** The reading state: the text, the offset, the containers still open and the root once placed. */
class Parser {
  private i = 0;
  private readonly n: number;
  private readonly stack: Open[] = [];
  private root: JsonNode | undefined;

  constructor(private readonly text: string) {
    this.n = text.length;
    // A UTF-8 byte order mark decoded into U+FEFF is skipped.
    if (text.charCodeAt(0) === 0xfeff) this.i = 1;
  }

  /** Reads values until the root is complete; then only white space may follow. */
  parse(): JsonNode {
    for (;;) {
      this.skip();
      // A value is due here.
      const c = this.text.charCodeAt(this.i);
      const node = c === 123 /* { */ || c === 91 /* [ */ ? this.open(c) : this.scalar(c);
      if (node === undefined) continue;
      if (this.place(node) || this.afterValue()) {
        this.skip();
        if (this.i < this.n) this.expect("end of file after the JSON value");
        return this.root!;
      }
    }
  }

  private skip(): void {
    while (this.i < this.n && isSpace(this.text.charCodeAt(this.i))) this.i++;
  }

  private expect(what: string): never {
    const { i, n } = this;
    throw new Fail(
      `expected ${what}, found ${describe(this.text, i)}`,
      Math.min(i, n),
      Math.min(i + 1, n),
    );
  }

  /** Places a finished value into its parent; returns true when the root is complete. */
  private place(node: JsonNode): boolean {
    const top = this.stack[this.stack.length - 1];
    if (!top) {
      this.root = node;
      return true;
    }
    if (top.kind === "array") top.items.push(node);
    else {
      top.members.push({ key: top.key!, keySpan: top.keySpan!, value: node });
      delete top.key;
      delete top.keySpan;
    }
    return false;
  }

  /** An object or array at `{` or `[`: the empty one read whole, else opened (undefined). */
  private open(c: number): JsonNode | undefined {
    if (this.stack.length >= MAX_JSON_DEPTH) {
      throw new Fail(`nesting deeper than ${MAX_JSON_DEPTH} levels`, this.i, this.i + 1);
    }
    const start = this.i++;
    this.skip();
    const close = c === 123 ? 125 : 93;
    if (this.text.charCodeAt(this.i) === close) {
      this.i++;
      return c === 123
        ? { kind: "object", span: [start, this.i], members: [] }
        : { kind: "array", span: [start, this.i], items: [] };
    }
    this.stack.push(
      c === 123 ? { kind: "object", start, members: [] } : { kind: "array", start, items: [] },
    );
    if (c === 123) this.readKey();
    return undefined;
  }

  /** A string, number, boolean or null starting with `c`. */
  private scalar(c: number): JsonNode {
    const { text } = this;
    const start = this.i;
    if (c === 34 /* " */) {
      const value = this.readString();
      return { kind: "string", span: [start, this.i], value };
    }
    if (c === 45 || (c >= 48 && c <= 57)) return this.readNumber();
    if (text.startsWith("true", start) || text.startsWith("false", start)) {
      const value = text.startsWith("true", start);
      this.i += value ? 4 : 5;
      return { kind: "boolean", span: [start, this.i], value };
    }
    if (text.startsWith("null", start)) {
      this.i += 4;
      return { kind: "null", span: [start, this.i] };
    }
    return this.expect("a value");
  }

  private readNumber(): JsonNode {
    const start = this.i;
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(start, start + 400));
    if (!m) return this.expect("a value");
    this.i += m[0].length;
    const value = Number(m[0]);
    if (!Number.isFinite(value)) {
      throw new Fail(`the number '${m[0]}' is out of range`, start, this.i);
    }
    return { kind: "number", span: [start, this.i], value };
  }

  /**
   * After a value: closes containers, or reads a comma (and the next key in
   * an object). Returns true when the root is complete, false when the next
   * value is due.
   */
  private afterValue(): boolean {
    for (;;) {
      this.skip();
      const top = this.stack[this.stack.length - 1]!;
      const d = this.text.charCodeAt(this.i);
      if (d === 44 /* , */) {
        this.i++;
        if (top.kind === "object") this.readKey();
        return false;
      }
      const close = top.kind === "object" ? 125 : 93;
      if (d !== close) this.expect(top.kind === "object" ? "',' or '}'" : "',' or ']'");
      this.i++;
      this.stack.pop();
      const span: Span = [top.start, this.i];
      const done = this.place(
        top.kind === "object"
          ? { kind: "object", span, members: top.members }
          : { kind: "array", span, items: top.items },
      );
      if (done) return true;
    }
  }

  private readKey(): void {
    this.skip();
    if (this.text.charCodeAt(this.i) !== 34) this.expect("a member name in double quotes");
    const start = this.i;
    const key = this.readString();
    const top = this.stack[this.stack.length - 1] as Open & { kind: "object" };
    top.key = key;
    top.keySpan = [start, this.i];
    this.skip();
    if (this.text.charCodeAt(this.i) !== 58 /* : */) this.expect("':' after the member name");
    this.i++;
  }

  private readString(): string {
    const { text, n } = this;
    const start = this.i++;
    let out = "";
    let from = this.i;
    for (;;) {
      const i = this.i;
      if (i >= n) throw new Fail("unterminated string", start, n);
      const c = text.charCodeAt(i);
      if (c === 34) {
        out += text.slice(from, i);
        this.i++;
        return out;
      }
      if (c < 32) throw new Fail(`unescaped ${describe(text, i)} in a string`, i, i + 1);
      if (c !== 92) {
        this.i++;
        continue;
      }
      out += text.slice(from, i);
      const e = text.charCodeAt(i + 1);
      const simple = ESCAPES[e];
      if (simple !== undefined) {
        out += simple;
        this.i += 2;
      } else if (e === 117 /* u */ && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
        out += String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 6), 16));
        this.i += 6;
      } else throw new Fail("invalid escape in a string", i, Math.min(i + 2, n));
      from = this.i;
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
