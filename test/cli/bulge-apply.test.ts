import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ArmFiles, armMesh, buildArmFiles } from "../../scripts/demo/arm.js";
import { readBulgeTypes } from "../../src/bulge/catalogue/index.js";
import { BulgeDeformer, poseAngles } from "../../src/bulge/deform/index.js";
import { readGlbMesh, readObj } from "../../src/bulge/mesh/index.js";
import { readRig } from "../../src/bulge/rig/index.js";
import { cli, demoPath } from "../helpers.js";

/** A scratch project with the demo arm, its rig and catalogue. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "bulge-apply-"));
  mkdirSync(join(dir, "misc_data"));
  for (const name of Object.values(ArmFiles)) cpSync(demoPath(name), join(dir, name));
  return dir;
}

const positionsOf = (dir: string, name: string) =>
  readObj(readFileSync(join(dir, name), "utf8")).model!.positions;

const APPLY = ["bulge", "apply", "--rig", "arm.rig.json", "--mesh", "arm.obj"];

describe("bulge apply on the demo arm", () => {
  it("the demo files are up to date with the generator (else npm run demo)", () => {
    for (const [name, text] of buildArmFiles()) {
      expect(readFileSync(demoPath(name), "utf8"), name).toBe(text);
    }
    expect(readRig(readFileSync(demoPath(ArmFiles.rig), "utf8")).diagnostics).toEqual([]);
    expect(readBulgeTypes(readFileSync(demoPath(ArmFiles.catalogue), "utf8")).model.errlog).toEqual(
      [],
    );
    // The demo README states the arm's size.
    expect(readFileSync(demoPath("README.md"), "utf8")).toContain(
      `${armMesh().positions.length / 3} vertices`,
    );
  });

  // decision 235
  it("flexing the elbow bulges the upper arm: the output differs from a pure skin there", async () => {
    const dir = project();
    const r = await cli([...APPLY, "--pose", "elbow=90", "-o", "bent.obj"], dir);
    expect(r.err).toMatch(
      /bent\.obj: written \(\d+ vertices; bulge strength: elbow \(code 5\) 42 % \(activation 84 % × scale 0\.5\)\)/,
    );
    expect(r.code).toBe(0);
    const rest = positionsOf(dir, "arm.obj");
    const bent = positionsOf(dir, "bent.obj");
    const rig = readRig(readFileSync(join(dir, ArmFiles.rig), "utf8")).model!;
    const skin = new BulgeDeformer(rig, [], rest).deform(poseAngles(rig, { elbow: 90 }).angles);
    let upper = 0;
    let elsewhere = 0;
    for (let i = 0; i < rest.length / 3; i++) {
      const d = Math.hypot(
        bent[i * 3]! - skin[i * 3]!,
        bent[i * 3 + 1]! - skin[i * 3 + 1]!,
        bent[i * 3 + 2]! - skin[i * 3 + 2]!,
      );
      if (rest[i * 3]! > 0.02 && rest[i * 3]! < 0.28) upper = Math.max(upper, d);
      else if (rest[i * 3]! > 0.31) elsewhere = Math.max(elsewhere, d);
    }
    expect(upper).toBeGreaterThan(0.02);
    expect(elsewhere).toBeLessThan(1e-6);
    // The forearm turned: its tip went up (+y).
    expect(Math.max(...bent.filter((_, k) => k % 3 === 1))).toBeGreaterThan(0.2);
  });

  it("a flat bulge in the catalogue gives a pure skin; glTF in and out", async () => {
    const dir = project();
    const flat =
      'bulge: "Generic" code: 5\n    angle: 0\n        0.0 0.0 0.0\n        1.0 1.0 0.0\n';
    writeFileSync(join(dir, "flat_types"), flat);
    expect(
      (
        await cli(
          [...APPLY, "--pose", "elbow=90", "-o", "flat.obj", "--catalogue", "flat_types"],
          dir,
        )
      ).code,
    ).toBe(0);
    expect((await cli([...APPLY, "--pose", "elbow=90", "-o", "bulged.glb"], dir)).code).toBe(0);
    const rest = positionsOf(dir, "arm.obj");
    const rig = readRig(readFileSync(join(dir, ArmFiles.rig), "utf8")).model!;
    const skin = new BulgeDeformer(rig, [], rest).deform(poseAngles(rig, { elbow: 90 }).angles);
    expect(positionsOf(dir, "flat.obj")).toEqual(skin);
    const glb = await readGlbMesh(new Uint8Array(readFileSync(join(dir, "bulged.glb"))));
    expect(glb.model!.positions.length).toBe(rest.length);
    expect(glb.model!.positions).not.toEqual(skin);
    // A .glb as input: the rest arm through glTF, then bent, gives the same as from the OBJ.
    expect(
      (
        await cli(
          ["bulge", "apply", "--rig", "arm.rig.json", "--mesh", "arm.obj", "-o", "rest.glb"],
          dir,
        )
      ).code,
    ).toBe(0);
    const restGlb = await readGlbMesh(new Uint8Array(readFileSync(join(dir, "rest.glb"))));
    expect(restGlb.model!.positions).toEqual(rest);
    expect(
      (
        await cli(
          [
            "bulge",
            "apply",
            "--rig",
            "arm.rig.json",
            "--mesh",
            "rest.glb",
            "--pose",
            "elbow=90",
            "-o",
            "bent.obj",
          ],
          dir,
        )
      ).code,
    ).toBe(0);
    expect(positionsOf(dir, "bent.obj")).toEqual(glb.model!.positions);
  });

  it("never overwrites without --force", async () => {
    const dir = project();
    writeFileSync(join(dir, "out.obj"), "keep");
    const r = await cli([...APPLY, "--pose", "elbow=45", "-o", "out.obj"], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain("out.obj exists; not overwritten (use --force)");
    expect(readFileSync(join(dir, "out.obj"), "utf8")).toBe("keep");
    expect(
      (await cli([...APPLY, "--pose", "elbow=45", "-o", "out.obj", "--force"], dir)).code,
    ).toBe(0);
    expect(readFileSync(join(dir, "out.obj"), "utf8")).not.toBe("keep");
  });

  it("a joint the rig lacks in --pose, or a malformed --pose, is a usage error", async () => {
    const dir = project();
    const r = await cli([...APPLY, "--pose", "wrist=30", "-o", "o.obj"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain("the rig has no joint 'wrist' (its joints: shoulder, elbow)");
    const bad = await cli([...APPLY, "--pose", "elbow", "-o", "o.obj"], dir);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--pose elbow: expected JOINT=DEGREES");
    expect(existsSync(join(dir, "o.obj"))).toBe(false);
  });

  // decision 114
  it("a flex angle outside -180…180 degrees is a usage error naming the range", async () => {
    const dir = project();
    for (const angle of ["720", "-180.5", "1e3"]) {
      const r = await cli([...APPLY, "--pose", `elbow=${angle}`, "-o", "o.obj"], dir);
      expect(r.code, angle).toBe(2);
      expect(r.err).toContain(`--pose elbow=${angle}: a flex angle is from -180 to 180 degrees`);
    }
    expect(existsSync(join(dir, "o.obj"))).toBe(false);
    // The bounds themselves are poses.
    for (const angle of ["180", "-180"]) {
      const r = await cli([...APPLY, "--pose", `elbow=${angle}`, "-o", "o.obj", "--force"], dir);
      expect(r.code, angle).toBe(0);
    }
  });

  it("a code the catalogue does not define is refused", async () => {
    const dir = project();
    writeFileSync(
      join(dir, "other_types"),
      'bulge: "Belly" code: 9\n    angle: 0\n        0 0 0\n        1 1 0.1\n',
    );
    const r = await cli(
      [...APPLY, "--pose", "elbow=30", "-o", "o.obj", "--catalogue", "other_types"],
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      "joint 'elbow' uses code 5, which the catalogue other_types does not define (its codes: 9)",
    );
    expect(existsSync(join(dir, "o.obj"))).toBe(false);
  });

  // decision 67
  it("a mesh the rig does not fit is refused with the reason", async () => {
    const dir = project();
    // The arm in millimetres: the rig (metres) lies inside its first millimetre.
    const mm = readFileSync(join(dir, "arm.obj"), "utf8").replace(
      /^v (\S+) (\S+) (\S+)$/gm,
      (_, x, y, z) => `v ${x * 1000} ${y * 1000} ${z * 1000}`,
    );
    writeFileSync(join(dir, "mm.obj"), mm);
    const r = await cli(
      ["bulge", "apply", "--rig", "arm.rig.json", "--mesh", "mm.obj", "-o", "o.obj"],
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      "does not fit the mesh mm.obj: joint 'shoulder': no vertex of the mesh lies along its bone within its radius 0.08",
    );
    writeFileSync(join(dir, "far.obj"), "v 10 10 10\nv 11 10 10\nv 10 11 10\nf 1 2 3\n");
    const far = await cli(
      ["bulge", "apply", "--rig", "arm.rig.json", "--mesh", "far.obj", "-o", "o.obj"],
      dir,
    );
    expect(far.err).toMatch(/joint 'shoulder': its head \(0, 0, 0\) lies outside the mesh/);
  });

  it("OBJ errors in the mesh are printed located, and nothing is written", async () => {
    const dir = project();
    writeFileSync(join(dir, "bad.obj"), "v 0 0 0\nv 1 x 0\nf 1 2 3\n");
    const r = await cli(
      ["bulge", "apply", "--rig", "arm.rig.json", "--mesh", "bad.obj", "-o", "o.obj"],
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/bad\.obj:2:5: error OBJ001/);
    expect(existsSync(join(dir, "o.obj"))).toBe(false);
  });
});
