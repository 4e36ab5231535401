/**
 * Reading a `.frd` record by record: ASCII records are lines with fixed
 * columns (read from a one-byte-per-character decoding, so a text offset is
 * a byte offset), binary blocks are little-endian values between them.
 * Findings go to the sink; nothing throws.
 */
import { DiagnosticSink, type KindOf } from "../../core/diagnostics.js";
import { type MessageInput, msg } from "../../core/message.js";
import { FRD } from "./codes.js";

/** One ASCII record: its offset in the file and its text without the line break. */
export interface Line {
  readonly start: number;
  readonly text: string;
}

/** What the arrays of one read may still take, in bytes (1 GiB, as the VTK reader's). */
export const FRD_BUDGET_BYTES = 2 ** 30;

/** Fewest bytes an ASCII record of a block takes (key, a short number, a line break). */
export const MIN_ASCII_RECORD = 9;

const latin1 = new TextDecoder("latin1");

/** Warnings kept of one code (a file of a million unknown blocks reports the first ones). */
export const WARNINGS_PER_CODE = 20;

/** A sink that keeps the first {@link WARNINGS_PER_CODE} warnings of a code and knows whether an error came. */
class FrdSink extends DiagnosticSink<KindOf<typeof FRD>> {
  failed = false;
  private readonly counts = new Map<string, number>();

  override report(
    kind: KindOf<typeof FRD>,
    message: MessageInput,
    start: number,
    end?: number,
  ): void {
    if (kind.severity === "error") this.failed = true;
    else {
      const n = this.counts.get(kind.code) ?? 0;
      this.counts.set(kind.code, n + 1);
      if (n >= WARNINGS_PER_CODE) return;
    }
    super.report(kind, message, start, end);
  }
}

/** A position in a `.frd`'s bytes, with its findings and its memory budget. */
export class FrdCursor {
  readonly text: string;
  readonly view: DataView;
  readonly sink = new FrdSink();
  pos = 0;
  /** Whether a binary block was read (findings are then located by byte offset). */
  binary = false;
  /** Bytes the arrays may still take. */
  budget = FRD_BUDGET_BYTES;

  constructor(readonly bytes: Uint8Array) {
    this.text = latin1.decode(bytes);
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Bytes after the cursor. */
  get left(): number {
    return this.bytes.length - this.pos;
  }

  /** The next line (without its break), the cursor moved past it; undefined at the end. */
  line(): Line | undefined {
    if (this.pos >= this.bytes.length) return undefined;
    const start = this.pos;
    let end = this.text.indexOf("\n", start);
    if (end < 0) end = this.text.length;
    this.pos = end + 1;
    const stop = end > start && this.text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    return { start, text: this.text.slice(start, stop) };
  }

  /** The next line without moving the cursor. */
  peek(): Line | undefined {
    const at = this.pos;
    const l = this.line();
    this.pos = at;
    return l;
  }

  /** Whether `count` records of at least `size` bytes each fit in the bytes left; reports FRD013 if not. */
  fits(count: number, size: number, block: string, at: number): boolean {
    if (count * size <= this.left) return true;
    this.sink.report(
      FRD.budget,
      msg`${{ block }} block counts ${{ count }} records: more than the ${this.left} bytes left can hold`,
      at,
    );
    return false;
  }

  /** Takes `bytes` from the budget; reports FRD013 and returns false when they are not there. */
  take(bytes: number, block: string, count: number, at: number): boolean {
    if (bytes <= this.budget) {
      this.budget -= bytes;
      return true;
    }
    this.sink.report(
      FRD.budget,
      msg`${{ block }} block of ${{ count }} values would pass the 1 GiB budget of one read`,
      at,
    );
    return false;
  }

  /**
   * The number in columns `[from, to)` of `line` (to the end when `to` is
   * undefined); reports FRD002 and returns undefined when it is none.
   */
  number(line: Line, from: number, to: number | undefined, field: string): number | undefined {
    const raw = line.text.slice(from, to);
    const s = raw.trim();
    const v = s === "" ? Number.NaN : Number(s.replace(/[dD]/, "E"));
    if (Number.isFinite(v)) return v;
    const at = line.start + Math.min(from, line.text.length);
    const found = s === "" ? "nothing" : `'${s.slice(0, 24)}'`;
    this.sink.report(
      FRD.number,
      msg`${{ field }} in columns ${from + 1}–${to ?? line.text.length}: expected a number, found ${{ found }}`,
      at,
      at + raw.length,
    );
    return undefined;
  }

  /** An integer field (see {@link number}); a fraction is not one. */
  int(line: Line, from: number, to: number | undefined, field: string): number | undefined {
    const v = this.number(line, from, to, field);
    if (v === undefined || Number.isInteger(v)) return v;
    const at = line.start + from;
    this.sink.report(
      FRD.number,
      msg`${{ field }}: expected an integer, found ${{ found: String(v) }}`,
      at,
      at + (to ?? line.text.length) - from,
    );
    return undefined;
  }

  /** The record key (`-1`, `-2`, …) of `line`: its first three columns. */
  static key(line: Line): string {
    return line.text.slice(0, 3).trim();
  }

  /** Reports FRD017: `line` has another key than `expected`. */
  wrongKey(line: Line, expected: string): void {
    const found = FrdCursor.key(line) || "nothing";
    this.sink.report(
      FRD.recordKey,
      msg`record key ${{ found }} where ${{ expected }} was expected`,
      line.start,
      line.start + 3,
    );
  }

  /** Reports FRD003: the file ends (or a block stops) before `count` records of `block`. */
  short(block: string, count: number, at: number): void {
    this.sink.report(
      FRD.truncated,
      msg`${{ block }} block: the file ends before its ${{ count }} records and their end`,
      at,
    );
  }

  /** Skips a ` -3` record right after a binary block (CalculiX writes none there; others may). */
  skipEnd(): void {
    const l = this.peek();
    if (l && FrdCursor.key(l) === "-3" && l.text.trim() === "-3") this.line();
  }
}
