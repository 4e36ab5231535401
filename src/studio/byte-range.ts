/** The `Range: bytes=…` request header, single ranges only (RFC 9110 §14). */

/** A satisfiable byte range: `start` and `end` are 0-based and inclusive. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Reads a `Range` header against a file of `size` bytes: `"none"` when there is
 * no header or it is one the server ignores (another unit, several ranges,
 * malformed — the whole file is then sent, as RFC 9110 allows), `"unsatisfiable"`
 * when it asks only for bytes past the end, else the clamped range.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | "none" | "unsatisfiable" {
  if (header === undefined) return "none";
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return "none";
  const [, first = "", last = ""] = m;
  if (first === "" && last === "") return "none";
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return "none";
  if (start >= size) return "unsatisfiable";
  return { start, end: Math.min(end, size - 1) };
}
