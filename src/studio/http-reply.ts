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

/** Content-Security-Policy of the web app's pages (scripts, styles, workers and fetches from itself only). */
export const APP_CSP =
  "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; " +
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
