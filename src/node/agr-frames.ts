/**
 * The Node edge of frame-by-frame reading (`src/mixed/agr/frames.ts`): a
 * binary `.agr` larger than the frame budget is opened as a frame source over
 * the file instead of being read whole, so `agr info`, `agr validate` and
 * `mixed export` hold at most the budget's bytes of frame values at once.
 */
import { closeSync, constants, openSync, readSync } from "node:fs";
import { open } from "node:fs/promises";
import { startsWith } from "../core/bytes.js";
import {
  AGR_MAGIC,
  type AgrFramesResult,
  type ByteSource,
  DEFAULT_FRAME_BUDGET,
  openAgrFrames,
} from "../mixed/agr/index.js";

/**
 * A {@link ByteSource} over the file at `path` of `length` bytes. Each read
 * opens the file, reads and closes it, so a model read through it holds no
 * file descriptor (a frame block is megabytes; an open costs microseconds).
 */
export function fileByteSource(path: string, length: number): ByteSource {
  return {
    length,
    read(offset, count, into) {
      const fd = openSync(path, constants.O_RDONLY);
      try {
        let at = 0;
        while (at < count) {
          const got = readSync(fd, into, at, count - at, offset + at);
          if (got === 0) break;
          at += got;
        }
        return at;
      } finally {
        closeSync(fd);
      }
    },
  };
}

/**
 * Opens the regular file at `path` frame by frame when it is a binary `.agr`
 * larger than `budget` bytes; undefined otherwise (the caller reads it whole),
 * also when it cannot be opened (the whole read then says why).
 */
export async function openLargeAgr(
  path: string,
  budget: number = DEFAULT_FRAME_BUDGET,
): Promise<AgrFramesResult | undefined> {
  let size: number;
  const magic = new Uint8Array(AGR_MAGIC.length);
  try {
    const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      const info = await handle.stat();
      if (!info.isFile() || info.size <= budget) return undefined;
      size = info.size;
      await handle.read(magic, 0, magic.length, 0);
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
  if (!startsWith(magic, AGR_MAGIC)) return undefined;
  return openAgrFrames(fileByteSource(path, size), { budget });
}
