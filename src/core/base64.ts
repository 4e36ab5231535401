/** Base64 (RFC 4648, with padding) over bytes, isomorphic and without per-character strings. */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const ENCODE = new Uint8Array(64);
const DECODE = new Int16Array(256).fill(-1);
for (let i = 0; i < 64; i++) {
  ENCODE[i] = ALPHABET.charCodeAt(i);
  DECODE[ALPHABET.charCodeAt(i)] = i;
}
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

  /**
   * Decodes one padded chunk of `count` bytes (the next ⌈count/3⌉·4 characters)
   * into `out` at `offset`; false when characters run out or are not base64.
   */
  chunk(count: number, out: Uint8Array, offset = 0): boolean {
    let o = offset;
    const stop = offset + count;
    let acc = 0;
    let have = 0;
    let groups = Math.ceil(count / 3) * 4;
    while (groups > 0) {
      if (this.pos >= this.end) return false;
      const c = this.code(this.pos++);
      if (c === 32 || c === 10 || c === 13 || c === 9) continue;
      groups--;
      if (c === 61) {
        have++;
        acc <<= 6;
      } else {
        const d = c < 256 ? DECODE[c]! : -1;
        if (d < 0) {
          this.bad = this.pos - 1;
          return false;
        }
        acc = (acc << 6) | d;
        have++;
      }
      if (have === 4) {
        if (o < stop) out[o++] = (acc >> 16) & 255;
        if (o < stop) out[o++] = (acc >> 8) & 255;
        if (o < stop) out[o++] = acc & 255;
        acc = 0;
        have = 0;
      }
    }
    return o === stop;
  }
}
