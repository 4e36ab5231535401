import { spawnSync } from "node:child_process";
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { send, writeHeaders } from "./http-client.js";

const base = mkdtempSync(join(tmpdir(), "deforma-studio-save-"));
const project = join(base, "project");
const web = join(base, "web");
mkdirSync(project);
mkdirSync(web);
writeFileSync(join(web, "index.html"), "<!doctype html>");
let studio: StudioServer;

beforeAll(async () => {
  studio = await startStudioServer({ root: project, webRoot: web, port: 0 });
});

afterAll(async () => {
  await studio.close();
});

const put = (path: string, body: string) =>
  send(studio.port, { method: "PUT", path, body, headers: writeHeaders(studio.port) });

describe("studio saves onto what is there", () => {
  // decision 237
  it("never replaces a FIFO, even with overwrite=1 (409)", async () => {
    spawnSync("mkfifo", [join(project, "pipe.txt")]);
    const r = await put("/api/file?path=pipe.txt&overwrite=1", "x");
    expect(r.status).toBe(409);
    expect(lstatSync(join(project, "pipe.txt")).isFIFO()).toBe(true);
  });

  // decision 238
  it("refuses to replace a read-only file (403), overwrite=1 or not", async () => {
    writeFileSync(join(project, "locked.txt"), "old");
    chmodSync(join(project, "locked.txt"), 0o444);
    const r = await put("/api/file?path=locked.txt&overwrite=1", "new");
    expect(r.status).toBe(403);
    expect(readFileSync(join(project, "locked.txt"), "utf8")).toBe("old");
  });

  // decision 300
  it("says how many other hard links a replaced file had (brokenLinks); none for a plain file", async () => {
    writeFileSync(join(project, "shared.txt"), "old");
    linkSync(join(project, "shared.txt"), join(base, "other-name.txt"));
    const r = await put("/api/file?path=shared.txt&overwrite=1", "new");
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toMatchObject({ ok: true, path: "shared.txt", brokenLinks: 1 });
    expect(readFileSync(join(base, "other-name.txt"), "utf8")).toBe("old");
    const again = await put("/api/file?path=shared.txt&overwrite=1", "newer");
    expect(JSON.parse(again.text)).not.toHaveProperty("brokenLinks");
  });
});
