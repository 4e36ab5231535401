import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import validator from "gltf-validator";
import {
  AnimationMixer,
  type Bone,
  type Object3D,
  Quaternion,
  type SkinnedMesh,
  Vector3,
} from "three";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";
import { describe, expect, it } from "vitest";
import { defaultBulgeTypes, GENERIC_BULGE } from "../../src/bulge/catalogue/default.js";
import { bulgeAmount, poseAngles } from "../../src/bulge/deform/index.js";
import {
  type BakedDriver,
  GltfSkinDeformer,
  readGltf,
  splitGlb,
} from "../../src/bulge/gltf/index.js";
import { writeRig } from "../../src/bulge/rig/write.js";
import { armRigOf, makeCharacter } from "../bulge/gltf-character.js";
import { cli } from "../helpers.js";

async function baked() {
  const dir = mkdtempSync(join(tmpdir(), "bulge-bake-"));
  const c = await makeCharacter();
  writeFileSync(join(dir, "char.glb"), c.glb);
  const rig = await armRigOf(c);
  writeFileSync(join(dir, "arm.rig.json"), writeRig(rig));
  mkdirSync(join(dir, "misc_data"));
  writeFileSync(join(dir, "misc_data", "bulge_types"), defaultBulgeTypes());
  const r = await cli(
    ["bulge", "bake", "char.glb", "--rig", "arm.rig.json", "--mesh-name", "Body", "-o", "out.glb"],
    dir,
  );
  return { dir, c, rig, r, out: new Uint8Array(readFileSync(join(dir, "out.glb"))) };
}

/** Loads a .glb with three.js's GLTFLoader (no WebGL needed to pose on the CPU). */
function load(glb: Uint8Array) {
  const ab = glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer;
  return new Promise<Awaited<ReturnType<GLTFLoader["parseAsync"]>>>((ok, fail) =>
    new GLTFLoader().parse(ab, "", ok, fail),
  );
}

/** World positions of a three.js skinned mesh (morph targets and skin, as its shader does). */
function threePositions(mesh: SkinnedMesh): Float32Array {
  let root: Object3D = mesh;
  while (root.parent) root = root.parent;
  root.updateMatrixWorld(true);
  mesh.skeleton.update();
  const n = mesh.geometry.getAttribute("position").count;
  const out = new Float32Array(n * 3);
  const v = new Vector3();
  for (let i = 0; i < n; i++) {
    mesh.getVertexPosition(i, v);
    v.applyMatrix4(mesh.matrixWorld);
    out.set([v.x, v.y, v.z], i * 3);
  }
  return out;
}

const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i]! - b[i]!));
  return d;
};

describe("bulge bake", () => {
  // decision 263
  it("keeps every other property of the asset: the JSON only grows, the binary chunk keeps its bytes", async () => {
    const { c, r, out } = await baked();
    expect(r.err).toContain(
      "out.glb: written (mesh 'Body': 1 morph targets: ForeArm (code 5); 1 clips with weights)",
    );
    expect(r.code).toBe(0);
    const before = splitGlb(c.glb);
    const after = splitGlb(out);
    if (typeof before === "string" || typeof after === "string") throw new Error("not a glb");
    expect(after.bin.subarray(0, before.bin.length)).toEqual(before.bin);
    // biome-ignore lint/suspicious/noExplicitAny: a glTF JSON, compared member by member
    const a = structuredClone(after.json) as Record<string, any>;
    // biome-ignore lint/suspicious/noExplicitAny: the same
    const b = before.json as Record<string, any>;
    for (const key of ["accessors", "bufferViews"]) a[key] = a[key].slice(0, b[key].length);
    a.buffers[0].byteLength = b.buffers[0].byteLength;
    const body = a.meshes[0];
    expect(body.extras.targetNames).toEqual(["bulge ForeArm"]);
    expect(body.weights).toEqual([0]);
    for (const p of body.primitives) expect(p.targets).toHaveLength(1);
    for (const p of body.primitives) delete p.targets;
    delete body.weights;
    delete body.extras;
    const clip = a.animations[0];
    clip.samplers = clip.samplers.slice(0, b.animations[0].samplers.length);
    clip.channels = clip.channels.slice(0, b.animations[0].channels.length);
    expect(a).toEqual(b);
    // glTF-Transform reads it back with the skin, both meshes, normals and the clip.
    const back = await readGltf(out);
    expect(back.diagnostics).toEqual([]);
    expect(back.model!.meshes.map((m) => m.name)).toEqual(["Body", "Markers"]);
  });

  // decision 263
  it("the Khronos glTF validator reports no error on the baked file, nor on the input", async () => {
    const { c, out } = await baked();
    const errorsOf = async (glb: Uint8Array) => {
      const report = await validator.validateBytes(new Uint8Array(glb));
      return report.issues.messages.filter((m) => m.severity === 0);
    };
    expect(await errorsOf(c.glb)).toEqual([]);
    const report = await validator.validateBytes(new Uint8Array(out));
    expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]);
    expect(report.info.hasMorphTargets).toBe(true);
    expect(report.info.animationCount).toBeGreaterThan(0);
  });

  // decision 264
  it("three.js plays it: at sampled poses its skinned + morphed positions equal bulge apply's within 1e-5 of the model size", async () => {
    const { c, rig, out } = await baked();
    const gltf = await load(out);
    let body: SkinnedMesh | undefined;
    gltf.scene.traverse((o) => {
      if ((o as SkinnedMesh).isSkinnedMesh && o.name === "Body") body = o as SkinnedMesh;
    });
    const asset = (await readGltf(c.glb)).model!;
    const deformer = new GltfSkinDeformer(rig, [GENERIC_BULGE], asset, asset.meshes[0]!);
    const drivers = (gltf.parser.json.meshes[0].extras.deformaBulges as BakedDriver[])!;
    const bone = body!.skeleton.bones[asset.skins[0]!.joints.indexOf(drivers[0]!.node)] as Bone;
    const size = 2; // the character is under 2 m across
    for (const degrees of [0, 20, 45, 70, 90, 120]) {
      const d = drivers[0]!;
      bone.quaternion
        .set(...d.rest)
        .multiply(
          new Quaternion().setFromAxisAngle(new Vector3(...d.axis), (degrees * Math.PI) / 180),
        );
      body!.morphTargetInfluences![d.target] = bulgeAmount(degrees, d.fullAngle);
      const want = deformer.deform(poseAngles(rig, { ForeArm: degrees }).angles);
      expect(maxDiff(threePositions(body!), want), `${degrees}°`).toBeLessThan(1e-5 * size);
    }
    // Its own clip: at the key of 0.5 s the forearm is flexed 30°, the weight baked from it.
    const mixer = new AnimationMixer(gltf.scene);
    mixer.clipAction(gltf.animations[0]!).play();
    mixer.setTime(0.5);
    expect(body!.morphTargetInfluences![0]).toBeCloseTo(bulgeAmount(30, 90), 6);
    const want = deformer.deform(poseAngles(rig, { ForeArm: 30 }).angles);
    expect(maxDiff(threePositions(body!), want)).toBeLessThan(1e-5 * size);
  });
});
