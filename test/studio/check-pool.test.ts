/**
 * The studio never blocks (issue 23, item 8): `GET /api/check` runs in the
 * check pool's worker threads under time and memory budgets. A check that
 * keeps its thread busy does not delay other requests, and is answered "too
 * large" (over time) once past its budget; a check that fills its heap or
 * the process's memory is stopped the same way (over memory); the server goes
 * on serving and checking. Order, not time, is what is asserted.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FormatRegistry } from "../../src/core/index.js";
import { BUILT_IN_FORMATS } from "../../src/formats.js";
import type { CheckLimits } from "../../src/studio/file-check.js";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { formats as HEAVY } from "../fixtures/heavy-format/formats.js";
import { TOY_FORMAT } from "../fixtures/toy-format/format.js";
import { send } from "./http-client.js";

const HEAVY_MODULE = new URL("../fixtures/heavy-format/formats.ts", import.meta.url).href;
const BROKEN_AGR = "DEFORMA-AGR 1\ntype x\n";

function project(): string {
  const root = mkdtempSync(join(tmpdir(), "deforma-check-pool-"));
  writeFileSync(join(root, "busy.spin"), "spin\n");
  writeFileSync(join(root, "greedy.hog"), "hog\n");
  for (const name of ["a.agr", "b.agr", "c.agr", "d.agr"])
    writeFileSync(join(root, name), BROKEN_AGR);
  return root;
}

let studio: StudioServer | undefined;
afterEach(async () => {
  await studio?.close();
  studio = undefined;
});

async function start(check: Partial<CheckLimits>): Promise<StudioServer> {
  const web = mkdtempSync(join(tmpdir(), "deforma-check-pool-web-"));
  writeFileSync(join(web, "index.html"), "<!doctype html>");
  studio = await startStudioServer({
    root: project(),
    webRoot: web,
    port: 0,
    formats: new FormatRegistry([...BUILT_IN_FORMATS, ...HEAVY]),
    formatModules: [HEAVY_MODULE],
    check: { workers: 2, ...check },
  });
  return studio;
}

const get = async (s: StudioServer, path: string) => {
  const r = await send(s.port, { path });
  return { status: r.status, body: JSON.parse(r.text) as Record<string, unknown> };
};

describe("studio server: checks in worker threads under budgets", () => {
  // decision 246
  it("answers a fast request while a busy check runs, then stops the busy one (over time)", async () => {
    const s = await start({ timeMs: 6000 });
    // Both workers loaded, so the busy check starts at once.
    await Promise.all([get(s, "/api/check?path=a.agr"), get(s, "/api/check?path=b.agr")]);
    const order: string[] = [];
    const busy = get(s, "/api/check?path=busy.spin").then((r) => {
      order.push("busy");
      return r;
    });
    await new Promise((done) => setTimeout(done, 400));
    const files = get(s, "/api/files").then(() => order.push("files"));
    const small = get(s, "/api/check?path=c.agr").then((r) => {
      order.push("small");
      return r;
    });
    const [b, , c] = await Promise.all([busy, files, small]);
    // Both fast requests are answered before the busy check ends (their own order is the OS's).
    expect(order.slice(0, 2).sort()).toEqual(["files", "small"]);
    expect(order[2]).toBe("busy");
    expect(c.body).toMatchObject({ status: "checked", errors: 1 });
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ path: "busy.spin", status: "too-large", over: "time" });
    // The stopped worker is replaced: the server goes on checking.
    expect((await get(s, "/api/check?path=d.agr")).body).toMatchObject({ status: "checked" });
  }, 60_000);

  it("stops a check that fills its worker's heap (over memory)", async () => {
    const s = await start({ heapMiB: 64 });
    const r = await get(s, "/api/check?path=greedy.hog");
    expect(r.body).toMatchObject({ path: "greedy.hog", status: "too-large", over: "memory" });
    expect((await get(s, "/api/check?path=a.agr")).body).toMatchObject({ status: "checked" });
  }, 60_000);

  it("stops the longest-running check when the process is over its resident budget", async () => {
    const s = await start({ residentBytes: 1, timeMs: 60_000 });
    const r = await get(s, "/api/check?path=busy.spin");
    expect(r.body).toMatchObject({ path: "busy.spin", status: "too-large", over: "memory" });
  }, 60_000);

  it("checks a format registered while the server runs on the server's thread", async () => {
    const web = mkdtempSync(join(tmpdir(), "deforma-check-pool-web-"));
    writeFileSync(join(web, "index.html"), "<!doctype html>");
    const root = project();
    writeFileSync(join(root, "late.toy"), "a = 1\nb = x\n");
    const formats = new FormatRegistry(BUILT_IN_FORMATS);
    studio = await startStudioServer({ root, webRoot: web, port: 0, formats });
    expect((await get(studio, "/api/check?path=a.agr")).body).toMatchObject({ errors: 1 });
    formats.register(TOY_FORMAT);
    const r = await get(studio, "/api/check?path=late.toy");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "checked", errors: 1 });
  }, 60_000);
});
