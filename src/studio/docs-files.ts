/**
 * The package's documentation, read-only at `/docs/<page>.md`: the file
 * view links a format to its page (docs/formats/…). Markdown is sent as
 * plain UTF-8 text, which every browser shows as it is.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { HttpError, setSecurityHeaders } from "./http-reply.js";
import { pathSegments, resolveExisting } from "./project-path.js";
import { sendFile } from "./send-file.js";

/** The URL path under which the documentation is served. */
export const DOCS_PREFIX = "/docs/";

/** CSP of a documentation page: plain text, nothing to run or load. */
const DOCS_CSP = "default-src 'none'; frame-ancestors 'none'";

/** This package's `docs/` folder (next to `src/` and `dist/`, and shipped with the package). */
export function bundledDocs(): string {
  return fileURLToPath(new URL("../../docs/", import.meta.url));
}

/**
 * Replies with the page `pathname` (decoded once, starting with
 * {@link DOCS_PREFIX}) of `docsRoot` (a realpath): only `.md` files, the same
 * path rules as the file API, 404 for anything else.
 */
export async function serveDocs(
  req: IncomingMessage,
  res: ServerResponse,
  docsRoot: string,
  pathname: string,
): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    throw new HttpError(405, "method not allowed", { Allow: "GET, HEAD" });
  }
  const relative = pathname.slice(DOCS_PREFIX.length);
  if (!relative.toLowerCase().endsWith(".md")) throw new HttpError(404, "not a documentation page");
  const real = await resolveExisting(docsRoot, pathSegments(relative));
  setSecurityHeaders(res, DOCS_CSP);
  await sendFile(req, res, real, {
    contentType: "text/plain; charset=utf-8",
    cacheControl: "no-cache",
  });
}
