/**
 * The per-run token (as Jupyter has one): `deforma studio` makes a random one
 * and prints the URL with it (`http://127.0.0.1:PORT/?token=…`). Opening that
 * URL sets a cookie; every `/api` request must then carry the token, in that
 * cookie or in the `X-Deforma-Token` header. Another local process that forges
 * the Host and Origin headers still does not know it.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { HttpError } from "./http-reply.js";

/** Header that may carry the token instead of the cookie (scripts, tests). */
export const TOKEN_HEADER = "x-deforma-token";

/** A new random token (32 characters of base64url, 192 bits). */
export function newToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The cookie's name on `port` (cookies ignore ports, so two studios on one host keep theirs apart). */
export function tokenCookie(port: number): string {
  return `deforma-token-${port}`;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The value of cookie `name` in a `Cookie` header, if any. */
function cookie(headers: IncomingHttpHeaders, name: string): string | undefined {
  for (const part of (headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * When the request carries `?token=` with the right token, answers with the
 * cookie that carries it from then on (any path: the page's own URL is the
 * usual one).
 */
export function acceptTokenQuery(
  query: URLSearchParams,
  token: string,
  port: number,
  res: ServerResponse,
): void {
  const given = query.get("token");
  if (given !== null && same(given, token)) {
    res.setHeader("Set-Cookie", `${tokenCookie(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`);
  }
}

/** Throws 403 unless the request carries the token (cookie, header or query). */
export function checkToken(
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  token: string,
  port: number,
): void {
  const header = headers[TOKEN_HEADER];
  const candidates = [
    cookie(headers, tokenCookie(port)),
    Array.isArray(header) ? header[0] : header,
    query.get("token") ?? undefined,
  ];
  if (candidates.some((c) => c !== undefined && same(c, token))) return;
  throw new HttpError(
    403,
    "this studio needs its token: open the URL it printed (http://127.0.0.1:PORT/?token=…)",
  );
}
