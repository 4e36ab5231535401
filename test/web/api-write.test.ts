/**
 * The page's writes carry the version it read (web/src/api.ts): overwriting
 * a file the page has read sends that reply's `ETag` as `If-Match`; the
 * server's 412 becomes an error with its message; a new file, or one the
 * page never read, is written without it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { onLinksBroken, readProjectFile, writeProjectFile } from "../../web/src/api.js";
import { setLanguage, t } from "../../web/src/i18n.js";

afterEach(() => vi.unstubAllGlobals());

/** A fake server: each file's text and a version that every write bumps. */
function fakeServer() {
  const files = new Map<string, { text: string; version: number }>();
  const asked: { method: string; url: string; ifMatch: string | null }[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    const path = new URL(url, "http://x").searchParams.get("path")!;
    const ifMatch = new Headers(init.headers).get("If-Match");
    asked.push({ method, url, ifMatch });
    const f = files.get(path);
    if (method === "GET") {
      if (!f) return new Response(null, { status: 204, headers: { "X-Deforma-File": "missing" } });
      return new Response(f.text, { headers: { ETag: `"v${f.version}"` } });
    }
    if (ifMatch !== null && ifMatch !== `"v${f?.version}"`)
      return new Response(JSON.stringify({ error: "the file changed since the page read it" }), {
        status: 412,
      });
    const version = (f?.version ?? 0) + 1;
    files.set(path, { text: String(init.body), version });
    return new Response("{}", { status: f ? 200 : 201, headers: { ETag: `"v${version}"` } });
  });
  return { files, asked };
}

// decision 249
describe("the page's overwrites", () => {
  it("send the ETag the page read as If-Match, and the one it wrote next", async () => {
    const s = fakeServer();
    s.files.set("a.txt", { text: "one", version: 7 });
    await readProjectFile("a.txt");
    expect(await writeProjectFile("a.txt", new Uint8Array([50]), true)).toBe("ok");
    expect(await writeProjectFile("a.txt", new Uint8Array([51]), true)).toBe("ok");
    expect(s.asked.filter((a) => a.method === "PUT").map((a) => a.ifMatch)).toEqual([
      '"v7"',
      '"v8"',
    ]);
  });

  it("fail with the server's message when the file changed since", async () => {
    const s = fakeServer();
    s.files.set("b.txt", { text: "one", version: 1 });
    await readProjectFile("b.txt");
    s.files.set("b.txt", { text: "theirs", version: 2 });
    await expect(writeProjectFile("b.txt", new Uint8Array([1]), true)).rejects.toThrow(
      "changed since the page read it",
    );
    expect(s.files.get("b.txt")!.text).toBe("theirs");
  });

  it("of a file never read, or a new file, carry no If-Match", async () => {
    const s = fakeServer();
    s.files.set("c.txt", { text: "x", version: 3 });
    expect(await writeProjectFile("c.txt", new Uint8Array([1]), true)).toBe("ok");
    expect(await writeProjectFile("d.txt", new Uint8Array([1]))).toBe("ok");
    expect(s.asked.map((a) => a.ifMatch)).toEqual([null, null]);
  });
});

// decision 300
describe("a save that breaks hard links", () => {
  it("tells the page's listener the path and how many other links the file had", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(JSON.stringify({ ok: true, path: "a.txt", size: 1, brokenLinks: 2 }), {
          status: 200,
        }),
    );
    const told: [string, number][] = [];
    onLinksBroken((path, count) => told.push([path, count]));
    expect(await writeProjectFile("a.txt", new Uint8Array([50]), true)).toBe("ok");
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    expect(await writeProjectFile("b.txt", new Uint8Array([50]), true)).toBe("ok");
    onLinksBroken(undefined);
    expect(told).toEqual([["a.txt", 2]]);
  });

  it("has its notice in English and Russian, naming the file and the count", () => {
    vi.stubGlobal("document", { documentElement: {}, querySelectorAll: () => [] });
    vi.stubGlobal("localStorage", { setItem: () => undefined });
    setLanguage("en");
    expect(t("files.linksBroken", { name: "a.txt", count: 2 })).toMatch(
      /a\.txt had other hard links \(2\)/,
    );
    setLanguage("ru");
    expect(t("files.linksBroken", { name: "a.txt", count: 2 })).toMatch(
      /У a\.txt .*жёсткие ссылки \(2\)/,
    );
    setLanguage("en");
  });
});
