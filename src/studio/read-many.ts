/**
 * `POST /api/read`: many project files in one reply, so a page that opens a
 * series of hundreds of files (a `.pvd` and its `.vtu`s) makes a few
 * requests instead of one per file (decision 212). The body is JSON
 * `{"paths": ["a.vtu", …]}`; the reply is `application/octet-stream`, one
 * record per path in the order asked, each sent as soon as its file is read
 * (decision 223: the page parses the first files while the rest arrive): a
 * 4-byte little-endian length, that many bytes of JSON
 * `{"status": "ok", "size": N} | {"status": "missing"} |
 * {"status": "unreadable", "reason": "…"} | {"status": "later"}`, then for
 * `ok` the file's N bytes. Each path passes the same checks as
 * `GET /api/file` (plain relative path, realpath inside the project, a
 * regular file). Past {@link READ_MANY_LIMITS}' bytes the remaining files are
 * `later` (asked again in another request; the first file of a reply is
 * always sent whole or refused, so every file gets through).
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

/** One record of the reply: its entry's length, the entry, then the file's bytes if sent. */
function record(entry: ReadManyEntry): Buffer {
  const json = Buffer.from(JSON.stringify(entry), "utf8");
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length, 0);
  return Buffer.concat([length, json]);
}

/** Writes `chunk`, waiting while the client's socket is full (a slow reader holds back the reads). */
async function write(res: ServerResponse, chunk: Uint8Array): Promise<void> {
  if (res.write(chunk)) return;
  await new Promise<void>((done) => {
    const go = () => {
      res.off("drain", go);
      res.off("close", go);
      done();
    };
    res.on("drain", go);
    res.on("close", go);
  });
}

/** Answers `POST /api/read` (see the module comment). */
export async function handleReadMany(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
): Promise<void> {
  const paths = await requestedPaths(req);
  let room: number = READ_MANY_LIMITS.maxReplyBytes;
  let sent = 0;
  res.statusCode = 200;
  res.setHeader("Content-Type", "application/octet-stream");
  res.setHeader("Cache-Control", "no-store");
  // A few files at a time (the file system's threads work in parallel): opened, sized against
  // what the reply may still hold (in order), read, and written in order as they come.
  for (let at = 0; at < paths.length && !res.destroyed; at += READ_MANY_LIMITS.parallel) {
    const group = paths.slice(at, at + READ_MANY_LIMITS.parallel);
    const opened = await Promise.all(
      group.map((p) => (room > 0 ? openOne(root, p) : Promise.resolve<Opened>({ entry: LATER }))),
    );
    const reads: (Promise<Uint8Array | ReadManyEntry> | ReadManyEntry)[] = [];
    for (const o of opened) {
      if (!o.handle) {
        reads.push(o.entry);
      } else if (o.size <= room) {
        room -= o.size;
        reads.push(
          readAll(o.handle, o.size).catch(
            (e: unknown): ReadManyEntry => ({ status: "unreadable", reason: (e as Error).message }),
          ),
        );
      } else {
        await o.handle.close();
        const alone = sent === 0 && reads.every((r) => !(r instanceof Promise));
        reads.push(alone ? { status: "unreadable", reason: `larger than ${room} bytes` } : LATER);
      }
    }
    for (const r of reads) {
      const bytes = await r;
      if (!(bytes instanceof Uint8Array)) {
        await write(res, record(bytes));
        continue;
      }
      sent++;
      await write(res, record({ status: "ok", size: bytes.length }));
      await write(res, bytes);
    }
  }
  res.end();
}
