/**
 * zlib deflate with the platform's `CompressionStream` (Node and browsers):
 * the packed mesh series needs no library to write or read (inflation is
 * src/core/inflate.ts).
 */
import { concatBytes } from "../../core/bytes.js";

/** `bytes` as one zlib stream. */
export async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const reader = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new CompressionStream("deflate"))
    .getReader();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return concatBytes(parts);
    parts.push(value);
  }
}
