/**
 * Who may talk to the studio server. The server binds 127.0.0.1, but a web
 * page elsewhere can still make the browser send requests to it; these checks
 * refuse them: a `Host` other than our own (DNS rebinding), writes without our
 * own `Origin` and the `X-Deforma-Request: 1` header (cross-site forms and
 * simple requests), and API reads a browser marks as coming from another site.
 */
import type { IncomingHttpHeaders } from "node:http";
import { HttpError } from "./http-reply.js";

/** Header that every write must carry with value `1`; a cross-site page cannot add it without a CORS preflight, which this server never grants. */
export const WRITE_HEADER = "x-deforma-request";

/** Methods that never change anything; every other method counts as a write. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD"]);

/** The `Host` values the server answers to on `port`. */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** The origins whose pages may write, on `port`. */
export function allowedOrigins(port: number): string[] {
  return allowedHosts(port).map((h) => `http://${h}`);
}

function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Throws 421 unless the `Host` header is exactly `127.0.0.1:PORT` or `localhost:PORT`. */
export function checkHost(headers: IncomingHttpHeaders, port: number): void {
  const host = single(headers, "host");
  if (host === undefined) throw new HttpError(421, "missing Host header");
  if (!allowedHosts(port).includes(host.toLowerCase())) {
    throw new HttpError(421, "this server answers only to 127.0.0.1 and localhost on its port");
  }
}

/** Throws 403 unless a write comes from our own origin with `X-Deforma-Request: 1`. */
export function checkWrite(headers: IncomingHttpHeaders, port: number): void {
  const origin = single(headers, "origin");
  if (origin === undefined || !allowedOrigins(port).includes(origin.toLowerCase())) {
    throw new HttpError(403, "writes are accepted only from the studio's own page (Origin)");
  }
  if (single(headers, WRITE_HEADER) !== "1") {
    throw new HttpError(403, "writes need the header X-Deforma-Request: 1");
  }
}

/**
 * Throws 403 for an API request a browser marks as cross-site or same-site
 * (`Sec-Fetch-Site`); requests without the header (older browsers, tools) pass.
 */
export function checkFetchSite(headers: IncomingHttpHeaders): void {
  const site = single(headers, "sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    throw new HttpError(403, "the API answers only the studio's own page");
  }
}
