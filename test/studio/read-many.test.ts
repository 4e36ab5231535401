/**
 * `POST /api/read`: many project files in one reply (a series opens in a few
 * requests, not one per file), each path checked as `GET /api/file` checks it.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READ_MANY_LIMITS } from "../../src/studio/read-many.js";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { send } from "./http-client.js";

const project = mkdtempSync(join(tmpdir(), "deforma-read-many-"));
mkdirSync(join(project, "run"));
for (let i = 0; i < 3; i++) writeFileSync(join(project, "run", `f_${i}.vtu`), `file ${i}\n`);
writeFileSync(join(project, "run", "empty.vtu"), "");
mkdirSync(join(project, "folder"));
const outside = mkdtempSync(join(tmpdir(), "deforma-read-many-out-"));
writeFileSync(join(outside, "secret.txt"), "secret\n");
symlinkSync(join(outside, "secret.txt"), join(project, "link.txt"));
const web = mkdtempSync(join(tmpdir(), "deforma-read-many-web-"));
writeFileSync(join(web, "index.html"), "<!doctype html>");

let studio: StudioServer;
beforeAll(async () => {
  studio = await startStudioServer({ root: project, webRoot: web, port: 0 });
});
afterAll(() => studio.close());

/** Splits a reply into its records: each entry, and each `ok` file's text. */
function unpack(body: Buffer): { files: { status: string; size?: number; reason?: string }[] } & {
  texts: string[];
} {
  const files: { status: string; size?: number; reason?: string }[] = [];
  const texts: string[] = [];
  let at = 0;
  while (at < body.length) {
    const n = body.readUInt32LE(at);
    const entry = JSON.parse(body.subarray(at + 4, at + 4 + n).toString("utf8")) as {
      status: string;
      size?: number;
    };
    files.push(entry);
    at += 4 + n;
    if (entry.status !== "ok") continue;
    texts.push(body.subarray(at, at + entry.size!).toString("utf8"));
    at += entry.size!;
  }
  expect(at).toBe(body.length);
  return { files, texts };
}

const post = (body: string, headers: Record<string, string | null> = {}) =>
  send(studio.port, {
    method: "POST",
    path: "/api/read",
    headers: {
      Origin: `http://127.0.0.1:${studio.port}`,
      "X-Deforma-Request": "1",
      "Content-Type": "application/json",
      ...headers,
    },
    body,
  });

describe("POST /api/read", () => {
  // decision 212
  it("returns many files in one reply, in the order asked, with each one's status", async () => {
    const paths = ["run/f_2.vtu", "run/f_0.vtu", "run/gone.vtu", "run/empty.vtu", "run/f_1.vtu"];
    const r = await post(JSON.stringify({ paths }));
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("application/octet-stream");
    const got = unpack(r.body);
    expect(got.files.map((f) => f.status)).toEqual(["ok", "ok", "missing", "ok", "ok"]);
    expect(got.texts).toEqual(["file 2\n", "file 0\n", "", "file 1\n"]);
  });

  // decision 223
  it("sends each file's record as it is read: no length known before, a record per path", async () => {
    const r = await post(JSON.stringify({ paths: ["run/f_0.vtu", "run/f_1.vtu"] }));
    expect(r.headers["content-length"]).toBeUndefined();
    expect(r.headers["transfer-encoding"]).toBe("chunked");
    // The first record is the first file's entry, then its bytes.
    const n = r.body.readUInt32LE(0);
    expect(JSON.parse(r.body.subarray(4, 4 + n).toString("utf8"))).toEqual({
      status: "ok",
      size: 7,
    });
    expect(r.body.subarray(4 + n, 11 + n).toString("utf8")).toBe("file 0\n");
  });

  it("checks every path as GET /api/file does: outside, hidden or folders are not sent", async () => {
    const paths = ["link.txt", "../x", ".hidden", "folder", "/etc/passwd"];
    const got = unpack((await post(JSON.stringify({ paths }))).body);
    expect(got.files.map((f) => f.status)).toEqual([
      "unreadable",
      "unreadable",
      "unreadable",
      "missing",
      "unreadable",
    ]);
    expect(got.texts).toEqual([]);
    expect(got.files[0]!.reason).toMatch(/outside/);
  });

  it("is a write for the guards (own Origin and X-Deforma-Request), POST only, with a bounded body", async () => {
    const body = JSON.stringify({ paths: ["run/f_0.vtu"] });
    expect((await post(body, { "X-Deforma-Request": null })).status).toBe(403);
    expect((await post(body, { Origin: "http://evil.example" })).status).toBe(403);
    expect((await send(studio.port, { path: "/api/read" })).status).toBe(405);
    expect((await post("{")).status).toBe(400);
    expect((await post(JSON.stringify({ paths: [1] }))).status).toBe(400);
    const many = Array.from({ length: READ_MANY_LIMITS.maxPaths + 1 }, () => "run/f_0.vtu");
    expect((await post(JSON.stringify({ paths: many }))).status).toBe(413);
  });
});
