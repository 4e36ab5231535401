import { WebIO } from "@gltf-transform/core";
import { describe, expect, it } from "vitest";
import { poseAngles } from "../../src/bulge/deform/index.js";
import { GltfSkinDeformer, readGltf, restPositions } from "../../src/bulge/gltf/index.js";
import { GENERIC } from "./deform-fixtures.js";
import { armRigOf, makeCharacter, mat4Apply, mat4Mul, qmul, quat } from "./gltf-character.js";

const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i]! - b[i]!));
  return d;
};

describe("a skinned glTF read whole", () => {
  it("lists every mesh by name, the nodes, the skin (4 weights per vertex) and the clips", async () => {
    const c = await makeCharacter();
    const r = await readGltf(c.glb);
    expect(r.diagnostics).toEqual([]);
    const a = r.model!;
    expect(a.meshes.map((m) => m.name)).toEqual(["Body", "Markers"]);
    expect(a.nodes.map((n) => n.name)).toContain("Toe");
    expect(a.skins[0]!.joints.length).toBe(10);
    const body = a.meshes[0]!;
    expect(body.skin).toBe(0);
    expect(body.weights!.length).toBe((body.mesh.positions.length / 3) * 4);
    expect([...body.weights!.subarray(0, 4)].every((w) => w > 0)).toBe(true);
    expect(a.animations).toEqual(["Wave"]);
    // The rest pose in world coordinates: the skin at rest, node transforms and bind shape applied.
    expect(maxDiff(restPositions(a, body), c.bodyWorld)).toBeLessThan(1e-5);
  });

  // decision 257
  it("poses with the glTF's own skin: equal to glTF-Transform's joint world matrices × inverse bind matrices", async () => {
    const c = await makeCharacter();
    const a = (await readGltf(c.glb)).model!;
    const rig = await armRigOf(c);
    const body = a.meshes[0]!;
    const d = new GltfSkinDeformer(rig, [], a, body);
    const got = d.deform(poseAngles(rig, { ForeArm: 40, UpperArm: -25 }).angles);
    // The oracle: the same pose as node rotations about each joint's local z.
    const doc = await new WebIO().readBinary(c.glb);
    const node = (n: string) =>
      doc
        .getRoot()
        .listNodes()
        .find((x) => x.getName() === n)!;
    for (const [n, deg] of [
      ["ForeArm", 40],
      ["UpperArm", -25],
    ] as const) {
      const q = node(n).getRotation() as [number, number, number, number];
      node(n).setRotation(qmul(q, quat([0, 0, 1], deg)));
    }
    const skin = doc.getRoot().listSkins()[0]!;
    const ibm = skin.getInverseBindMatrices()!.getArray()!;
    const jm = skin
      .listJoints()
      .map((j, k) => mat4Mul(j.getWorldMatrix(), ibm.subarray(k * 16, k * 16 + 16)));
    const v = body.mesh.positions;
    const want = new Float32Array(v.length);
    for (let i = 0; i < v.length / 3; i++)
      for (let k = 0; k < 4; k++) {
        const p = mat4Apply(jm[body.joints![i * 4 + k]!]!, v.subarray(i * 3, i * 3 + 3));
        for (let e = 0; e < 3; e++) want[i * 3 + e]! += body.weights![i * 4 + k]! * p[e]!;
      }
    expect(maxDiff(got, want)).toBeLessThan(1e-5);
    expect(maxDiff(got, c.bodyWorld)).toBeGreaterThan(0.05);
  });

  // decision 258
  it("the toes never move when the elbow flexes (with its bulge)", async () => {
    const c = await makeCharacter();
    const a = (await readGltf(c.glb)).model!;
    const rig = await armRigOf(c);
    const d = new GltfSkinDeformer(rig, [GENERIC], a, a.meshes[0]!);
    const angles = poseAngles(rig, { ForeArm: 90 }).angles;
    const got = d.deform(angles);
    const bulge = d.bulges.bulgedRest(angles);
    let leg = 0;
    let arm = 0;
    let bulged = 0;
    c.bodyLimb.forEach((limb, i) => {
      const moved = Math.hypot(...[0, 1, 2].map((e) => got[i * 3 + e]! - c.bodyWorld[i * 3 + e]!));
      if (["UpLeg", "Leg", "Foot", "Toe"].includes(limb)) leg = Math.max(leg, moved);
      else arm = Math.max(arm, moved);
      bulged = Math.max(
        bulged,
        Math.hypot(...[0, 1, 2].map((e) => bulge[i * 3 + e]! - d.rest[i * 3 + e]!)),
      );
    });
    expect(leg).toBeLessThan(1e-6);
    expect(arm).toBeGreaterThan(0.05);
    expect(bulged).toBeGreaterThan(1e-3);
  });
});

describe("glTF findings are GLT diagnostics at a byte", () => {
  // decision 256, decision 259, decision 260
  it("not a glTF (GLT001 at 0), accessors past their data (GLT002), bad joints and weights (GLT007, GLT008), names twice (GLT010)", async () => {
    const junk = await readGltf(new TextEncoder().encode("not a glb"));
    expect(junk.diagnostics.map((d) => [d.code, d.start])).toEqual([["GLT001", 0]]);
    const c = await makeCharacter(2, 3);
    const doc = await new WebIO().readBinary(c.glb);
    const prim = doc.getRoot().listMeshes()[0]!.listPrimitives()[0]!;
    const w = prim.getAttribute("WEIGHTS_0")!;
    w.setElement(0, [0.5, 0, 0, 0]);
    doc.getRoot().listMeshes()[1]!.setName("Body");
    const r = await readGltf(await new WebIO().writeBinary(doc));
    expect(r.diagnostics.map((d) => [d.code, d.start, d.severity])).toEqual([
      ["GLT008", 20, "warning"],
      ["GLT010", 20, "warning"],
    ]);
    expect(r.model!.meshes.map((m) => m.name)).toEqual(["Body", "Body #2"]);
    prim.getAttribute("JOINTS_0")!.setElement(1, [40, 0, 0, 0]);
    const bad = await readGltf(await new WebIO().writeBinary(doc));
    expect(bad.diagnostics.map((d) => d.code)).toContain("GLT007");
    expect(bad.diagnostics.find((d) => d.code === "GLT007")!.message).toBe(
      "mesh 'Body': vertex 1 names joint 40; the skin has 10",
    );
    const glb = await new WebIO().writeBinary(doc);
    // The first accessor claims 10⁶ more elements than its buffer view holds.
    const len = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + len)));
    json.accessors[0].count = 1e6;
    let text = JSON.stringify(json);
    text = text.padEnd(Math.ceil(text.length / 4) * 4, " ");
    const bin = glb.subarray(20 + len);
    const big = new Uint8Array(20 + text.length + bin.length);
    const view = new DataView(big.buffer);
    view.setUint32(0, 0x46546c67, true);
    view.setUint32(4, 2, true);
    view.setUint32(8, big.length, true);
    view.setUint32(12, text.length, true);
    view.setUint32(16, 0x4e4f534a, true);
    big.set(new TextEncoder().encode(text), 20);
    big.set(bin, 20 + text.length);
    expect((await readGltf(big)).diagnostics.map((d) => [d.code, d.start])).toEqual([
      ["GLT002", 0],
    ]);
  });
});
