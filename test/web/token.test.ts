/**
 * How the page gets and sends the studio's token (web/src/token.ts,
 * web/src/api.ts): from its own address or a one-time code, kept in the
 * tab's sessionStorage, taken off the address, and sent as the
 * `X-Deforma-Token` header with every `/api` request — never as a cookie or
 * in a URL.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch, listFiles, setApiToken } from "../../web/src/api.js";
import { adoptToken, TOKEN_KEY, type TokenPlace } from "../../web/src/token.js";

function place(search: string, stored?: string, answer?: Response) {
  const storage = new Map<string, string>(stored === undefined ? [] : [[TOKEN_KEY, stored]]);
  const addresses: string[] = [];
  const asked: { url: string; init: RequestInit }[] = [];
  const p: TokenPlace = {
    location: { pathname: "/", search, hash: "#/mixed?file=a.amx" },
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
    },
    replaceAddress: (url) => void addresses.push(url),
    fetch: async (url, init) => {
      asked.push({ url, init });
      return answer ?? new Response("{}", { status: 403 });
    },
  };
  return { p, storage, addresses, asked };
}

afterEach(() => {
  setApiToken(undefined);
  vi.unstubAllGlobals();
});

// decision 247
describe("the page's token", () => {
  it("comes from the address, is kept for the tab and taken off the address", async () => {
    const s = place("?token=T1");
    expect(await adoptToken(s.p)).toBe("T1");
    expect(s.storage.get(TOKEN_KEY)).toBe("T1");
    expect(s.addresses).toEqual(["/#/mixed?file=a.amx"]);
    expect(s.asked).toEqual([]);
  });

  it("comes from the tab's storage on a reload, the address untouched", async () => {
    const s = place("", "T2");
    expect(await adoptToken(s.p)).toBe("T2");
    expect(s.addresses).toEqual([]);
  });

  it("goes with every /api request as X-Deforma-Token, never in the URL", async () => {
    const calls: { url: string; headers: Headers }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
      calls.push({ url, headers: new Headers(init.headers) });
      return new Response(JSON.stringify({ root: "p", files: [], formats: [] }));
    });
    await adoptToken(place("?token=T3").p);
    await listFiles();
    await apiFetch("/api/file?path=a", { headers: { Range: "bytes=0-1" } });
    expect(calls.map((c) => c.url)).toEqual(["/api/files", "/api/file?path=a"]);
    expect(calls.map((c) => c.headers.get("X-Deforma-Token"))).toEqual(["T3", "T3"]);
    expect(calls[1]!.headers.get("Range")).toBe("bytes=0-1");
    expect(calls.every((c) => !c.url.includes("T3") && !c.headers.has("Cookie"))).toBe(true);
  });
});

// decision 248
describe("a one-time code on the address", () => {
  it("is exchanged once at POST /api/token for the token", async () => {
    const s = place("?code=C1", undefined, new Response(JSON.stringify({ token: "T4" })));
    expect(await adoptToken(s.p)).toBe("T4");
    expect(s.asked).toHaveLength(1);
    expect(s.asked[0]!.url).toBe("/api/token");
    expect(s.asked[0]!.init.method).toBe("POST");
    expect(new Headers(s.asked[0]!.init.headers).get("X-Deforma-Code")).toBe("C1");
    expect(s.storage.get(TOKEN_KEY)).toBe("T4");
    expect(s.addresses).toEqual(["/#/mixed?file=a.amx"]);
  });

  it("that is refused leaves the tab's stored token, if any", async () => {
    const s = place("?code=spent", "T5");
    expect(await adoptToken(s.p)).toBe("T5");
    expect(s.addresses).toEqual(["/#/mixed?file=a.amx"]);
  });
});
