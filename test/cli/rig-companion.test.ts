import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ArmFiles, buildArmFiles } from "../../scripts/demo/arm.js";
import { BULGE_FORMATS } from "../../src/bulge/index.js";
import { FormatRegistry } from "../../src/core/index.js";
import { startStudioServer } from "../../src/studio/server.js";
import { cli } from "../helpers.js";
import { send } from "../studio/http-client.js";

/** A scratch project under `sub/` with the demo arm's rig and catalogue; the elbow's code replaced by `code`. */
function project(code: number): string {
  const dir = mkdtempSync(join(tmpdir(), "rig-companion-"));
  for (const [name, text] of buildArmFiles()) {
    if (name === ArmFiles.mesh) continue;
    const path = join(dir, "sub", name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      name === ArmFiles.rig ? text.replace('"code": 5', `"code": ${code}`) : text,
    );
  }
  return dir;
}

/** The diagnostics of a `--json` reply. */
const findings = (out: string) => JSON.parse(out).diagnostics as { code: string; line: number }[];

describe("the rig's companion check: `check` reports what `rig check` reports", () => {
  // decision 115
  it("a code the catalogue beside the rig lacks is RIG020 in both, at the same place", async () => {
    const dir = project(99);
    const rig = `sub/${ArmFiles.rig}`;
    const own = await cli(["rig", "check", rig, "--json"], dir);
    const any = await cli(["check", rig, "--json"], dir);
    expect(own.code).toBe(1);
    expect(any.code).toBe(1);
    expect(findings(own.out).map((d) => d.code)).toEqual(["RIG020"]);
    expect(findings(any.out)).toEqual(findings(own.out));
    expect(findings(any.out)[0]).toMatchObject({
      line: 22,
      message: "joint 'elbow': bulge code 99 is not defined in sub/misc_data/bulge_types",
    });
  });

  it("a code the catalogue defines: both ok", async () => {
    const dir = project(5);
    const rig = `sub/${ArmFiles.rig}`;
    expect((await cli(["rig", "check", rig], dir)).code).toBe(0);
    const any = await cli(["check", rig], dir);
    expect(any.code).toBe(0);
    expect(any.out).toContain("ok (skeleton rig");
  });

  it("without a catalogue beside the rig, codes are not checked by either", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rig-companion-"));
    const text = buildArmFiles().get(ArmFiles.rig)!.replace('"code": 5', '"code": 99');
    writeFileSync(join(dir, "arm.rig.json"), text);
    expect((await cli(["rig", "check", "arm.rig.json"], dir)).code).toBe(0);
    expect((await cli(["check", "arm.rig.json"], dir)).code).toBe(0);
  });

  // decision 115
  it("the studio's check of the rig says the same (the server gives the companion reader)", async () => {
    const dir = project(99);
    const web = mkdtempSync(join(tmpdir(), "rig-companion-web-"));
    writeFileSync(join(web, "index.html"), "<!doctype html>");
    const studio = await startStudioServer({
      root: dir,
      webRoot: web,
      port: 0,
      formats: new FormatRegistry(BULGE_FORMATS),
    });
    try {
      const r = await send(studio.port, { path: `/api/check?path=sub/${ArmFiles.rig}` });
      const reply = JSON.parse(r.text);
      expect(reply).toMatchObject({ ok: false, errors: 1 });
      expect(reply.diagnostics[0]).toMatchObject({ code: "RIG020", line: 22 });
    } finally {
      await studio.close();
    }
  });
});
