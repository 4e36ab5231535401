/** The project folder API: `GET /api/files`, `GET|HEAD|PUT /api/file?path=REL`. */
import { lstat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { basename } from "node:path";
import { type FormatRegistry, formatInfo } from "../core/formats/index.js";
import { FileExistsError, writeFileAtomic } from "../node/atomic-write.js";
import { HttpError, sendJson } from "./http-reply.js";
import { type ListingLimits, listProjectFiles } from "./project-files.js";
import { pathSegments, resolveExisting, resolveForWrite } from "./project-path.js";
import { fileETag, sendFile } from "./send-file.js";

/** What the file API needs to know about the project. */
export interface FileApiContext {
  /** Realpath of the project folder. */
  readonly root: string;
  /** Largest accepted request body, in bytes. */
  readonly maxBodyBytes: number;
  /** Bounds of the listing. */
  readonly listing: ListingLimits;
  /** The formats the listing names (by file name; content is looked at by `/api/check`). */
  readonly formats: FormatRegistry;
}

/**
 * `GET /api/files`: `{"root": folder name, "formats": [{id, label, docsPage, workspace?}],
 * "files": [{path, size, mtimeMs, format?}], "truncated"?: true}`; `format` is the id
 * of the format the file's name gives.
 */
export async function handleList(res: ServerResponse, ctx: FileApiContext): Promise<void> {
  const { files, truncated } = await listProjectFiles(ctx.root, ctx.listing);
  const named = files.map((f) => {
    const format = ctx.formats.byName(f.path)?.id;
    return format === undefined ? f : { ...f, format };
  });
  sendJson(res, 200, {
    root: basename(ctx.root),
    formats: ctx.formats.formats.map(formatInfo),
    files: named,
    ...(truncated ? { truncated } : {}),
  });
}

/** The `path` query parameter as checked segments (URLSearchParams has decoded it once). */
export function queryPathSegments(query: URLSearchParams): string[] {
  const all = query.getAll("path");
  if (all.length !== 1) throw new HttpError(400, "give exactly one 'path' query parameter");
  return pathSegments(all[0]!);
}

/** The header that marks the reply to `missing=ok` for a file that is not there. */
export const MISSING_HEADER = "X-Deforma-File";

/**
 * `GET|HEAD /api/file?path=REL[&missing=ok]`: the file's bytes, whole or one
 * `Range`. A missing file is 404, or with `missing=ok` (a file the page may
 * expect to be absent) 204 with `X-Deforma-File: missing`, which a browser
 * does not log as an error.
 */
export async function handleRead(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: FileApiContext,
  query: URLSearchParams,
): Promise<void> {
  const segments = queryPathSegments(query);
  try {
    const real = await resolveExisting(ctx.root, segments);
    await sendFile(req, res, real, {
      contentType: "application/octet-stream",
      cacheControl: "no-store",
    });
  } catch (e) {
    const missing = e instanceof HttpError && e.status === 404 && !res.headersSent;
    if (!missing || query.get("missing") !== "ok") throw e;
    res.writeHead(204, { [MISSING_HEADER]: "missing", "Cache-Control": "no-store" });
    res.end();
  }
}

class BodyTooLarge extends Error {}

/** The request body as chunks, failing with {@link BodyTooLarge} past `limit` bytes. */
async function* boundedBody(req: IncomingMessage, limit: number): AsyncGenerator<Uint8Array> {
  let total = 0;
  // destroyOnReturn false: on overflow the request is drained, not torn down, so the 413 arrives.
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > limit) throw new BodyTooLarge();
    yield chunk;
  }
}

/** Extra bytes read and thrown away after a refused body before the connection is cut. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/** Reads and discards the rest of a refused body (so the client sees the reply), within bounds. */
function drain(req: IncomingMessage): void {
  let dropped = 0;
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > DRAIN_LIMIT) req.socket.destroy();
  });
  req.resume();
}

function tooLarge(ctx: FileApiContext): HttpError {
  return new HttpError(413, `request body larger than ${ctx.maxBodyBytes} bytes`);
}

/**
 * Throws 412 unless `If-Match` (when given) matches the target now: `*` any
 * existing file, else one of the listed strong tags (decision 249).
 */
async function checkIfMatch(
  header: string | undefined,
  target: { readonly path: string; readonly exists: boolean },
): Promise<void> {
  if (header === undefined) return;
  const changed = () =>
    new HttpError(412, "the file changed since the page read it (If-Match); read it again");
  if (!target.exists) throw changed();
  if (header.trim() === "*") return;
  const now = fileETag(await lstat(target.path));
  if (!header.split(",").some((tag) => tag.trim() === now)) throw changed();
}

/**
 * `PUT /api/file?path=REL[&overwrite=1]`: writes the body atomically; 409 when
 * the file exists and overwrite was not asked; 412 when `If-Match` does not
 * match; 413 past the body limit. The reply's `ETag` is the new file's;
 * `brokenLinks` counts the other hard links a replaced file had (they keep
 * the old content).
 */
export async function handleWrite(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: FileApiContext,
  query: URLSearchParams,
): Promise<void> {
  const segments = queryPathSegments(query);
  const overwrite = query.get("overwrite") === "1";
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > ctx.maxBodyBytes) {
    drain(req);
    throw tooLarge(ctx);
  }
  let target: Awaited<ReturnType<typeof resolveForWrite>>;
  try {
    target = await resolveForWrite(ctx.root, segments);
    if (target.exists && !overwrite) {
      throw new HttpError(409, "file exists; add overwrite=1 to replace it");
    }
    await checkIfMatch(req.headers["if-match"], target);
  } catch (e) {
    drain(req);
    throw e;
  }
  let size = 0;
  const counted = async function* (): AsyncGenerator<Uint8Array> {
    for await (const chunk of boundedBody(req, ctx.maxBodyBytes)) {
      size += chunk.byteLength;
      yield chunk;
    }
  };
  let replaced: Awaited<ReturnType<typeof writeFileAtomic>>;
  try {
    replaced = await writeFileAtomic(target.path, counted(), { overwrite });
  } catch (e) {
    if (!req.complete) drain(req);
    if (e instanceof BodyTooLarge) throw tooLarge(ctx);
    if (e instanceof FileExistsError) {
      throw new HttpError(409, "file exists; add overwrite=1 to replace it");
    }
    throw e;
  }
  const written = await lstat(target.path).catch(() => undefined);
  if (written?.isFile()) res.setHeader("ETag", fileETag(written));
  // A replaced file with other hard links is now a file of its own: the page says so (decision 300).
  const brokenLinks = replaced.links > 1 ? { brokenLinks: replaced.links - 1 } : {};
  sendJson(res, target.exists ? 200 : 201, {
    ok: true,
    path: segments.join("/"),
    size,
    ...brokenLinks,
  });
}
