/** The rule for name-like tokens shared by `.agr` and `.amb` (parameter names, units, body names). */
import { encodeUtf8 } from "../core/bytes.js";

/** Largest length of a name or unit, UTF-8 bytes (it is stored in one byte). */
export const MAX_NAME_BYTES = 255;

const lenientDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * What is wrong with a name-like token (parameter name, unit, body name), or
 * undefined: it must be non-empty, free of whitespace and at most 255 UTF-8 bytes.
 */
export function nameProblem(s: string): string | undefined {
  if (s.length === 0) return "is empty";
  if (/\s/u.test(s)) return "contains whitespace";
  const bytes = encodeUtf8(s);
  if (lenientDecoder.decode(bytes) !== s) return "is not valid Unicode (lone surrogate)";
  const n = bytes.length;
  if (n > MAX_NAME_BYTES) return `is ${n} UTF-8 bytes long, at most ${MAX_NAME_BYTES} allowed`;
  return undefined;
}
