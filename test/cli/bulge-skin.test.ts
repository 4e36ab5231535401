/**
 * Skin that stays whole, from the command line: `bulge lint` warns about
 * profiles that do not end at 0 (BLG030); `bulge apply` keeps joints within
 * their limits, measures in limb radii, skins with dual quaternions and
 * reports volumes.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ArmFiles, armRig, buildArmFiles } from "../../scripts/demo/arm.js";
import { openEndWarnings, readBulgeTypes } from "../../src/bulge/catalogue/index.js";
import { type Rig, writeRig } from "../../src/bulge/rig/index.js";
import { cli, fixture } from "../helpers.js";

function write(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-ends-"));
  writeFileSync(join(dir, "bulge_types"), text);
  return dir;
}

describe("bulge lint: open ends", () => {
  it("warns, located at the value, when a profile's end is not 0; the exit code stays 0", async () => {
    const dir = write(fixture("bulge/manual-generic.bulge_types"));
    const r = await cli(["bulge", "lint", "bulge_types"], dir);
    expect(r.code).toBe(0);
    // "0.008335" on line 3 (the first keypoint of the section at angle 0), its third value.
    expect(r.err).toContain("bulge_types:3:");
    expect(r.err).toMatch(/warning.*BLG030/);
    expect(r.err).toContain("ends at y 0.008335");
    expect(r.out).toContain("1 definition listed");
  });

  it("x off the circle icon at an end is warned about too; closed profiles are not", () => {
    const text =
      'bulge: "A" code: 1\nangle: 0\n0 0.1 0\n1 0.9 0.0125\nangle: 90\n0 0 0\n0.5 0.5 0.2\n1 1 0\n';
    const r = readBulgeTypes(text);
    const w = openEndWarnings(r.model.bulges[0]!, r.spans[0]);
    expect(w.map((d) => [d.code, text.slice(d.start, d.end)])).toEqual([
      ["BLG030", "0.1"],
      ["BLG030", "0.9"],
      ["BLG030", "0.0125"],
    ]);
    expect(w[2]!.args).toEqual({ bulge: '"A"', angle: 0, position: "1.0", value: 0.0125 });
  });
});

/** A scratch project with the demo arm as the generator makes it; `rig` edits the rig. */
function armProject(rig: (r: Rig) => void = () => {}): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-skin-"));
  mkdirSync(join(dir, "misc_data"));
  for (const [name, text] of buildArmFiles()) writeFileSync(join(dir, name), text);
  const r = armRig(ArmFiles.mesh);
  rig(r);
  writeFileSync(join(dir, ArmFiles.rig), writeRig(r));
  return dir;
}

const APPLY = ["bulge", "apply", "--rig", ArmFiles.rig, "--mesh", ArmFiles.mesh];

describe("bulge apply: joint limits", () => {
  // decision 227
  it("a flex beyond the joint's limits is a usage error naming them; within them it is posed", async () => {
    const dir = armProject((r) => {
      r.joints[1]!.limits = [0, 145];
    });
    for (const angle of ["150", "-5", "720"]) {
      const r = await cli([...APPLY, "--pose", `elbow=${angle}`, "-o", "o.obj"], dir);
      expect(r.code, angle).toBe(2);
      expect(r.err).toContain(
        `--pose elbow=${angle}: joint 'elbow' flexes from 0 to 145 degrees (its limits in the rig), found ${angle}`,
      );
    }
    const ok = await cli([...APPLY, "--pose", "elbow=145", "-o", "o.obj"], dir);
    expect(ok.code).toBe(0);
  });
});

describe("bulge apply --json: volumes, units, skinning", () => {
  const run = async (dir: string, ...extra: string[]) => {
    const r = await cli(
      [...APPLY, "--pose", "elbow=120", "-o", "o.obj", "--force", "--json", ...extra],
      dir,
    );
    expect(r.code, r.err).toBe(0);
    return JSON.parse(r.out) as {
      skinning: string;
      pose: Record<string, number>;
      bulges: {
        joint: string;
        code: number;
        unit: string;
        activation: number;
        scale: number;
        strength: number;
      }[];
      volume: {
        closed: boolean;
        rest: number;
        skinned: number;
        posed: number;
        change: number;
        bulgeChange: number;
      };
    };
  };

  // decision 228
  it("reports the closed arm's volume per pose; in limb radii Generic adds a few %, in bone lengths over 40 %", async () => {
    const dir = armProject();
    const bone = await run(dir);
    expect(bone.pose).toEqual({ shoulder: 0, elbow: 120 });
    expect(bone.bulges).toEqual([
      { joint: "elbow", code: 5, unit: "bone", activation: 1, scale: 0.5, strength: 0.5 },
    ]);
    expect(bone.skinning).toBe("linear");
    expect(bone.volume.closed).toBe(true);
    expect(bone.volume.rest).toBeCloseTo(0.002289, 5);
    expect(bone.volume.bulgeChange).toBeGreaterThan(0.4);
    const radius = await run(dir, "--unit", "radius");
    expect(radius.bulges[0]!.unit).toBe("radius");
    expect(radius.volume.bulgeChange).toBeGreaterThan(0.02);
    expect(radius.volume.bulgeChange).toBeLessThan(0.08);
    // The rig's own unit does the same as the flag.
    const inRig = armProject((r) => {
      r.joints[1]!.bulge!.unit = "radius";
    });
    expect((await run(inRig)).volume.posed).toBe(radius.volume.posed);
  });

  // decision 229
  it("--skinning dq keeps the bent elbow's volume where the linear blend loses some", async () => {
    const dir = armProject((r) => {
      r.joints[1]!.bulge!.scale = 0;
    });
    const lbs = await run(dir);
    const dq = await run(dir, "--skinning", "dq");
    expect(dq.skinning).toBe("dual-quaternion");
    expect(lbs.volume.change).toBeLessThan(-0.02);
    expect(Math.abs(dq.volume.change)).toBeLessThan(0.005);
  });

  it("an open mesh has no volume: closed false", async () => {
    const dir = armProject();
    // Drop the shoulder's cap: the triangles that use the first pole vertex.
    const obj = buildArmFiles().get(ArmFiles.mesh)!;
    const pole = obj.split("\n").filter((l) => l.startsWith("v ")).length - 1; // 1-based index of the first pole
    const open = obj
      .split("\n")
      .filter(
        (l) =>
          !(
            l.startsWith("f ") &&
            l
              .split(" ")
              .slice(1)
              .some((c) => Number(c.split("/")[0]) === pole)
          ),
      )
      .join("\n");
    writeFileSync(join(dir, ArmFiles.mesh), open);
    expect((await run(dir)).volume).toEqual({ closed: false });
  });
});
