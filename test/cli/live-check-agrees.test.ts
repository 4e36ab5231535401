/**
 * `deforma check SCENE` and `deforma live check SCENE` report the same
 * findings: the scene format's descriptor checks the key-frame pictures
 * through the companion reader (`context.read`), with the same loader.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createImage } from "../../src/live/image.js";
import { encodePng } from "../../src/live/png.js";
import { cli, demoPath } from "../helpers.js";

const SCENE = "face.scene.json";

/** A scratch copy of demo/live; returns its folder. */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-live-agree-"));
  cpSync(demoPath("live"), dir, { recursive: true });
  return dir;
}

/** The findings both commands print, text and JSON. */
async function both(dir: string): Promise<{ check: string[]; live: string[]; codes: string[] }> {
  const check = await cli(["check", SCENE, "--json"], dir);
  const live = await cli(["live", "check", SCENE, "--json"], dir);
  const checkText = await cli(["check", SCENE], dir);
  const liveText = await cli(["live", "check", SCENE], dir);
  // The findings' lines (everything but each command's own verdict line).
  const findings = (out: string) => out.split("\n").filter((l) => !l.startsWith(`${SCENE}: `));
  expect(check.code).toBe(live.code);
  expect(findings(checkText.out)).toEqual(findings(liveText.out));
  const json = (out: string) =>
    (JSON.parse(out) as { diagnostics: { code: string }[] }).diagnostics;
  expect(json(check.out)).toEqual(json(live.out));
  return {
    check: findings(checkText.out),
    live: findings(liveText.out),
    codes: json(check.out).map((d) => d.code),
  };
}

describe("check and live check agree on a scene", () => {
  // decision 130
  it("on a missing, a broken and a wrong-sized picture (PNG codes at the frames' images)", async () => {
    const dir = scratch();
    rmSync(join(dir, "face-smile.png"));
    writeFileSync(join(dir, "face-surprise.png"), "not a picture\n");
    writeFileSync(join(dir, "face-talk.png"), encodePng(createImage(32, 24)));
    const r = await both(dir);
    expect(r.codes).toEqual(["PNG010", "PNG001", "PNG013"]);
    expect(r.check.join("\n")).toMatch(
      /face\.scene\.json:\d+:\d+: error PNG010: frame 'smile': 'face-smile\.png' does not exist/,
    );
  });

  it("on the sound demo scene (no findings)", async () => {
    const r = await both(scratch());
    expect(r.codes).toEqual([]);
  });
});
