/**
 * Two small routes of the studio server: the package's documentation,
 * read-only at /docs/ (the file view links a format to its page), and
 * `missing=ok` on /api/file, which answers a missing file without a 404 so
 * the page's console stays quiet for files that may be absent.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { send } from "./http-client.js";

const project = mkdtempSync(join(tmpdir(), "deforma-docs-route-"));
writeFileSync(join(project, "here.txt"), "here\n");
mkdirSync(join(project, "folder"));
const web = mkdtempSync(join(tmpdir(), "deforma-docs-web-"));
writeFileSync(join(web, "index.html"), "<!doctype html>");
const docs = mkdtempSync(join(tmpdir(), "deforma-docs-pages-"));
mkdirSync(join(docs, "formats"));
writeFileSync(join(docs, "formats", "toy.md"), "# Toy lines\n\nПример.\n");
writeFileSync(join(docs, "formats", "notes.txt"), "not a page\n");
writeFileSync(join(project, "secret.md"), "# the project's, not the docs'\n");

let studio: StudioServer;
beforeAll(async () => {
  studio = await startStudioServer({ root: project, webRoot: web, docsRoot: docs, port: 0 });
});
afterAll(() => studio.close());

describe("GET /docs/", () => {
  // decision 153
  it("serves a documentation page as plain UTF-8 text", async () => {
    const r = await send(studio.port, { path: "/docs/formats/toy.md" });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(r.text).toBe("# Toy lines\n\nПример.\n");
    expect(r.headers["content-security-policy"]).toContain("default-src 'none'");
  });

  // decision 153
  it("serves only .md pages inside the docs folder, read-only", async () => {
    expect((await send(studio.port, { path: "/docs/formats/notes.txt" })).status).toBe(404);
    expect((await send(studio.port, { path: "/docs/formats/none.md" })).status).toBe(404);
    expect((await send(studio.port, { path: "/docs/../secret.md" })).status).toBe(400);
    expect((await send(studio.port, { path: "/docs/%2e%2e/secret.md" })).status).toBe(400);
    const put = await send(studio.port, {
      method: "PUT",
      path: "/docs/formats/toy.md",
      headers: { Origin: `http://127.0.0.1:${studio.port}`, "X-Deforma-Request": "1" },
      body: "x",
    });
    expect(put.status).toBe(405);
  });

  it("is the package's docs/ folder by default", async () => {
    const own = await startStudioServer({ root: project, webRoot: web, port: 0 });
    try {
      const r = await send(own.port, { path: "/docs/formats/amx.md" });
      expect(r.status).toBe(200);
      expect(r.text).toContain("amx");
    } finally {
      await own.close();
    }
  });
});

describe("GET /api/file?missing=ok", () => {
  // decision 154
  it("answers a missing file with 204 and X-Deforma-File: missing, not 404", async () => {
    for (const method of ["GET", "HEAD"]) {
      const r = await send(studio.port, { method, path: "/api/file?path=gone.txt&missing=ok" });
      expect(r.status).toBe(204);
      expect(r.headers["x-deforma-file"]).toBe("missing");
      expect(r.body.length).toBe(0);
    }
    const folder = await send(studio.port, { path: "/api/file?path=folder&missing=ok" });
    expect(folder.status).toBe(204);
  });

  it("changes nothing else: a file that is there, a missing one without it, a refused path", async () => {
    const here = await send(studio.port, { path: "/api/file?path=here.txt&missing=ok" });
    expect(here.status).toBe(200);
    expect(here.text).toBe("here\n");
    expect(here.headers["x-deforma-file"]).toBeUndefined();
    expect((await send(studio.port, { path: "/api/file?path=gone.txt" })).status).toBe(404);
    expect((await send(studio.port, { path: "/api/file?path=../x&missing=ok" })).status).toBe(400);
  });
});
