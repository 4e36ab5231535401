/** Replies of the studio server: JSON errors, security headers common to every response. */
import type { ServerResponse } from "node:http";

/** A refusal or failure that becomes a JSON `{"error": …}` reply with this HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** File-system errors a request can cause, as the reply they deserve (status, message). */
const ERRNO_REPLIES: Readonly<Record<string, readonly [number, string]>> = {
  ELOOP: [403, "symlink loop"],
  ENAMETOOLONG: [400, "a name or the path is too long for the file system"],
  EACCES: [403, "permission denied"],
  EPERM: [403, "permission denied"],
  ENOTDIR: [409, "a part of the path is not a folder"],
  EISDIR: [409, "the target is a folder"],
  ENOENT: [404, "not found"],
  EROFS: [409, "the file system is read-only"],
  ENOSPC: [507, "no space left on the device"],
  EDQUOT: [507, "disk quota exceeded"],
  EMFILE: [503, "too many open files; try again"],
  ENFILE: [503, "too many open files; try again"],
  EBUSY: [409, "the file is busy"],
  ETXTBSY: [409, "the file is busy"],
  EEXIST: [409, "the file exists"],
  EINVAL: [400, "the file system refused the name"],
  EILSEQ: [400, "the file system refused the name"],
};

/** The {@link HttpError} of a file-system error (ELOOP, ENAMETOOLONG, …), or undefined for other errors. */
export function errnoReply(e: unknown): HttpError | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const reply = code === undefined ? undefined : ERRNO_REPLIES[code];
  return reply ? new HttpError(reply[0], reply[1]) : undefined;
}

/**
 * Content-Security-Policy of the web app's pages (scripts, styles, workers and
 * fetches from itself only). `'wasm-unsafe-eval'` lets the page compile
 * WebAssembly (the HDF5 library that reads NetCDF-4 Exodus II and XDMF's
 * HDF5 data), and nothing else: JavaScript `eval` stays refused (decision 210).
 */
export const APP_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data: blob:; " +
  "style-src 'self' 'unsafe-inline'; " +
  "worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'self'; " +
  "frame-ancestors 'none'";

/** Content-Security-Policy of API replies (data, never a document). */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers on every reply: no MIME sniffing, no embedding by other sites, no referrer.
 * There are deliberately no CORS headers anywhere.
 */
export function setSecurityHeaders(res: ServerResponse, csp: string): void {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", csp);
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  res.setHeader("Referrer-Policy", "no-referrer");
  res.setHeader("X-Frame-Options", "DENY");
}

/** Sends `value` as JSON with `status` (no caching: the project folder changes under us). */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = Buffer.from(`${JSON.stringify(value)}\n`, "utf8");
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", body.byteLength);
  res.setHeader("Cache-Control", "no-store");
  res.end(res.req.method === "HEAD" ? undefined : body);
}

/** Sends `{"error": message}` with the error's status and extra headers. */
export function sendError(res: ServerResponse, error: HttpError): void {
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  sendJson(res, error.status, { error: error.message });
}
