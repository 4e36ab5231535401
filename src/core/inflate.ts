/**
 * zlib streams inflated with the platform's `DecompressionStream` (Node and
 * browsers), never past a limit: a few compressed bytes cannot make a reader
 * hold gigabytes.
 */
import { concatBytes } from "./bytes.js";

/** A reader of the inflated chunks of zlib stream `bytes`. */
function inflater(bytes: Uint8Array): ReadableStreamDefaultReader<Uint8Array> {
  return new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream("deflate"))
    .getReader();
}

/**
 * zlib-inflated `bytes`, or undefined when they are not a valid zlib stream
 * or inflate to more than `limit` bytes (inflation stops there: a small
 * block cannot make the reader hold gigabytes). With `prefix`, the first
 * `limit` bytes of a longer stream are its result instead. Bytes after the
 * end of a complete stream that gave exactly `limit` bytes are ignored, as
 * zlib's `uncompress` (and so VTK) ignores them: DOLFIN's compressed blocks
 * carry some. (Node's DecompressionStream ignores them too; Chromium's
 * fails the stream after giving the data.)
 */
export async function inflate(
  bytes: Uint8Array,
  limit = Number.POSITIVE_INFINITY,
  prefix = false,
): Promise<Uint8Array | undefined> {
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    const reader = inflater(bytes);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (total + value.length > limit) {
        await reader.cancel();
        if (!prefix) return undefined;
        parts.push(value.subarray(0, limit - total));
        total = limit;
        break;
      }
      total += value.length;
      parts.push(value);
    }
  } catch (e) {
    // Chromium: "Junk found after end of compressed data." A bad checksum or stream still fails.
    if (total !== limit || !/junk/i.test(String(e))) return undefined;
  }
  return concatBytes(parts);
}

/**
 * How many bytes zlib stream `bytes` inflates to, counted chunk by chunk and
 * never held: `"over"` as soon as it passes `limit` (inflation stops there),
 * `"invalid"` when it is not a valid zlib stream.
 */
export async function inflatedLength(
  bytes: Uint8Array,
  limit: number,
): Promise<number | "over" | "invalid"> {
  let total = 0;
  try {
    const reader = inflater(bytes);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return total;
      total += value.length;
      if (total > limit) {
        await reader.cancel();
        return "over";
      }
    }
  } catch {
    return "invalid";
  }
}
