/**
 * `--allow-outside` on the bulge commands (issue 23): a catalogue beside a
 * rig, or a project's catalogue, that is a link out of the folder is refused
 * without it and read with it; every command has the one option definition.
 */
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ArmFiles, buildArmFiles } from "../../scripts/demo/arm.js";
import { agrFromVtk } from "../../src/cli/commands/agr-from-vtk.js";
import { amxValidate } from "../../src/cli/commands/amx-validate.js";
import { bulgeApply } from "../../src/cli/commands/bulge-apply.js";
import { bulgeBake } from "../../src/cli/commands/bulge-bake.js";
import { bulgeRm } from "../../src/cli/commands/bulge-rm.js";
import { liveCheck } from "../../src/cli/commands/live-check.js";
import { liveRender } from "../../src/cli/commands/live-render.js";
import { mixedExport } from "../../src/cli/commands/mixed-export.js";
import { rigCheck } from "../../src/cli/commands/rig-check.js";
import { ALLOW_OUTSIDE_OPTION } from "../../src/cli/options.js";
import { cli } from "../helpers.js";

/** The demo arm in a scratch folder, its catalogue moved out and linked back in. */
function armWithCatalogueOutside(): { dir: string; outside: string } {
  const dir = mkdtempSync(join(tmpdir(), "allow-outside-"));
  for (const [name, text] of buildArmFiles()) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const outside = join(mkdtempSync(join(tmpdir(), "allow-outside-out-")), "bulge_types");
  renameSync(join(dir, ArmFiles.catalogue), outside);
  symlinkSync(outside, join(dir, ArmFiles.catalogue));
  return { dir, outside };
}

const apply = (extra: string[]) => [
  "bulge",
  "apply",
  "--rig",
  ArmFiles.rig,
  "--mesh",
  ArmFiles.mesh,
  "--pose",
  "elbow=30",
  "-o",
  "o.obj",
  ...extra,
];

// decision 298
describe("--allow-outside on the bulge commands", () => {
  it("rig check reads the catalogue beside the rig that links out only with it", async () => {
    const { dir } = armWithCatalogueOutside();
    const refused = await cli(["rig", "check", ArmFiles.rig, "--json"], dir);
    expect(refused.out).toMatch(/RIG023/);
    expect(refused.out).toMatch(/outside the folder/);
    const allowed = await cli(["rig", "check", ArmFiles.rig, "--json", "--allow-outside"], dir);
    expect(allowed.code).toBe(0);
    expect(allowed.out).not.toMatch(/RIG023/);
  });

  it("bulge apply refuses such a catalogue without it and poses with it", async () => {
    const { dir } = armWithCatalogueOutside();
    const refused = await cli(apply([]), dir);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toMatch(/outside the folder/);
    const allowed = await cli(apply(["--allow-outside"]), dir);
    expect(allowed.err).toMatch(/o.obj: written .*elbow \(code 5\)/);
    expect(allowed.code).toBe(0);
    expect(readFileSync(join(dir, "o.obj"), "utf8")).toMatch(/^v /m);
  });

  it("bulge rm edits a project's catalogue that links out only with it", async () => {
    const { dir, outside } = armWithCatalogueOutside();
    const argv = ["bulge", "rm", "--code", "5", "--project", ".", "--force"];
    const refused = await cli(argv, dir);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/outside the folder/);
    const allowed = await cli([...argv, "--allow-outside"], dir);
    expect(allowed.code).toBe(0);
    expect(allowed.err).toMatch(/removed "Generic" \(code 5\)/);
    expect(readFileSync(outside, "utf8")).not.toMatch(/Generic/);
  });

  it("is one option definition, the same object on every command that has it", () => {
    const commands = [
      agrFromVtk,
      amxValidate,
      mixedExport,
      liveCheck,
      liveRender,
      rigCheck,
      bulgeApply,
      bulgeBake,
      bulgeRm,
    ];
    for (const c of commands) {
      expect(c.options["allow-outside"], c.usage).toBe(ALLOW_OUTSIDE_OPTION);
      expect(c.usage, "named in the usage").toMatch(/\[--allow-outside\]/);
    }
  });
});
