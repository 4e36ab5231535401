/**
 * The whitespace tokenizer of `tokenizer.ts` over UTF-8 bytes, with no
 * decoding to a string: a text larger than V8's longest string reads, and
 * numbers go from bytes to doubles (and float32) in one pass. Offsets are
 * bytes; tokens and separators are those of {@link TokenCursor} (a UTF-8 BOM
 * at the start is skipped, as decoding drops it).
 */
import { NumberForm, numberFormAt, POW10, type TokenSource } from "./tokenizer.js";

/** Largest integer a double holds exactly, and every integer below it. */
const EXACT = 2 ** 53;

/** Where {@link ByteTokenCursor.nextNumber} reads its one number. */
const scratch = new Float64Array(1);

const decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/** Whether a byte is a token separator (space, tab, LF, VT, FF, CR). */
function isSeparator(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** A forward cursor over the tokens of UTF-8 bytes; see {@link TokenSource}. */
export class ByteTokenCursor implements TokenSource {
  start = 0;
  end = 0;
  /** Where scanning resumes. */
  private pos: number;
  readonly length: number;
  /** `bytes[i]` as a function, for {@link numberFormAt}. */
  private readonly at = (i: number): number => this.bytes[i] ?? 0;
  /** The bytes as 32-bit words at any offset (four digits at a time). */
  private readonly view: DataView;
  /** Just past the last separator: a token starting before it ends at a separator inside the bytes. */
  private readonly bounded: number;
  /** Where the last `exponent` ended. */
  private expEnd = 0;

  /** Tokens from byte `from` on (0: the start, after a BOM if there is one). */
  constructor(
    readonly bytes: Uint8Array,
    from = 0,
  ) {
    this.length = bytes.length;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    let bounded = bytes.length;
    while (bounded > 0 && !isSeparator(bytes[bounded - 1]!)) bounded--;
    this.bounded = bounded;
    const bom = from === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    this.pos = bom ? 3 : Math.max(0, Math.min(from, bytes.length));
    this.start = this.end = this.pos;
  }

  next(): boolean {
    const b = this.bytes;
    const n = this.length;
    let i = this.pos;
    while (i < n && isSeparator(b[i]!)) i++;
    if (i >= n) {
      this.start = this.end = this.pos = n;
      return false;
    }
    const s = i;
    while (i < n && !isSeparator(b[i]!)) i++;
    this.start = s;
    this.end = i;
    this.pos = i;
    return true;
  }

  mark(): number {
    return this.pos;
  }

  restore(mark: number): void {
    this.pos = mark;
    this.start = this.end = mark;
  }

  atEnd(): boolean {
    const b = this.bytes;
    for (let i = this.pos; i < this.length; i++) if (!isSeparator(b[i]!)) return false;
    return true;
  }

  token(): string {
    return decoder.decode(this.bytes.subarray(this.start, this.end));
  }

  is(word: string): boolean {
    const b = this.bytes;
    const len = this.end - this.start;
    let ascii = true;
    for (let k = 0; k < word.length && ascii; k++) ascii = word.charCodeAt(k) < 0x80;
    if (!ascii) return this.token() === word;
    if (len !== word.length) return false;
    for (let k = 0; k < len; k++) if (b[this.start + k] !== word.charCodeAt(k)) return false;
    return true;
  }

  form(): NumberForm {
    return this.digits() >= 0 ? NumberForm.Integer : numberFormAt(this.at, this.start, this.end);
  }

  number(): number {
    const d = this.digits();
    if (d >= 0) return d;
    const { start, end, pos } = this;
    this.pos = start;
    const v = this.nextNumber();
    this.start = start;
    this.end = end;
    this.pos = pos;
    return v;
  }

  nextNumber(): number {
    this.fill(scratch, 0, 1);
    return scratch[0]!;
  }

  /** The current token's value when it is 1 to 15 decimal digits (node indices, counts), else -1. */
  private digits(): number {
    const b = this.bytes;
    const e = this.end;
    if (e - this.start > 15 || e === this.start) return -1;
    let v = 0;
    for (let i = this.start; i < e; i++) {
      const d = b[i]! - 48;
      if (d < 0 || d > 9) return -1;
      v = v * 10 + d;
    }
    return v;
  }

  /**
   * An exponent's sign and digits from `i` (just after the `e`) in the fast
   * path: its value (its magnitude held at 100 000 and more, out of the fast
   * range anyway), or NaN when it has no digit; `expEnd` is where it ends.
   */
  private exponent(i: number): number {
    const b = this.bytes;
    const c = b[i]!;
    const negative = c === 45;
    if (negative || c === 43) i++;
    const first = i;
    let exp = 0;
    for (; ; i++) {
      const d = b[i]! - 48;
      if (d >>> 0 > 9) break;
      if (exp < 100000) exp = exp * 10 + d;
    }
    this.expEnd = i;
    if (i === first) return Number.NaN;
    return negative ? -exp : exp;
  }

  /** Value of `bytes[s, e)` when it has a number's form (read by `Number`), else NaN. */
  private general(s: number, e: number): number {
    if (numberFormAt(this.at, s, e) === NumberForm.None) return Number.NaN;
    let text = "";
    for (let k = s; k < e; k++) text += String.fromCharCode(this.bytes[k]!);
    return Number(text);
  }

  /**
   * Reads each token's digits, point and exponent straight from the bytes
   * (the hot loop: positions live in locals until the run ends). An integer
   * mantissa below 2⁵³ times or over an exact power of ten (|exponent| ≤ 22)
   * is one correctly rounded operation; anything else is checked for a
   * number's form and read by `Number` (also correctly rounded). A
   * Float32Array then rounds that double once more, as `Math.fround` does.
   *
   * A token that ends before the last separator of the bytes is read without
   * a bound check per byte (that separator stops every digit loop), and its
   * fraction up to four digits at a time (one 32-bit load; the value is the
   * same: the mantissa is the same integer); a token running to the end of
   * the bytes takes the `Number` path (decision 381).
   */
  fill(out: Float32Array | Float64Array | number[], from: number, to: number): number {
    if (from >= to) return to;
    const b = this.bytes;
    const n = this.length;
    const view = this.view;
    const last4 = n - 4;
    const bounded = this.bounded;
    let i = this.pos;
    let s = i;
    let k = from;
    for (; k < to; k++) {
      let c = 32;
      while (i < n) {
        c = b[i]!;
        if (c !== 32 && (c < 9 || c > 13)) break;
        i++;
      }
      if (i >= n) {
        s = i = n;
        out[k] = Number.NaN;
        break;
      }
      s = i;
      let fast = i < bounded;
      let negative = false;
      let mantissa = 0;
      let scale = 0;
      if (fast) {
        if (c === 45 || c === 43) {
          negative = c === 45;
          i++;
        }
        const first = i;
        for (; ; i++) {
          const d = b[i]! - 48;
          if (d >>> 0 > 9) break;
          mantissa = mantissa * 10 + d;
        }
        let digits = i - first;
        c = b[i]!;
        if (c === 46) {
          const point = ++i;
          while (i <= last4) {
            const x = view.getUint32(i, true);
            // Per byte (the first in the low byte): 0 for an ASCII digit.
            const other = ((x & 0xf0f0f0f0) | (((x + 0x06060606) & 0xf0f0f0f0) >>> 4)) ^ 0x33333333;
            if (other === 0) {
              // Four digits: pairs, then the four.
              const v = x - 0x30303030;
              const pairs = (Math.imul(v, 10) + (v >>> 8)) & 0x00ff00ff;
              mantissa = mantissa * 10000 + (Math.imul(pairs & 0xff, 100) + (pairs >>> 16));
              i += 4;
              continue;
            }
            // The digits before the first other byte, moved to the high bytes (the low ones 0).
            const count = (31 - Math.clz32(other & -other)) >>> 3;
            if (count > 0) {
              const v = (x - 0x30303030) << ((4 - count) << 3);
              const pairs = (Math.imul(v, 10) + (v >>> 8)) & 0x00ff00ff;
              mantissa = mantissa * POW10[count]! + (Math.imul(pairs & 0xff, 100) + (pairs >>> 16));
              i += count;
            }
            break;
          }
          for (; ; i++) {
            const d = b[i]! - 48;
            if (d >>> 0 > 9) break;
            mantissa = mantissa * 10 + d;
          }
          digits += i - point;
          scale = point - i;
          c = b[i]!;
        }
        fast = digits > 0;
        if (fast && (c === 101 || c === 69)) {
          const exp = this.exponent(i + 1);
          i = this.expEnd;
          fast = !Number.isNaN(exp);
          scale += exp;
          c = b[i]!;
        }
        if (fast) fast = c === 32 || (c >= 9 && c <= 13);
      }
      if (!fast || mantissa >= EXACT || scale > 22 || scale < -22) {
        while (i < n && !isSeparator(b[i]!)) i++;
        out[k] = this.general(s, i);
        // Only this path can give a value that is no finite number (of the array's precision).
        const stored = out[k]!;
        if (stored - stored !== 0) break;
      } else {
        // Below 2⁵³ · 10²², so finite even as a float32.
        const v =
          scale === 0 ? mantissa : scale > 0 ? mantissa * POW10[scale]! : mantissa / POW10[-scale]!;
        out[k] = negative ? -v : v;
      }
    }
    this.start = s;
    this.end = this.pos = i;
    return k;
  }

  endsWithLineBreak(): boolean {
    const last = this.bytes[this.length - 1];
    return last === 10 || last === 13;
  }
}
