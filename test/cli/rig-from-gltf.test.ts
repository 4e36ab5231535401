import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultBulgeTypes } from "../../src/bulge/catalogue/default.js";
import { readObj } from "../../src/bulge/mesh/index.js";
import { readRig } from "../../src/bulge/rig/index.js";
import { writeRig } from "../../src/bulge/rig/write.js";
import { makeCharacter } from "../bulge/gltf-character.js";
import { cli, corpusFile } from "../helpers.js";

async function project() {
  const dir = mkdtempSync(join(tmpdir(), "rig-from-gltf-"));
  const c = await makeCharacter();
  writeFileSync(join(dir, "char.glb"), c.glb);
  return { dir, c };
}

describe("rig from-gltf", () => {
  // decision 261, decision 292
  it("one joint per skin joint, parents before children, heads at the joints' world origins, no bulge codes", async () => {
    const { dir, c } = await project();
    const r = await cli(["rig", "from-gltf", "char.glb", "-o", "char.rig.json"], dir);
    expect(r.err).toContain("char.rig.json: written (10 joints; no bulge codes yet");
    // decision 292: where each flex axis came from is said, never guessed silently.
    expect(r.err).toContain(
      "info RIG044: joint 'ForeArm': flex axis from clip 'Wave' (3 keys; up to 60° about it): local +Z",
    );
    expect(r.err).toContain("flex axis local +X (no clip bends the joint by more than 5°) for 9");
    expect(r.err).toContain("flex axes: 1 from clips, 9 local +X)");
    expect(r.code).toBe(0);
    const read = readRig(readFileSync(join(dir, "char.rig.json"), "utf8"));
    expect(read.diagnostics).toEqual([]);
    const rig = read.model!;
    expect(rig.mesh).toBe("char.glb");
    expect(rig.joints.map((j) => j.name).sort()).toEqual([...c.joints].sort());
    const byName = new Map(rig.joints.map((j) => [j.name, j]));
    expect(byName.get("Hips")!.parent).toBeNull();
    expect(byName.get("ForeArm")!.parent).toBe("UpperArm");
    expect(byName.get("UpLeg")!.parent).toBe("Hips");
    for (const j of rig.joints) {
      const want = c.heads.get(j.name)!;
      expect(Math.hypot(...j.head.map((v, a) => v - want[a]!))).toBeLessThan(1e-5);
      expect(j.bulge).toBeUndefined();
      expect(j.radius).toBeGreaterThan(0);
    }
    // The hips' bone runs to the spine (the largest subtree), the forearm's to the hand.
    const tail = (n: string) => byName.get(n)!.tail;
    expect(Math.hypot(...tail("Hips").map((v, a) => v - c.heads.get("Spine")![a]!))).toBeLessThan(
      1e-5,
    );
    expect(Math.hypot(...tail("ForeArm").map((v, a) => v - c.heads.get("Hand")![a]!))).toBeLessThan(
      1e-5,
    );
    // Every joint's parent comes first.
    const seen = new Set<string>();
    for (const j of rig.joints) {
      if (j.parent !== null) expect(seen.has(j.parent)).toBe(true);
      seen.add(j.name);
    }
  });

  // decision 258, decision 262
  it("from-gltf → a code on the elbow → bulge apply: the arm bulges, the toes stay", async () => {
    const { dir, c } = await project();
    await cli(["rig", "from-gltf", "char.glb", "-o", "char.rig.json"], dir);
    const rig = readRig(readFileSync(join(dir, "char.rig.json"), "utf8")).model!;
    rig.joints.find((j) => j.name === "ForeArm")!.bulge = { code: 5, fullAngle: 90, scale: 1 };
    writeFileSync(join(dir, "char.rig.json"), writeRig(rig));
    mkdirSync(join(dir, "misc_data"));
    writeFileSync(join(dir, "misc_data", "bulge_types"), defaultBulgeTypes());
    const r = await cli(
      [
        "bulge",
        "apply",
        "--rig",
        "char.rig.json",
        "--mesh",
        "char.glb",
        "--mesh-name",
        "Body",
        "--pose",
        "ForeArm=60",
        "-o",
        "o.obj",
      ],
      dir,
    );
    expect(r.err).toContain("o.obj: written");
    expect(r.code).toBe(0);
    const out = readObj(readFileSync(join(dir, "o.obj"), "utf8")).model!.positions;
    let leg = 0;
    let arm = 0;
    c.bodyLimb.forEach((limb, i) => {
      const d = Math.hypot(...[0, 1, 2].map((e) => out[i * 3 + e]! - c.bodyWorld[i * 3 + e]!));
      if (["UpLeg", "Leg", "Foot", "Toe"].includes(limb)) leg = Math.max(leg, d);
      else if (limb !== "UpperArm") arm = Math.max(arm, d);
    });
    expect(leg).toBeLessThan(1e-6);
    expect(arm).toBeGreaterThan(0.05);
  });

  // decision 292
  it("from-gltf → a code on the elbow → bulge bake: the clip keys the bulge's weights", async () => {
    const { dir } = await project();
    await cli(["rig", "from-gltf", "char.glb", "-o", "char.rig.json"], dir);
    const rig = readRig(readFileSync(join(dir, "char.rig.json"), "utf8")).model!;
    rig.joints.find((j) => j.name === "ForeArm")!.bulge = { code: 5, fullAngle: 90, scale: 1 };
    writeFileSync(join(dir, "char.rig.json"), writeRig(rig));
    mkdirSync(join(dir, "misc_data"));
    writeFileSync(join(dir, "misc_data", "bulge_types"), defaultBulgeTypes());
    const args = ["bulge", "bake", "char.glb", "--rig", "char.rig.json", "--mesh-name", "Body"];
    const r = await cli([...args, "-o", "out.glb"], dir);
    expect(r.code).toBe(0);
    const { WebIO } = await import("@gltf-transform/core");
    const out = await new WebIO().readBinary(readFileSync(join(dir, "out.glb")));
    const channel = out
      .getRoot()
      .listAnimations()[0]!
      .listChannels()
      .find((c) => c.getTargetPath() === "weights")!;
    const weights = [...channel.getSampler()!.getOutput()!.getArray()!];
    // The clip flexes the elbow 0 → 60° of a full 90°: smoothstep(2/3) ≈ 0.74 at its end.
    expect(weights[0]).toBe(0);
    expect(Math.max(...weights)).toBeGreaterThan(0.7);
  });

  it("an existing OUT is kept without --force; a name not ending in .rig.json and a glTF without skin are refused", async () => {
    const { dir } = await project();
    writeFileSync(join(dir, "x.rig.json"), "mine");
    const kept = await cli(["rig", "from-gltf", "char.glb", "-o", "x.rig.json"], dir);
    expect(kept.err).toContain("x.rig.json exists; not overwritten (use --force)");
    expect(readFileSync(join(dir, "x.rig.json"), "utf8")).toBe("mine");
    const bad = await cli(["rig", "from-gltf", "char.glb", "-o", "x.json"], dir);
    expect(bad.code).toBe(2);
    const { WebIO } = await import("@gltf-transform/core");
    const doc = await new WebIO().readBinary(readFileSync(join(dir, "char.glb")));
    for (const n of doc.getRoot().listNodes()) n.setSkin(null);
    for (const s of doc.getRoot().listSkins()) s.dispose();
    writeFileSync(join(dir, "plain.glb"), await new WebIO().writeBinary(doc));
    const none = await cli(["rig", "from-gltf", "plain.glb", "-o", "p.rig.json"], dir);
    expect(none.err).toContain("RIG040");
    expect(none.code).toBe(1);
    expect(existsSync(join(dir, "p.rig.json"))).toBe(false);
  });

  const xbot = corpusFile("characters/Xbot.glb");
  it.skipIf(!xbot)("the corpus X Bot: 65 joints, a rig that passes its checks", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rig-xbot-"));
    writeFileSync(join(dir, "Xbot.glb"), readFileSync(xbot!));
    const r = await cli(["rig", "from-gltf", "Xbot.glb", "-o", "x.rig.json"], dir);
    expect(r.err).toContain("x.rig.json: written (65 joints");
    expect(readRig(readFileSync(join(dir, "x.rig.json"), "utf8")).diagnostics).toEqual([]);
  });
});
