/**
 * The per-run token (as Jupyter has one): `deforma studio` makes a random one
 * and prints the URL with it (`http://127.0.0.1:PORT/?token=…`). The page
 * takes it from its own address, keeps it in the tab's `sessionStorage` and
 * sends it in the `X-Deforma-Token` header with every `/api` request; no
 * cookie carries it (a cookie would reach every port of the host), and an
 * `/api` URL with `?token=` is refused. A browser opened by the studio gets a
 * one-time code instead (`?code=…`), which the page exchanges once for the
 * token at `POST /api/token`, so the token is on no opener's command line
 * (decisions 247, 248). Another local process that forges the Host and
 * Origin headers still does not know it.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { HttpError, sendJson } from "./http-reply.js";

/** Header that carries the token on every `/api` request. */
export const TOKEN_HEADER = "x-deforma-token";

/** Header that carries a one-time code to `POST /api/token`. */
export const CODE_HEADER = "x-deforma-code";

/** A new random token (32 characters of base64url, 192 bits). */
export function newToken(): string {
  return randomBytes(24).toString("base64url");
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Throws 403 for an `/api` URL that carries `?token=` (the token goes in the header only). */
export function refuseTokenQuery(query: URLSearchParams): void {
  if (query.has("token"))
    throw new HttpError(403, "the token goes in the X-Deforma-Token header, never in an /api URL");
}

/** Throws 403 unless the request carries the token in the `X-Deforma-Token` header. */
export function checkToken(headers: IncomingHttpHeaders, token: string): void {
  const given = single(headers, TOKEN_HEADER);
  if (given !== undefined && same(given, token)) return;
  throw new HttpError(
    403,
    "this studio needs its token: open the URL it printed (http://127.0.0.1:PORT/?token=…)",
  );
}

/** One-time codes for the token: each is exchanged once, within `ttlMs` of being made. */
export class TokenCodes {
  private readonly codes = new Map<string, number>();

  constructor(
    private readonly token: string,
    private readonly ttlMs = 10 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new code (32 characters of base64url). */
  issue(): string {
    const code = newToken();
    this.codes.set(code, this.now() + this.ttlMs);
    return code;
  }

  /** The token for `code` when it is valid; the code is spent either way. */
  redeem(code: string): string | undefined {
    for (const [known, until] of this.codes) {
      if (!same(known, code)) continue;
      this.codes.delete(known);
      return until >= this.now() ? this.token : undefined;
    }
    return undefined;
  }
}

/** `POST /api/token` with `X-Deforma-Code: C`: `{"token": …}` once per code; 403 otherwise. */
export function handleTokenCode(
  headers: IncomingHttpHeaders,
  res: ServerResponse,
  codes: TokenCodes | undefined,
): void {
  const code = single(headers, CODE_HEADER);
  const token = code === undefined ? undefined : codes?.redeem(code);
  if (token === undefined)
    throw new HttpError(
      403,
      "this code is spent or unknown: open the URL the studio printed (http://127.0.0.1:PORT/?token=…)",
    );
  sendJson(res, 200, { token });
}
