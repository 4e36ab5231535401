/**
 * The studio server's `/api/check` of a live scene goes through the scene
 * format's descriptor with the companion reader: a missing key-frame picture
 * is PNG010 at the frame's `image`, as `live check` reports it, and putting
 * the picture back makes the next check read it again (the check cache
 * watches the pictures the check read).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormatRegistry } from "../../src/core/index.js";
import { LIVE_FORMATS } from "../../src/live/index.js";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { cli, demoPath, pos } from "../helpers.js";
import { send } from "./http-client.js";

const project = mkdtempSync(join(tmpdir(), "deforma-check-live-"));
cpSync(demoPath("live"), join(project, "live"), { recursive: true });
const web = mkdtempSync(join(tmpdir(), "deforma-check-live-web-"));
writeFileSync(join(web, "index.html"), "<!doctype html>");

let studio: StudioServer;
beforeAll(async () => {
  studio = await startStudioServer({
    root: project,
    webRoot: web,
    port: 0,
    formats: new FormatRegistry(LIVE_FORMATS),
  });
});
afterAll(() => studio.close());

const check = async () => {
  const r = await send(studio.port, { path: "/api/check?path=live/face.scene.json" });
  return JSON.parse(r.text) as {
    ok: boolean;
    diagnostics: { code: string; line: number; column: number; message: string }[];
  };
};

describe("studio server: GET /api/check of a live scene", () => {
  it("reports a missing picture as live check does, and sees it come back", async () => {
    expect((await check()).ok).toBe(true);
    const picture = join(project, "live", "face-smile.png");
    const bytes = readFileSync(picture);
    rmSync(picture);
    const broken = await check();
    const text = readFileSync(join(project, "live", "face.scene.json"), "utf8");
    expect(broken.ok).toBe(false);
    expect(broken.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual([
      `PNG010@${pos(text, '"face-smile.png"')}`,
    ]);
    const live = await cli(["live", "check", "face.scene.json", "--json"], join(project, "live"));
    const cliFindings = (JSON.parse(live.out) as { diagnostics: { message: string }[] })
      .diagnostics;
    expect(broken.diagnostics.map((d) => d.message)).toEqual(cliFindings.map((d) => d.message));
    writeFileSync(picture, bytes);
    expect((await check()).ok).toBe(true);
  });
});
