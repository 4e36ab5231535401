/**
 * The byte cursor of the legacy VTK reader (read-legacy.ts): tokens, counts,
 * data types, METADATA blocks and the data of a section, ASCII or big-endian
 * BINARY, each count checked against the bytes left in the file and the
 * read's budget before anything is allocated. A finding is reported and
 * reading stops ({@link Stop}, caught by the reader).
 */
import type { Reporter } from "../../core/diagnostics.js";
import type { MessageInput } from "../../core/message.js";
import { parseNumber } from "../../core/tokenizer.js";
import { VTK } from "./codes.js";
import { budgetWords, type MemoryBudget } from "./read-data.js";

/** Byte size and signedness of each legacy data type (`f`: IEEE float). */
export const TYPES: Record<string, readonly [size: number, kind: "i" | "u" | "f"]> = {
  unsigned_char: [1, "u"],
  char: [1, "i"],
  signed_char: [1, "i"],
  short: [2, "i"],
  unsigned_short: [2, "u"],
  int: [4, "i"],
  unsigned_int: [4, "u"],
  long: [8, "i"],
  unsigned_long: [8, "u"],
  vtktypeint64: [8, "i"],
  vtktypeuint64: [8, "u"],
  vtkidtype: [4, "i"],
  float: [4, "f"],
  double: [8, "f"],
};

/** Thrown inside the reader to stop at a finding already reported; caught in {@link readLegacyVtk}. */
export class Stop {}

/**
 * `bytes` as text, one character per byte (so text offsets are byte offsets):
 * the platform's windows-1252 decoder (the WHATWG "latin1"), which maps every
 * byte to one UTF-16 unit; short runs (tokens) directly.
 */
export function latin1(bytes: Uint8Array): string {
  if (bytes.length <= 256) return String.fromCharCode(...bytes);
  return BYTE_TEXT.decode(bytes);
}

const BYTE_TEXT = new TextDecoder("latin1");

/** A token of the file: its bytes `[start, end)`. */
export interface Token {
  readonly start: number;
  readonly end: number;
  /** Its text as written. */
  readonly s: string;
  /** Lower-cased, for keywords. */
  readonly k: string;
}

/** Reads tokens and section data of a legacy VTK file; see the module comment. */
export class LegacyCursor {
  pos = 0;
  binary = false;
  /** The file as text when ASCII (numbers are parsed from it, findings located in it). */
  text: string | undefined;
  /** Whether reading stopped at a finding. */
  stopped = false;

  constructor(
    readonly bytes: Uint8Array,
    readonly sink: Reporter,
    readonly budget: MemoryBudget,
  ) {}

  /** Reports a finding at `[start, end)` and stops reading. */
  fail(
    kind: (typeof VTK)[keyof typeof VTK],
    message: MessageInput,
    start: number,
    end = start + 1,
  ): never {
    this.sink.report(kind, message, start, Math.min(end, Math.max(start, this.bytes.length)));
    this.stopped = true;
    throw new Stop();
  }

  /** The next whitespace-separated token, or undefined at the end. */
  token(): Token | undefined {
    const b = this.bytes;
    let i = this.pos;
    while (i < b.length && b[i]! <= 0x20) i++;
    if (i >= b.length) {
      this.pos = i;
      return undefined;
    }
    const start = i;
    while (i < b.length && b[i]! > 0x20) i++;
    this.pos = i;
    const s = latin1(b.subarray(start, Math.min(i, start + 256)));
    return { start, end: i, s, k: s.toLowerCase() };
  }

  /** The next token on the current line only (undefined at the line's end). */
  tokenOnLine(): Token | undefined {
    const b = this.bytes;
    let i = this.pos;
    while (i < b.length && (b[i] === 0x20 || b[i] === 0x09)) i++;
    this.pos = i;
    if (i >= b.length || b[i] === 0x0a || b[i] === 0x0d) return undefined;
    return this.token();
  }

  /** The next token, which must be there (`what` names it in the finding). */
  need(what: string): Token {
    const t = this.token();
    if (!t) this.fail(VTK.legacySyntax, `the file ends where ${what} is expected`, this.end());
    return t;
  }

  /** A count (a non-negative integer token). */
  count(what: string): number {
    const t = this.need(what);
    const n = Number(t.s);
    if (!(Number.isSafeInteger(n) && n >= 0 && /^\+?\d+$/.test(t.s)))
      this.fail(VTK.legacySyntax, `${what} must be a count, not '${t.s}'`, t.start, t.end);
    return n;
  }

  /** A data type token, known to this reader. */
  type(what: string): Token {
    const t = this.need(`the data type of ${what}`);
    if (!(t.k in TYPES) && t.k !== "bit" && t.k !== "string" && t.k !== "utf8_string")
      this.fail(
        VTK.dataArray,
        `${what}: unknown data type '${t.s}' (bit, char … unsigned_long, vtktypeint64, vtkIdType, float, double, string expected)`,
        t.start,
        t.end,
      );
    return t;
  }

  /** The offset of the file's end (for findings there). */
  end(): number {
    return Math.max(0, this.bytes.length - 1);
  }

  /** Moves past the rest of the current line (binary data starts on the next). */
  nextLine(): void {
    const b = this.bytes;
    let i = this.pos;
    while (i < b.length && b[i] !== 0x0a) i++;
    this.pos = Math.min(b.length, i + 1);
  }

  /** A type token made up for arrays whose type the format fixes (CELL_TYPES: int). */
  fixedType(s: string): Token {
    return { start: this.pos, end: this.pos, s, k: s };
  }

  /** Skips a METADATA block: its lines up to the first blank one. */
  metadata(): void {
    const b = this.bytes;
    this.nextLine();
    while (this.pos < b.length) {
      const start = this.pos;
      this.nextLine();
      let blank = true;
      for (let i = start; i < this.pos && blank; i++) blank = b[i]! <= 0x20;
      if (blank) return;
    }
  }

  /** The next token without moving, read only if it is a short word (binary data may follow). */
  peekWord(): Token | undefined {
    const mark = this.pos;
    const t = this.token();
    this.pos = mark;
    return t && /^[A-Za-z_]+$/.test(t.s) ? t : undefined;
  }

  /**
   * `count` values of `type` (ASCII tokens or big-endian binary), as float64
   * when `keep`, else parsed past. Checked against the bytes left and the
   * budget before anything is allocated.
   */
  values(
    count: number,
    type: Token,
    what: string,
    at: number,
    keep: boolean,
  ): Float64Array | undefined {
    const b = this.bytes;
    const k = type.k;
    if (this.binary) {
      this.nextLine();
      if (k === "string" || k === "utf8_string") return void this.skipBinaryStrings(count, what);
      const size = k === "bit" ? 0 : TYPES[k]![0];
      const need = k === "bit" ? Math.ceil(count / 8) : count * size;
      const left = b.length - this.pos;
      if (need > left)
        this.fail(
          VTK.budget,
          `${what}: ${count} ${type.s} values need ${need} bytes, the file has ${left} left`,
          at,
        );
      if (keep && count * 8 > this.budget.remaining) this.overBudget(count, what, at);
      const start = this.pos;
      this.pos += need;
      if (!keep) return undefined;
      this.budget.remaining -= count * 8;
      const out = new Float64Array(count);
      if (k === "bit") {
        for (let i = 0; i < count; i++) out[i] = (b[start + (i >> 3)]! >> (7 - (i & 7))) & 1;
        return out;
      }
      const view = new DataView(b.buffer, b.byteOffset + start, need);
      const kind = TYPES[k]![1];
      if (kind === "f") {
        if (size === 4) for (let i = 0; i < count; i++) out[i] = view.getFloat32(4 * i);
        else for (let i = 0; i < count; i++) out[i] = view.getFloat64(8 * i);
      } else if (size === 1) {
        if (kind === "u") for (let i = 0; i < count; i++) out[i] = view.getUint8(i);
        else for (let i = 0; i < count; i++) out[i] = view.getInt8(i);
      } else if (size === 2) {
        if (kind === "u") for (let i = 0; i < count; i++) out[i] = view.getUint16(2 * i);
        else for (let i = 0; i < count; i++) out[i] = view.getInt16(2 * i);
      } else if (size === 4) {
        if (kind === "u") for (let i = 0; i < count; i++) out[i] = view.getUint32(4 * i);
        else for (let i = 0; i < count; i++) out[i] = view.getInt32(4 * i);
      } else {
        const low = (i: number) => view.getUint32(8 * i + 4);
        if (kind === "u")
          for (let i = 0; i < count; i++) out[i] = view.getUint32(8 * i) * 2 ** 32 + low(i);
        else for (let i = 0; i < count; i++) out[i] = view.getInt32(8 * i) * 2 ** 32 + low(i);
      }
      return out;
    }
    // ASCII: every value takes at least two bytes (a digit and a separator), the last one one.
    const left = b.length - this.pos;
    if (count > (left + 1) / 2)
      this.fail(
        VTK.budget,
        `${what}: ${count} values cannot fit in the ${left} bytes left in the file`,
        at,
      );
    if (keep && count * 8 > this.budget.remaining) this.overBudget(count, what, at);
    const out = keep ? new Float64Array(count) : undefined;
    if (keep) this.budget.remaining -= count * 8;
    const text = this.text!;
    let i = this.pos;
    for (let n = 0; n < count; n++) {
      while (i < b.length && b[i]! <= 0x20) i++;
      if (i >= b.length) {
        this.pos = i;
        this.fail(
          VTK.dataArray,
          `${what}: the file ends after ${n} of its ${count} values`,
          this.end(),
        );
      }
      const start = i;
      while (i < b.length && b[i]! > 0x20) i++;
      if (!out) continue;
      let v: number | undefined = parseNumber(text, start, i);
      if (Number.isNaN(v)) v = special(text.slice(start, Math.min(i, start + 16)));
      if (v === undefined) {
        this.pos = i;
        this.fail(
          VTK.dataArray,
          `${what}: '${text.slice(start, Math.min(i, start + 40))}' is not a number (value ${n + 1} of ${count})`,
          start,
          i,
        );
      }
      out[n] = v;
    }
    this.pos = i;
    return out;
  }

  /** Parses past `count` binary strings (each with VTK's 1-, 2-, 4- or 8-byte length prefix). */
  skipBinaryStrings(count: number, what: string): void {
    const b = this.bytes;
    for (let n = 0; n < count; n++) {
      const head = b[this.pos];
      if (head === undefined)
        this.fail(
          VTK.dataArray,
          `${what}: the file ends in string ${n + 1} of ${count}`,
          this.end(),
        );
      const form = head >> 6;
      let length = 0;
      let prefix = 1;
      if (form === 3) length = head & 0x3f;
      else {
        prefix = form === 2 ? 2 : form === 1 ? 4 : 8;
        length = head & 0x3f;
        for (let i = 1; i < prefix; i++) length = length * 256 + (b[this.pos + i] ?? 0);
      }
      if (this.pos + prefix + length > b.length)
        this.fail(
          VTK.budget,
          `${what}: string ${n + 1} of ${count} declares ${length} bytes, past the file's end`,
          this.pos,
        );
      this.pos += prefix + length;
    }
  }

  overBudget(count: number, what: string, at: number): never {
    this.fail(
      VTK.budget,
      `${what}: its ${count} values exceed what this read may still hold (budget of ${budgetWords(this.budget)} of values)`,
      at,
    );
  }
}

/** `nan`, `inf`, `-inf`, `infinity` as numbers (VTK writes them so); undefined for anything else. */
function special(s: string): number | undefined {
  const l = s.toLowerCase();
  if (l === "nan" || l === "-nan" || l === "+nan") return Number.NaN;
  if (l === "inf" || l === "+inf" || l === "infinity") return Number.POSITIVE_INFINITY;
  if (l === "-inf" || l === "-infinity") return Number.NEGATIVE_INFINITY;
  return undefined;
}

/** A name as VTK writes it: `%XX` escapes (`%20`: a space) decoded. */
export function decodeName(s: string): string {
  return s.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) =>
    String.fromCharCode(Number.parseInt(h, 16)),
  );
}
