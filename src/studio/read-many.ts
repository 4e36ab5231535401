/**
 * `POST /api/read`: many project files in one reply, so a page that opens a
 * series of hundreds of files (a `.pvd` and its `.vtu`s) makes a few
 * requests instead of one per file (decision 212). The body is JSON
 * `{"paths": ["a.vtu", …]}`; the reply is `application/octet-stream`: a
 * 4-byte little-endian length, that many bytes of JSON
 * `{"files": [{"status": "ok", "size": N} | {"status": "missing"} |
 * {"status": "unreadable", "reason": "…"} | {"status": "later"}, …]}` in the
 * order asked, then the bytes of every `ok` file one after another. Each path
 * passes the same checks as `GET /api/file` (plain relative path, realpath
 * inside the project, a regular file). Past {@link READ_MANY_LIMITS}' bytes
 * the remaining files are `later` (asked again in another request; the first
 * file of a reply is always sent whole or refused, so every file gets through).
 */
import type { FileHandle } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { HttpError } from "./http-reply.js";
import { pathSegments, resolveExisting } from "./project-path.js";
import { openRegularFile } from "./send-file.js";

/** Bounds of one `POST /api/read`. */
export const READ_MANY_LIMITS = {
  /** Paths in one request. */
  maxPaths: 4096,
  /** Bytes of the JSON body. */
  maxBodyBytes: 1024 * 1024,
  /** Bytes of file data in one reply (a larger single file is refused here: read it with `GET /api/file`). */
  maxReplyBytes: 256 * 1024 * 1024,
  /** Files read at the same time. */
  parallel: 8,
} as const;

const LATER: ReadManyEntry = { status: "later" };

/** What the reply says of one path. */
export type ReadManyEntry =
  | { readonly status: "ok"; readonly size: number }
  | { readonly status: "missing" }
  | { readonly status: "unreadable"; readonly reason: string }
  | { readonly status: "later" };

/** The paths of the request body; 400 when it is not `{"paths": [string, …]}` within bounds. */
async function requestedPaths(req: IncomingMessage): Promise<string[]> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > READ_MANY_LIMITS.maxBodyBytes)
      throw new HttpError(413, `request body larger than ${READ_MANY_LIMITS.maxBodyBytes} bytes`);
    chunks.push(chunk);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new HttpError(400, 'the body must be JSON {"paths": […]}');
  }
  const paths = (body as { paths?: unknown } | null)?.paths;
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === "string"))
    throw new HttpError(400, 'the body must be JSON {"paths": [string, …]}');
  if (paths.length > READ_MANY_LIMITS.maxPaths)
    throw new HttpError(413, `more than ${READ_MANY_LIMITS.maxPaths} paths`);
  return paths as string[];
}

/** A file opened for the reply (its size known), or why it is not sent. */
type Opened =
  | { readonly entry: ReadManyEntry; readonly handle?: undefined }
  | { readonly handle: FileHandle; readonly size: number };

/** Opens one requested file after the checks of `GET /api/file`. */
async function openOne(root: string, path: string): Promise<Opened> {
  let handle: FileHandle | undefined;
  try {
    handle = await openRegularFile(await resolveExisting(root, pathSegments(path)));
    const info = await handle.stat();
    if (info.isFile()) return { handle, size: info.size };
    await handle.close();
    if (info.isDirectory()) return { entry: { status: "missing" } };
    return { entry: { status: "unreadable", reason: "not a regular file" } };
  } catch (e) {
    await handle?.close();
    if (e instanceof HttpError && e.status === 404) return { entry: { status: "missing" } };
    const reason = e instanceof HttpError ? e.message : ((e as Error).message ?? String(e));
    return { entry: { status: "unreadable", reason } };
  }
}

/** Reads an opened file's `size` bytes (fewer when it shrank meanwhile) and closes it. */
async function readAll(handle: FileHandle, size: number): Promise<Uint8Array> {
  try {
    const bytes = new Uint8Array(size);
    let at = 0;
    while (at < size) {
      const { bytesRead } = await handle.read(bytes, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return bytes.subarray(0, at);
  } finally {
    await handle.close();
  }
}

/** Answers `POST /api/read` (see the module comment). */
export async function handleReadMany(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
): Promise<void> {
  const paths = await requestedPaths(req);
  const entries: ReadManyEntry[] = [];
  const parts: Uint8Array[] = [];
  let room: number = READ_MANY_LIMITS.maxReplyBytes;
  // A few files at a time (the file system's threads work in parallel): opened, sized against
  // what the reply may still hold (in order), then read.
  for (let at = 0; at < paths.length; at += READ_MANY_LIMITS.parallel) {
    const group = paths.slice(at, at + READ_MANY_LIMITS.parallel);
    const opened = await Promise.all(
      group.map((p) => (room > 0 ? openOne(root, p) : Promise.resolve<Opened>({ entry: LATER }))),
    );
    const reads: Promise<Uint8Array>[] = [];
    for (const o of opened) {
      if (!o.handle) {
        entries.push(o.entry);
      } else if (o.size <= room) {
        room -= o.size;
        reads.push(readAll(o.handle, o.size));
        entries.push({ status: "ok", size: -1 });
      } else {
        await o.handle.close();
        const alone = parts.length === 0 && reads.length === 0;
        entries.push(alone ? { status: "unreadable", reason: `larger than ${room} bytes` } : LATER);
      }
    }
    const got = await Promise.all(reads);
    let k = 0;
    for (let i = entries.length - group.length; i < entries.length; i++) {
      if (entries[i]!.status !== "ok") continue;
      const bytes = got[k++]!;
      entries[i] = { status: "ok", size: bytes.length };
      parts.push(bytes);
    }
  }
  const head = Buffer.from(JSON.stringify({ files: entries }), "utf8");
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length, 0);
  const total = 4 + head.length + parts.reduce((s, p) => s + p.length, 0);
  res.statusCode = 200;
  res.setHeader("Content-Type", "application/octet-stream");
  res.setHeader("Content-Length", total);
  res.setHeader("Cache-Control", "no-store");
  res.write(length);
  res.write(head);
  for (const p of parts) res.write(p);
  res.end();
}
