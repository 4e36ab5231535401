/**
 * How the page gets the studio's token (decisions 247, 248): from its own
 * address (`?token=…`, the URL `deforma studio` prints), or by exchanging a
 * one-time `?code=…` (the URL the studio opens a browser at) once at
 * `POST /api/token`, or from this tab's `sessionStorage` (a reload). Either
 * parameter is then taken off the address, so it is neither shown nor kept in
 * the history. No cookie ever carries the token.
 */
import { setApiToken } from "./api.js";

/** The `sessionStorage` key of the token (storage is per origin: this port only). */
export const TOKEN_KEY = "deforma-token";

/** What {@link adoptToken} uses of the page (fakes in tests). */
export interface TokenPlace {
  readonly location: { readonly pathname: string; readonly search: string; readonly hash: string };
  readonly storage: Pick<Storage, "getItem" | "setItem"> | undefined;
  replaceAddress(url: string): void;
  fetch(url: string, init: RequestInit): Promise<Response>;
}

/** The token for a one-time code, or undefined when the server refuses it. */
async function redeem(place: TokenPlace, code: string): Promise<string | undefined> {
  try {
    const r = await place.fetch("/api/token", {
      method: "POST",
      headers: { "X-Deforma-Code": code, "X-Deforma-Request": "1" },
    });
    if (!r.ok) return undefined;
    const body = (await r.json()) as { token?: unknown };
    return typeof body.token === "string" ? body.token : undefined;
  } catch {
    return undefined;
  }
}

/** Finds the token (see the module comment), keeps it for the tab and gives it to the API client. */
export async function adoptToken(place: TokenPlace): Promise<string | undefined> {
  const { pathname, search, hash } = place.location;
  const params = new URLSearchParams(search);
  const given = params.get("token");
  const code = params.get("code");
  let token = given ?? undefined;
  if (token === undefined && code !== null) token = await redeem(place, code);
  if (token !== undefined) place.storage?.setItem(TOKEN_KEY, token);
  else token = place.storage?.getItem(TOKEN_KEY) ?? undefined;
  if (given !== null || code !== null) {
    params.delete("token");
    params.delete("code");
    const rest = params.toString();
    place.replaceAddress(`${pathname}${rest === "" ? "" : `?${rest}`}${hash}`);
  }
  setApiToken(token);
  return token;
}

/** {@link adoptToken} on this page. */
export function adoptPageToken(): Promise<string | undefined> {
  let storage: Storage | undefined;
  try {
    storage = sessionStorage;
  } catch {
    storage = undefined; // storage switched off: the token lives in memory only
  }
  return adoptToken({
    location,
    storage,
    replaceAddress: (url) => history.replaceState(history.state, "", url),
    fetch: (url, init) => fetch(url, init),
  });
}
