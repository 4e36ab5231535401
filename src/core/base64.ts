/** Base64 (RFC 4648, with padding) over bytes, isomorphic and without per-character strings. */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const ENCODE = new Uint8Array(64);
const DECODE = new Int16Array(256).fill(-1);
for (let i = 0; i < 64; i++) {
  ENCODE[i] = ALPHABET.charCodeAt(i);
  DECODE[ALPHABET.charCodeAt(i)] = i;
}
/** {@link DECODE} over every UTF-16 code unit (−1: not base64), for the fast path's unchecked lookups. */
const DECODE16 = new Int8Array(65536).fill(-1);
for (let i = 0; i < 64; i++) DECODE16[ALPHABET.charCodeAt(i)] = i;
const ascii = new TextDecoder("latin1");

/** Base64 text of `bytes`, padded with `=` to a multiple of 4 characters. */
export function encodeBase64(bytes: Uint8Array): string {
  const n = bytes.length;
  const out = new Uint8Array(Math.ceil(n / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = ENCODE[v >> 18]!;
    out[o++] = ENCODE[(v >> 12) & 63]!;
    out[o++] = ENCODE[(v >> 6) & 63]!;
    out[o++] = ENCODE[v & 63]!;
  }
  if (i < n) {
    const two = i + 1 < n;
    const v = (bytes[i]! << 16) | (two ? bytes[i + 1]! << 8 : 0);
    out[o++] = ENCODE[v >> 18]!;
    out[o++] = ENCODE[(v >> 12) & 63]!;
    out[o++] = two ? ENCODE[(v >> 6) & 63]! : 61;
    out[o++] = 61;
  }
  return ascii.decode(out);
}

/** Characters (string) or ASCII bytes holding base64 text. */
export type Base64Source = string | Uint8Array;

/** A cursor decoding base64 from `src`, skipping whitespace; `bad` is set on a foreign character. */
export class Base64Reader {
  /** Offset of the next character to read. */
  pos: number;
  /** Offset of the first character that is not base64, or −1. */
  bad = -1;

  constructor(
    readonly src: Base64Source,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }

  private code(i: number): number {
    const s = this.src;
    return typeof s === "string" ? s.charCodeAt(i) : s[i]!;
  }

  /** Bytes decoded from the last group and not yet taken (at most 2), from `carry[3 - left]`. */
  private carry = new Uint8Array(3);
  private left = 0;

  /** Whether bytes of a decoded group are waiting (a stream in progress, not at a group's edge). */
  get pending(): boolean {
    return this.left > 0;
  }

  /** Moves the cursor to `pos`, dropping bytes waiting from the last group. */
  seek(pos: number): void {
    this.pos = pos;
    this.left = 0;
  }

  /**
   * Decodes the next `count` bytes into `out` at `offset`, as one continuous
   * stream: bytes left over from a group are taken first, and a group padded
   * with `=` gives its 1 or 2 bytes and decoding goes on after it (so a size
   * header encoded on its own, as VTK does before compressed data, or together
   * with its data, as VTK and OpenFOAM do for raw data, both read). False when
   * characters run out or are not base64.
   */
  take(count: number, out: Uint8Array, offset = 0): boolean {
    let o = offset;
    const stop = offset + count;
    while (this.left > 0 && o < stop) out[o++] = this.carry[3 - this.left--]!;
    let acc = 0;
    let have = 0;
    let pad = 0;
    while (o < stop) {
      if (have === 0) {
        o = this.groups(out, o, stop);
        if (o >= stop) break;
      }
      if (this.pos >= this.end) return false;
      const c = this.code(this.pos++);
      if (c === 32 || c === 10 || c === 13 || c === 9) continue;
      if (c === 61) {
        if (have < 2) {
          this.bad = this.pos - 1;
          return false;
        }
        pad++;
        acc <<= 6;
      } else {
        const d = c < 256 ? DECODE[c]! : -1;
        if (d < 0 || pad > 0) {
          this.bad = this.pos - 1;
          return false;
        }
        acc = (acc << 6) | d;
      }
      if (++have === 4) {
        const n = 3 - pad;
        this.carry[0] = (acc >> 16) & 255;
        this.carry[1] = (acc >> 8) & 255;
        this.carry[2] = acc & 255;
        for (let k = 0; k < n; k++) {
          if (o < stop) out[o++] = this.carry[k]!;
          else {
            // Keep the rest for the next take: carry[3 - left] is the next byte.
            this.carry.copyWithin(3 - (n - k), k, n);
            this.left = n - k;
            break;
          }
        }
        acc = 0;
        have = 0;
        pad = 0;
      }
    }
    return true;
  }

  /**
   * The fast path of {@link take}: whole groups of four base64 characters
   * (no whitespace, no padding) decoded straight into `out` while three
   * bytes fit; stops at anything else, which the general loop then handles.
   * Returns the new output offset.
   */
  private groups(out: Uint8Array, start: number, stop: number): number {
    const s = this.src;
    const end = this.end;
    let p = this.pos;
    let o = start;
    if (typeof s === "string") {
      while (stop - o >= 3 && end - p >= 4) {
        const a = DECODE16[s.charCodeAt(p)]!;
        const b = DECODE16[s.charCodeAt(p + 1)]!;
        const c = DECODE16[s.charCodeAt(p + 2)]!;
        const d = DECODE16[s.charCodeAt(p + 3)]!;
        if ((a | b | c | d) < 0) break;
        const v = (a << 18) | (b << 12) | (c << 6) | d;
        out[o] = v >> 16;
        out[o + 1] = (v >> 8) & 255;
        out[o + 2] = v & 255;
        o += 3;
        p += 4;
      }
    } else {
      while (stop - o >= 3 && end - p >= 4) {
        const a = DECODE16[s[p]!]!;
        const b = DECODE16[s[p + 1]!]!;
        const c = DECODE16[s[p + 2]!]!;
        const d = DECODE16[s[p + 3]!]!;
        if ((a | b | c | d) < 0) break;
        const v = (a << 18) | (b << 12) | (c << 6) | d;
        out[o] = v >> 16;
        out[o + 1] = (v >> 8) & 255;
        out[o + 2] = v & 255;
        o += 3;
        p += 4;
      }
    }
    this.pos = p;
    return o;
  }
}

/**
 * The bytes of a whole base64 text (whitespace allowed anywhere, padding at
 * the end); undefined when it is not base64. Never throws.
 */
export function decodeBase64(text: string): Uint8Array | undefined {
  let chars = 0;
  let pad = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) continue;
    chars++;
    if (c === 61) pad++;
  }
  if (chars % 4 !== 0 || pad > 2) return undefined;
  const out = new Uint8Array((chars / 4) * 3 - pad);
  const reader = new Base64Reader(text, 0, text.length);
  return reader.take(out.length, out) && reader.bad < 0 ? out : undefined;
}
