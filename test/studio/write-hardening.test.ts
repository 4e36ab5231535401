/**
 * The studio's writes, low items of issue 23 (item 10): names that show
 * something other than they are (bidirectional controls) or nothing at all
 * (only spaces) are refused; the walk to a deep target is linear in its
 * depth; a PUT may carry `If-Match` with the `ETag` its GET gave, and is
 * refused (412) when the file changed meanwhile.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { lstat, mkdir, realpath, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveForWrite, type WriteWalkFs } from "../../src/studio/project-path.js";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { send } from "./http-client.js";

const project = mkdtempSync(join(tmpdir(), "deforma-write-"));
const web = mkdtempSync(join(tmpdir(), "deforma-write-web-"));
writeFileSync(join(web, "index.html"), "<!doctype html>");

let studio: StudioServer;
beforeAll(async () => {
  studio = await startStudioServer({ root: project, webRoot: web, port: 0 });
});
afterAll(() => studio.close());

const put = (path: string, body: string, headers: Record<string, string> = {}) =>
  send(studio.port, {
    method: "PUT",
    path: `/api/file?path=${encodeURIComponent(path)}`,
    headers: { Origin: `http://127.0.0.1:${studio.port}`, "X-Deforma-Request": "1", ...headers },
    body,
  });

// decision 250
describe("names a PUT or an import may not have", () => {
  it("refuses bidirectional controls, naming the character", async () => {
    for (const [name, code] of [
      ["invoice\u202Etxt.exe", "U+202E"],
      ["sub\u2067/a.txt", "U+2067"],
      ["a\u200Fb.txt", "U+200F"],
    ] as const) {
      const r = await put(name, "x");
      expect(r.status).toBe(400);
      expect(JSON.parse(r.text).error).toBe(
        `path contains a bidirectional control character (${code}), which shows a name other than it is`,
      );
    }
  });

  it("refuses a name of only spaces, as a file or a folder", async () => {
    for (const name of [" ", "   ", "sub/ /a.txt", "\u00a0", "\u3000/a.txt"]) {
      const r = await put(name, "x");
      expect(r.status).toBe(400);
      expect(JSON.parse(r.text).error).toBe("path contains a name of only spaces");
    }
    expect((await put("a b.txt", "x")).status).toBe(201);
  });
});

/** A {@link WriteWalkFs} that counts the path components the calls make the system walk. */
function countingFs(): { fs: WriteWalkFs; steps: () => number } {
  let steps = 0;
  // realpath(3) looks at every component of its path; the others are one call each.
  const count = <T>(n: number, call: Promise<T>): Promise<T> => {
    steps += n;
    return call;
  };
  return {
    fs: {
      lstat: (p) => count(1, lstat(p)),
      stat: (p) => count(1, stat(p)),
      realpath: (p) => count(p.split("/").length, realpath(p)),
      mkdir: (p) => count(1, mkdir(p)),
    },
    steps: () => steps,
  };
}

// decision 251
describe("the walk to a deep target", () => {
  it("costs steps linear in the depth (doubling the depth at most doubles them)", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "deforma-deep-")));
    const cost = async (depth: number, base: string) => {
      const c = countingFs();
      const segments = [base, ...Array.from({ length: depth }, () => "d"), "f.txt"];
      const t = await resolveForWrite(root, segments, c.fs);
      expect(t.exists).toBe(false);
      return c.steps();
    };
    // Created on the first walk, only looked at on the second.
    const fresh = [await cost(100, "a"), await cost(200, "b")];
    const again = [await cost(100, "a"), await cost(200, "b")];
    for (const [small = 0, large = 0] of [fresh, again]) {
      expect(small).toBeGreaterThan(0);
      expect(large / small).toBeLessThan(2.1);
    }
  });

  it("still resolves a symlinked folder inside the project, and refuses one leading out", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "deforma-deep-")));
    mkdirSync(join(root, "real"));
    const { symlinkSync } = await import("node:fs");
    symlinkSync(join(root, "real"), join(root, "inside"));
    symlinkSync(tmpdir(), join(root, "out"));
    expect((await resolveForWrite(root, ["inside", "x", "f"])).path).toBe(
      join(root, "real", "x", "f"),
    );
    await expect(resolveForWrite(root, ["out", "f"])).rejects.toMatchObject({ status: 403 });
    writeFileSync(join(root, "file"), "");
    await expect(resolveForWrite(root, ["file", "f"])).rejects.toMatchObject({ status: 409 });
    expect(readFileSync(join(root, "file"), "utf8")).toBe("");
  });
});

// decision 249
describe("If-Match on PUT", () => {
  const get = (path: string) =>
    send(studio.port, { path: `/api/file?path=${encodeURIComponent(path)}` });

  it("gives an ETag on GET and HEAD that a write changes", async () => {
    expect((await put("m.txt", "one")).status).toBe(201);
    const tag = (await get("m.txt")).headers.etag;
    expect(tag).toMatch(/^"[0-9a-z]+-[0-9a-z]+-[0-9a-z]+"$/);
    const head = await send(studio.port, { method: "HEAD", path: "/api/file?path=m.txt" });
    expect(head.headers.etag).toBe(tag);
    const second = await send(studio.port, {
      method: "PUT",
      path: "/api/file?path=m.txt&overwrite=1",
      headers: { Origin: `http://127.0.0.1:${studio.port}`, "X-Deforma-Request": "1" },
      body: "two",
    });
    expect(second.status).toBe(200);
    expect(second.headers.etag).toBe((await get("m.txt")).headers.etag);
    expect(second.headers.etag).not.toBe(tag);
  });

  it("writes when the tag matches, and refuses with 412 when the file changed since", async () => {
    const over = (body: string, headers: Record<string, string>) =>
      send(studio.port, {
        method: "PUT",
        path: "/api/file?path=n.txt&overwrite=1",
        headers: {
          Origin: `http://127.0.0.1:${studio.port}`,
          "X-Deforma-Request": "1",
          ...headers,
        },
        body,
      });
    expect((await put("n.txt", "mine")).status).toBe(201);
    const mine = (await get("n.txt")).headers.etag!;
    // Someone else replaces it meanwhile.
    expect((await over("theirs", {})).status).toBe(200);
    const refused = await over("mine, edited", { "If-Match": mine });
    expect(refused.status).toBe(412);
    expect(JSON.parse(refused.text).error).toContain("changed since the page read it");
    expect((await get("n.txt")).text).toBe("theirs");
    const theirs = (await get("n.txt")).headers.etag!;
    expect((await over("merged", { "If-Match": `"x", ${theirs}` })).status).toBe(200);
    expect((await get("n.txt")).text).toBe("merged");
    expect((await over("any", { "If-Match": "*" })).status).toBe(200);
    const gone = await send(studio.port, {
      method: "PUT",
      path: "/api/file?path=never.txt&overwrite=1",
      headers: {
        Origin: `http://127.0.0.1:${studio.port}`,
        "X-Deforma-Request": "1",
        "If-Match": "*",
      },
      body: "x",
    });
    expect(gone.status).toBe(412);
  });
});
