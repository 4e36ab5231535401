/** Serving the built web app: `/` is `index.html`, other paths are files under the web root. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname } from "node:path";
import { APP_CSP, HttpError, setSecurityHeaders } from "./http-reply.js";
import { pathSegments, resolveExisting } from "./project-path.js";
import { sendFile } from "./send-file.js";

/** Content types by file extension (lower case, with the dot); others are `application/octet-stream`. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".map": "application/json; charset=utf-8",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/** Content type of a file name by its extension. */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[extname(name).toLowerCase()] ?? "application/octet-stream";
}

/**
 * Replies with the web app's file for `pathname` (decoded once, starting with
 * `/`) from `webRoot` (a realpath); the same path rules as the file API.
 */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  webRoot: string,
  pathname: string,
): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    throw new HttpError(405, "method not allowed", { Allow: "GET, HEAD" });
  }
  const relative = pathname === "/" ? "index.html" : pathname.slice(1);
  const real = await resolveExisting(webRoot, pathSegments(relative));
  setSecurityHeaders(res, APP_CSP);
  await sendFile(req, res, real, {
    contentType: contentTypeOf(relative),
    cacheControl: "no-cache",
  });
}
