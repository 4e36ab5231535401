/**
 * The byte tokenizer of `byte-tokenizer.ts` over a file read a window at a
 * time, so a large text is parsed without holding it: each window is read
 * into one reused buffer and ends just after a separator (or at the end of
 * the file), so no token is ever split between two windows. Offsets are the
 * file's bytes, as for a {@link ByteTokenCursor} over the whole file, and so
 * are the tokens, numbers and findings of a reader over it.
 */
import { ByteTokenCursor } from "./byte-tokenizer.js";
import type { NumberForm, TokenSource } from "./tokenizer.js";

/**
 * Reads up to `count` bytes of the file at `position` into `into[offset…]`;
 * returns how many it read (0 at the end of the file).
 */
export type ChunkRead = (
  into: Uint8Array,
  offset: number,
  count: number,
  position: number,
) => number;

/** Bytes of a window unless a token needs more. */
export const CHUNK_BYTES = 2 ** 20;

/** Whether a byte separates tokens (space, tab, LF, VT, FF, CR). */
function isSeparator(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** A {@link TokenSource} over a file of `length` bytes read window by window through `read`. */
export class ChunkTokenCursor implements TokenSource {
  /** The current window's cursor (offsets in the window). */
  window: ByteTokenCursor;
  /** File offset of the window's first byte. */
  base = 0;
  /** True when the file ended before `length` bytes (it shrank while read). */
  short = false;
  /** Windows read so far. */
  windows = 0;
  private buffer: Uint8Array;
  private readonly scratch = new Float64Array(1);
  private lastByte = -1;

  /**
   * Over `length` bytes read by `read`, into `buffer` (reused; replaced by a
   * larger one when a token does not fit it).
   */
  constructor(
    readonly length: number,
    private readonly read: ChunkRead,
    buffer: Uint8Array = new Uint8Array(CHUNK_BYTES),
  ) {
    this.buffer = buffer.length > 0 ? buffer : new Uint8Array(CHUNK_BYTES);
    this.window = this.load(0, 0);
  }

  /** The buffer windows are read into (for the next file). */
  get chunkBuffer(): Uint8Array {
    return this.buffer;
  }

  get start(): number {
    return this.base + this.window.start;
  }

  get end(): number {
    return this.base + this.window.end;
  }

  /** File offset just past the current window. */
  private get windowEnd(): number {
    return this.base + this.window.length;
  }

  /**
   * Reads the window of bytes from `base` on, scanning from `base + from`
   * (`from` 0 only at the file's start, where a BOM is skipped; elsewhere the
   * byte before is included so nothing is taken for one).
   */
  private load(base: number, from: number): ByteTokenCursor {
    this.windows++;
    for (;;) {
      const b = this.buffer;
      const want = Math.min(b.length, this.length - base);
      let got = 0;
      while (got < want) {
        const n = this.read(b, got, want - got, base + got);
        if (n <= 0) break;
        got += n;
      }
      const last = base + got >= this.length || got < want;
      if (got < want) this.short = true;
      if (last) {
        this.base = base;
        if (got > 0) this.lastByte = b[got - 1]!;
        return new ByteTokenCursor(b.subarray(0, got), from);
      }
      let j = got - 1;
      while (j >= from && !isSeparator(b[j]!)) j--;
      if (j >= from) {
        this.base = base;
        return new ByteTokenCursor(b.subarray(0, j + 1), from);
      }
      // One token longer than the buffer: a larger one.
      this.buffer = new Uint8Array(2 * b.length);
    }
  }

  /** Moves to the window after this one; false at the end of the file. */
  private advance(): boolean {
    const at = this.windowEnd;
    if (at >= this.length || this.short) return false;
    this.window = this.load(at - 1, 1);
    return true;
  }

  next(): boolean {
    for (;;) {
      if (this.window.next()) return true;
      if (!this.advance()) return false;
    }
  }

  mark(): number {
    return this.base + this.window.mark();
  }

  restore(mark: number): void {
    const inWindow = mark >= this.base + (this.base > 0 ? 1 : 0) && mark <= this.windowEnd;
    if (inWindow) this.window.restore(mark - this.base);
    else if (mark <= 0) this.window = this.load(0, 0);
    else {
      this.window = this.load(mark - 1, 1);
      this.window.restore(1);
    }
  }

  atEnd(): boolean {
    const mark = this.mark();
    const more = this.next();
    this.restore(mark);
    return !more;
  }

  token(): string {
    return this.window.token();
  }

  is(word: string): boolean {
    return this.window.is(word);
  }

  form(): NumberForm {
    return this.window.form();
  }

  number(): number {
    return this.window.number();
  }

  nextNumber(): number {
    this.fill(this.scratch, 0, 1);
    return this.scratch[0]!;
  }

  fill(out: Float32Array | Float64Array | number[], from: number, to: number): number {
    let k = from;
    for (;;) {
      k = this.window.fill(out, k, to);
      if (k >= to) return k;
      // Stopped before the window's end: a value that is no finite real.
      if (this.window.start < this.window.length) return k;
      if (!this.advance()) return k;
    }
  }

  endsWithLineBreak(): boolean {
    if (this.lastByte < 0 && this.length > 0 && !this.short) {
      const one = new Uint8Array(1);
      if (this.read(one, 0, 1, this.length - 1) === 1) this.lastByte = one[0]!;
    }
    return this.lastByte === 10 || this.lastByte === 13;
  }
}
