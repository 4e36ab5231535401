import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultBulgeTypes } from "../../src/bulge/catalogue/default.js";
import { readGlbMesh } from "../../src/bulge/mesh/index.js";
import { writeRig } from "../../src/bulge/rig/write.js";
import { armRigOf, makeCharacter } from "../bulge/gltf-character.js";
import { cli, corpusFile } from "../helpers.js";

/** A scratch project: the character, an arm-only rig on it and the default catalogue. */
async function project() {
  const dir = mkdtempSync(join(tmpdir(), "bulge-gltf-"));
  const c = await makeCharacter();
  writeFileSync(join(dir, "char.glb"), c.glb);
  writeFileSync(join(dir, "arm.rig.json"), writeRig(await armRigOf(c)));
  mkdirSync(join(dir, "misc_data"));
  writeFileSync(join(dir, "misc_data", "bulge_types"), defaultBulgeTypes());
  return { dir, c };
}

const APPLY = ["bulge", "apply", "--rig", "arm.rig.json", "--mesh", "char.glb"];

describe("bulge apply on a skinned glTF", () => {
  // decision 255
  it("two meshes and no --mesh-name: a usage error listing their names, nothing written", async () => {
    const { dir } = await project();
    const r = await cli([...APPLY, "--pose", "ForeArm=90", "-o", "out.glb"], dir);
    expect(r.err).toContain(
      "char.glb has 2 meshes; pick one with --mesh-name NAME (its meshes: 'Body', 'Markers')",
    );
    expect(r.code).toBe(2);
    const bad = await cli(
      [...APPLY, "--mesh-name", "Legs", "--pose", "ForeArm=90", "-o", "out.glb"],
      dir,
    );
    expect(bad.err).toContain(
      "--mesh-name Legs: char.glb has no such mesh (its meshes: 'Body', 'Markers')",
    );
  });

  // decision 258
  it("--mesh-name Body: the body with its own skin; the toes never move when the elbow flexes", async () => {
    const { dir, c } = await project();
    const r = await cli(
      [...APPLY, "--mesh-name", "Body", "--pose", "ForeArm=90", "-o", "out.glb"],
      dir,
    );
    expect(r.err).toMatch(
      /out\.glb: written \(\d+ vertices; bulge strength: ForeArm \(code 5\) 100 % \(activation 100 % × scale 1\)\)/,
    );
    expect(r.code).toBe(0);
    const out = (await readGlbMesh(new Uint8Array(readFileSync(join(dir, "out.glb"))))).model!;
    expect(out.positions.length).toBe(c.bodyWorld.length);
    let leg = 0;
    let arm = 0;
    c.bodyLimb.forEach((limb, i) => {
      const d = Math.hypot(
        ...[0, 1, 2].map((e) => out.positions[i * 3 + e]! - c.bodyWorld[i * 3 + e]!),
      );
      if (["UpLeg", "Leg", "Foot", "Toe"].includes(limb)) leg = Math.max(leg, d);
      else arm = Math.max(arm, d);
    });
    expect(leg).toBeLessThan(1e-6);
    expect(arm).toBeGreaterThan(0.05);
  });

  it("--mesh-name on an OBJ is a usage error", async () => {
    const { dir } = await project();
    writeFileSync(join(dir, "m.obj"), "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    const r = await cli(
      [
        "bulge",
        "apply",
        "--rig",
        "arm.rig.json",
        "--mesh",
        "m.obj",
        "--mesh-name",
        "x",
        "-o",
        "o.obj",
      ],
      dir,
    );
    expect(r.err).toContain("--mesh-name x: an OBJ holds one mesh");
    expect(r.code).toBe(2);
  });

  const xbot = corpusFile("characters/Xbot.glb");
  it.skipIf(!xbot)("the corpus X Bot: two meshes listed by name", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bulge-xbot-"));
    writeFileSync(join(dir, "x.rig.json"), writeRig(await armRigOf(await makeCharacter())));
    writeFileSync(join(dir, "Xbot.glb"), readFileSync(xbot!));
    mkdirSync(join(dir, "misc_data"));
    writeFileSync(join(dir, "misc_data", "bulge_types"), defaultBulgeTypes());
    const r = await cli(
      ["bulge", "apply", "--rig", "x.rig.json", "--mesh", "Xbot.glb", "-o", "o.glb"],
      dir,
    );
    expect(r.err).toContain("'Beta_Joints'");
    expect(r.err).toContain("'Beta_Surface'");
  });
});

describe("deforma check on a .glb", () => {
  it("reads it as the bulge system's binary glTF: ok for the character, GLT001 at byte 0 for a broken one", async () => {
    const { dir } = await project();
    const ok = await cli(["check", "char.glb", "--json"], dir);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out).ok).toBe(true);
    const bytes = readFileSync(join(dir, "char.glb"));
    writeFileSync(join(dir, "cut.glb"), bytes.subarray(0, 100));
    const cut = await cli(["check", "cut.glb"], dir);
    expect(cut.code).toBe(1);
    expect(cut.out + cut.err).toMatch(/cut\.glb:1:1: error GLT001/);
  });
});
