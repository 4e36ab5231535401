/**
 * Byte-level helpers shared by the `.agr` and `.amb` binary encodings
 * (little-endian, sections 8-byte aligned so typed arrays can view them).
 */

/** Length of the binary magic of both formats, bytes. */
export const MAGIC_LENGTH = 8;

/** Whether `bytes` starts with `magic`. */
export function startsWith(bytes: Uint8Array, magic: Uint8Array): boolean {
  if (bytes.length < magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (bytes[i] !== magic[i]) return false;
  return true;
}

/** `n` rounded up to a multiple of 8. */
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

const utf8 = new TextEncoder();
const lenientDecoder = new TextDecoder("utf-8", { ignoreBOM: true });
const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** UTF-8 bytes of a string. */
export function encodeUtf8(s: string): Uint8Array {
  return utf8.encode(s);
}

/** Strict UTF-8 decoding of `bytes[start, end)`; undefined when the bytes are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array, start: number, end: number): string | undefined {
  try {
    return strictDecoder.decode(bytes.subarray(start, end));
  } catch {
    return undefined;
  }
}

/** Largest length of a name or unit, UTF-8 bytes (it is stored in one byte). */
export const MAX_NAME_BYTES = 255;

/**
 * What is wrong with a name-like token (parameter name, unit, body name), or
 * undefined: it must be non-empty, free of whitespace and at most 255 UTF-8 bytes.
 */
export function nameProblem(s: string): string | undefined {
  if (s.length === 0) return "is empty";
  if (/\s/u.test(s)) return "contains whitespace";
  const bytes = utf8.encode(s);
  if (lenientDecoder.decode(bytes) !== s) return "is not valid Unicode (lone surrogate)";
  const n = bytes.length;
  if (n > MAX_NAME_BYTES) return `is ${n} UTF-8 bytes long, at most ${MAX_NAME_BYTES} allowed`;
  return undefined;
}

/** A short, printable rendering of a token for messages (quotes added by the caller). */
export function shown(token: string): string {
  return token.length > 40 ? `${token.slice(0, 37)}...` : token;
}
