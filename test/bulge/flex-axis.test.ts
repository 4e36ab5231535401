import { readFileSync } from "node:fs";
import { WebIO } from "@gltf-transform/core";
import { describe, expect, it } from "vitest";
import { GENERIC_BULGE } from "../../src/bulge/catalogue/default.js";
import { principalAxis } from "../../src/bulge/gltf/flex-axis.js";
import { bakeBulges, readGltf, rigFromGltf } from "../../src/bulge/gltf/index.js";
import type { Rig } from "../../src/bulge/rig/model.js";
import { corpusFile } from "../helpers.js";
import { makeCharacter, qmul, quat, worldAxis } from "./gltf-character.js";

type V3 = [number, number, number];

/** The character with its clip "Wave" re-keyed: the forearm turned `degrees × t` about local `axis`. */
async function rekeyed(axis: V3, degrees: number): Promise<Uint8Array> {
  const doc = await new WebIO().readBinary((await makeCharacter()).glb);
  const ch = doc.getRoot().listAnimations()[0]!.listChannels()[0]!;
  const rest = ch.getTargetNode()!.getRotation() as [number, number, number, number];
  const values = [0, 0.5, 1].flatMap((t) => qmul(rest, quat(axis, degrees * t)));
  ch.getSampler()!.getOutput()!.setArray(new Float32Array(values));
  return new WebIO().writeBinary(doc);
}

async function rigOf(glb: Uint8Array) {
  const r = await readGltf(glb);
  return { read: r, made: rigFromGltf(r.model!, 0) };
}

function near(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

/** The largest morph weight the baked file's clips give `rig`'s bulge on "Body". */
async function bakedWeight(glb: Uint8Array, rig: Rig): Promise<number> {
  const r = await readGltf(glb);
  const body = r.model!.meshes.find((m) => m.name === "Body")!;
  const baked = bakeBulges(glb, r.model!, r.document!, body, rig, [GENERIC_BULGE]);
  if (baked.error !== undefined) throw new Error(baked.error);
  const out = await new WebIO().readBinary(baked.glb);
  let largest = 0;
  for (const a of out.getRoot().listAnimations())
    for (const c of a.listChannels())
      if (c.getTargetPath() === "weights")
        for (const w of c.getSampler()!.getOutput()!.getArray()!) largest = Math.max(largest, w);
  return largest;
}

describe("rig from-gltf: flex axes from the clips", () => {
  // decision 292
  it("the elbow the clip bends about its local z gets ±Z (the largest flex positive); a joint no clip moves gets local +X", async () => {
    const c = await makeCharacter();
    const doc = await new WebIO().readBinary(c.glb);
    const { made } = await rigOf(c.glb);
    const joint = (n: string) => made.rig!.joints.find((j) => j.name === n)!;
    expect(near(joint("ForeArm").flexAxis, worldAxis(doc, "ForeArm", [0, 0, 1]))).toBeLessThan(
      1e-6,
    );
    expect(near(joint("Hand").flexAxis, worldAxis(doc, "Hand", [1, 0, 0]))).toBeLessThan(1e-6);
    const said = made.diagnostics.map((d) => `${d.code} ${d.message}`);
    expect(said).toContain(
      "RIG044 joint 'ForeArm': flex axis from clip 'Wave' (3 keys; up to 60° about it): local +Z",
    );
    const fallback = made.diagnostics.find((d) => d.code === "RIG045")!;
    expect(fallback.message).toContain("flex axis local +X (no clip bends the joint by more than");
    expect(fallback.message).toContain("'Hand'");
    expect(fallback.message).not.toContain("'ForeArm'");
    // Bent the other way, the axis flips so that the clip's flex stays positive.
    const back = (await rigOf(await rekeyed([0, 0, 1], -70))).made;
    const fore = back.rig!.joints.find((j) => j.name === "ForeArm")!;
    expect(near(fore.flexAxis, worldAxis(doc, "ForeArm", [0, 0, -1]))).toBeLessThan(1e-6);
    expect(back.diagnostics.map((d) => d.message)).toContain(
      "joint 'ForeArm': flex axis from clip 'Wave' (3 keys; up to 70° about it): local −Z",
    );
  });

  // decision 293
  it("a turn of at most 5° is no bend: the joint keeps local +X", async () => {
    const doc = await new WebIO().readBinary((await makeCharacter()).glb);
    const { made } = await rigOf(await rekeyed([0, 0, 1], 4));
    const fore = made.rig!.joints.find((j) => j.name === "ForeArm")!;
    expect(near(fore.flexAxis, worldAxis(doc, "ForeArm", [1, 0, 0]))).toBeLessThan(1e-6);
    expect(made.diagnostics.some((d) => d.code === "RIG044")).toBe(false);
  });

  // decision 292
  it("bulge bake on the from-gltf rig gives the clip non-zero weights (local +X gave none)", async () => {
    const c = await makeCharacter();
    const { made } = await rigOf(c.glb);
    const rig = structuredClone(made.rig!);
    const fore = rig.joints.find((j) => j.name === "ForeArm")!;
    fore.bulge = { code: GENERIC_BULGE.code, fullAngle: 90, scale: 1 };
    // 60° of a full 90°: smoothstep(2/3) ≈ 0.74.
    expect(await bakedWeight(c.glb, rig)).toBeGreaterThan(0.7);
    const doc = await new WebIO().readBinary(c.glb);
    fore.flexAxis = worldAxis(doc, "ForeArm", [1, 0, 0]);
    expect(await bakedWeight(c.glb, rig)).toBeLessThan(1e-3);
  });

  // decision 293
  it("keys that are no rotation (zero, NaN, infinite) are no bend and never throw", () => {
    const at = Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0);
    const nodes = [{ name: "A", parent: -1, local: at, world: at }];
    const skin = { name: "s", joints: Int32Array.of(0), inverseBind: new Float64Array(12) };
    const values = Float32Array.of(0, 0, 0, 0, Number.NaN, 0, 0, 1, Infinity, 0, 0, 1);
    const rotations = [{ clip: 0, node: 0, rest: [0, 0, 0, 1] as const, values }];
    const made = rigFromGltf({ nodes, skins: [skin], meshes: [], animations: ["c"], rotations });
    expect(made.rig!.joints[0]!.flexAxis).toEqual([1, 0, 0]);
    expect(made.diagnostics.map((d) => d.code)).toContain("RIG045");
  });

  it("the principal axis of symmetric 3×3 matrices is an eigenvector of the largest eigenvalue", () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647 - 0.5;
    };
    for (let n = 0; n < 200; n++) {
      const v = Array.from({ length: 9 }, rand);
      const m = [0, 1, 2].flatMap((i) =>
        [0, 1, 2].map((j) => v[i]! * v[j]! + v[3 + i]! * v[3 + j]! + 0.3 * v[6 + i]! * v[6 + j]!),
      );
      const e = principalAxis(m);
      const me = [0, 1, 2].map(
        (i) => m[i * 3]! * e[0] + m[i * 3 + 1]! * e[1] + m[i * 3 + 2]! * e[2],
      );
      const lambda = me[0]! * e[0] + me[1]! * e[1] + me[2]! * e[2];
      expect(
        near(
          me,
          e.map((x) => x * lambda),
        ),
      ).toBeLessThan(1e-9);
      // No unit vector gets more out of m.
      for (let k = 0; k < 5; k++) {
        const u = [rand(), rand(), rand()];
        const l = Math.hypot(...u);
        const mu = [0, 1, 2].map(
          (i) => m[i * 3]! * u[0]! + m[i * 3 + 1]! * u[1]! + m[i * 3 + 2]! * u[2]!,
        );
        expect((mu[0]! * u[0]! + mu[1]! * u[1]! + mu[2]! * u[2]!) / (l * l)).toBeLessThanOrEqual(
          lambda + 1e-12,
        );
      }
    }
    expect(principalAxis([0, 0, 0, 0, 0, 0, 0, 0, 0])).toHaveLength(3);
  });

  // decision 294
  const xbot = corpusFile("characters/Xbot.glb");
  it.skipIf(!xbot)(
    "the corpus X Bot: its one clip barely moves the forearms, so they keep local +X",
    async () => {
      const glb = new Uint8Array(readFileSync(xbot!));
      const { read, made } = await rigOf(glb);
      const nodes = read.model!.nodes;
      for (const name of ["mixamorig:LeftForeArm", "mixamorig:RightForeArm"]) {
        const j = made.rig!.joints.find((x) => x.name === name)!;
        const w = nodes.find((n) => n.name === name)!.world;
        const x = [w[0]!, w[4]!, w[8]!];
        const l = Math.hypot(...x);
        expect(
          near(
            j.flexAxis,
            x.map((v) => v / l),
          ),
        ).toBeLessThan(1e-6);
        expect(made.diagnostics.find((d) => d.code === "RIG045")!.message).toContain(`'${name}'`);
      }
      expect(made.diagnostics.some((d) => d.code === "RIG044")).toBe(false);
    },
  );
});
