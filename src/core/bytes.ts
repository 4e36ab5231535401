/**
 * Isomorphic byte helpers for Deforma's binary encodings (little-endian,
 * sections 8-byte aligned so typed arrays can view them).
 */

/** Whether `bytes` starts with `magic`. */
export function startsWith(bytes: Uint8Array, magic: Uint8Array): boolean {
  if (bytes.length < magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (bytes[i] !== magic[i]) return false;
  return true;
}

/** `n` (bytes) rounded up to a multiple of 8. */
export function pad8(n: number): number {
  return Math.ceil(n / 8) * 8;
}

/**
 * `bytes` itself when its `byteOffset` is a multiple of 8, else one copy in a
 * fresh buffer, so that typed-array views at 8-aligned file offsets are legal.
 */
export function aligned(bytes: Uint8Array): Uint8Array {
  if (bytes.byteOffset % 8 === 0) return bytes;
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy;
}

/** The bytes of `parts`, one after another, in one new array. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const p of parts) total += p.length;
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const utf8 = new TextEncoder();
const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** UTF-8 bytes of a string. */
export function encodeUtf8(s: string): Uint8Array {
  return utf8.encode(s);
}

/** Strict UTF-8 decoding of `bytes[start, end)`; undefined when the bytes are not valid UTF-8. */
export function decodeUtf8Strict(
  bytes: Uint8Array,
  start: number,
  end: number,
): string | undefined {
  try {
    return strictDecoder.decode(bytes.subarray(start, end));
  } catch {
    return undefined;
  }
}

const lenientDecoder = new TextDecoder("utf-8", { fatal: false });

/** UTF-8 text of bytes; a BOM is dropped and invalid sequences become U+FFFD, so every line still reads. */
export function decodeText(bytes: Uint8Array): string {
  return lenientDecoder.decode(bytes);
}

/** Whether every byte is ASCII (below 0x80): the bytes then read as a string of the same offsets. */
export function isAscii(bytes: Uint8Array): boolean {
  let any = 0;
  // Four bytes at a time over the aligned middle.
  const head = Math.min(bytes.length, (4 - (bytes.byteOffset % 4)) % 4);
  const words = (bytes.length - head) >> 2;
  for (let i = 0; i < head; i++) any |= bytes[i]!;
  const w = new Uint32Array(bytes.buffer, bytes.byteOffset + head, words);
  for (let i = 0; i < words; i++) any |= w[i]!;
  for (let i = head + 4 * words; i < bytes.length; i++) any |= bytes[i]!;
  return (any & 0x80808080) === 0;
}

const latin1 = new TextDecoder("latin1");

/** The string of ASCII bytes (one character a byte: `decodeText` gives the same string for them). */
export function asciiText(bytes: Uint8Array): string {
  return latin1.decode(bytes);
}
