/** Sending a file (whole or one byte range) from a path already checked to be inside its folder. */
import { constants, type Stats } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import { parseByteRange } from "./byte-range.js";
import { HttpError } from "./http-reply.js";

/** How {@link sendFile} labels and caches the reply. */
export interface SendFileOptions {
  readonly contentType: string;
  readonly cacheControl: string;
}

/**
 * A file's strong entity tag: its inode, size and modification time (an
 * atomic write renames a new file into place, so every write changes the
 * inode too).
 */
export function fileETag(info: Pick<Stats, "ino" | "size" | "mtimeMs">): string {
  const mtime = Math.round(info.mtimeMs * 1000);
  return `"${info.ino.toString(36)}-${info.size.toString(36)}-${mtime.toString(36)}"`;
}

/** Opens the regular file at `path` (a realpath) for reading; 404 or 403 as an {@link HttpError}. */
export async function openRegularFile(path: string): Promise<FileHandle> {
  try {
    // O_NOFOLLOW: `path` is a realpath; a symlink swapped in since then is refused.
    // O_NONBLOCK: opening a FIFO does not wait for a writer (it would hold a
    // thread of the pool for ever); it is refused below as not a regular file.
    return await open(
      path,
      constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0),
    );
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new HttpError(404, "not found");
    if (code === "ELOOP") throw new HttpError(403, "symlink refused");
    if (code === "EISDIR") throw new HttpError(404, "not a file");
    throw e;
  }
}

/**
 * Replies with the file at `path` (a realpath): 200 with the whole file, or
 * 206 with the one range asked by a `Range` header, or 416 when that range
 * lies past the end. HEAD gets the same headers and no body.
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  options: SendFileOptions,
): Promise<void> {
  const handle = await openRegularFile(path);
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw new HttpError(404, "not a file");
    if (!info.isFile()) throw new HttpError(403, "not a regular file (a FIFO, socket or device)");
    const size = info.size;
    const range = parseByteRange(req.headers.range, size);
    if (range === "unsatisfiable") {
      throw new HttpError(416, `range not satisfiable (file has ${size} bytes)`, {
        "Content-Range": `bytes */${size}`,
      });
    }
    const start = range === "none" ? 0 : range.start;
    const end = range === "none" ? size - 1 : range.end;
    res.statusCode = range === "none" ? 200 : 206;
    res.setHeader("Content-Type", options.contentType);
    res.setHeader("Cache-Control", options.cacheControl);
    res.setHeader("Accept-Ranges", "bytes");
    res.setHeader("Last-Modified", info.mtime.toUTCString());
    res.setHeader("ETag", fileETag(info));
    res.setHeader("Content-Length", Math.max(0, end - start + 1));
    if (range !== "none") res.setHeader("Content-Range", `bytes ${start}-${end}/${size}`);
    if (req.method === "HEAD" || size === 0) {
      res.end();
      return;
    }
    await pipeline(handle.createReadStream({ start, end, autoClose: false }), res);
  } finally {
    await handle.close();
  }
}
