/** `GET /api/share`: the page of a project file, as `deforma share` writes it (docs/player.md; decision 329). */
import { existsSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playerBundlePath } from "../../src/node/share/index.js";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { copyDemo } from "../helpers.js";
import { send } from "./http-client.js";

const project = mkdtempSync(join(tmpdir(), "deforma-share-api-"));
copyDemo(join(project, "live"), "live");
writeFileSync(join(project, "notes.txt"), "not shareable\n");
const outside = mkdtempSync(join(tmpdir(), "deforma-share-api-out-"));
copyDemo(outside, "live");
symlinkSync(join(outside, "face.scene.json"), join(project, "link.scene.json"));
const web = mkdtempSync(join(tmpdir(), "deforma-share-api-web-"));
writeFileSync(join(web, "index.html"), "<!doctype html>");

let studio: StudioServer;
beforeAll(async () => {
  if (!existsSync(playerBundlePath())) throw new Error("dist/player is missing: run npm run build");
  studio = await startStudioServer({ root: project, webRoot: web, port: 0 });
}, 60_000);
afterAll(() => studio.close());

const get = (path: string) => send(studio.port, { path });

describe("GET /api/share", () => {
  // decision 329
  it("sends a live scene's page as a download named after the scene, in the language asked", async () => {
    const r = await get("/api/share?path=live/face.scene.json&lang=ru");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(r.headers["content-disposition"]).toContain('attachment; filename="face.html"');
    expect(r.text).toContain('<html lang="ru">');
    expect(r.text).toContain("face.scene.json · выгружено из Deforma");
    expect(r.text).toContain('<deforma-live data-embedded="deforma-data"');
  });

  it("answers a file that cannot be shared with 422 and its located findings", async () => {
    const r = await get("/api/share?path=notes.txt");
    expect(r.status).toBe(422);
    const body = JSON.parse(r.text) as {
      ok: boolean;
      diagnostics: { code: string; line: number }[];
    };
    expect(body.ok).toBe(false);
    expect(body.diagnostics.map((d) => `${d.code}@${d.line}`)).toEqual(["FMT008@1"]);
  });

  it("keeps the other endpoints' path rules", async () => {
    expect((await get("/api/share?path=../etc/passwd")).status).toBe(400);
    expect((await get("/api/share?path=missing.scene.json")).status).toBe(404);
    expect((await get("/api/share?path=link.scene.json")).status).toBe(403);
    expect((await get("/api/share?path=live/face.scene.json&lang=fr")).status).toBe(400);
    expect((await get("/api/share")).status).toBe(400);
    const post = await send(studio.port, { method: "POST", path: "/api/share?path=notes.txt" });
    expect([403, 405]).toContain(post.status);
  });
});
