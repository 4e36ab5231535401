/**
 * Bench row `bulge-bake`: `bulge bake` on a skinned character (60 joints in
 * six chains, ~50k vertices with 4 weights each, one 300-frame clip
 * flexing every joint, 12 bulged joints) against three.js doing the same per
 * frame: playing the baked clip and computing every frame's skinned +
 * morphed positions on the CPU (`SkinnedMesh.getVertexPosition`). Ours makes
 * the targets once and samples the clip's weights. The answers are checked:
 * three.js's positions at sampled frames equal `GltfSkinDeformer`'s (what
 * `bulge apply` computes) within 1e-5 of the model's size.
 */
import { Document, type Node, WebIO } from "@gltf-transform/core";
import * as THREE from "three";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";
import { GENERIC_BULGE } from "../src/bulge/catalogue/default.js";
import { bakeBulges, GltfSkinDeformer, readGltf, rigFromGltf } from "../src/bulge/gltf/index.js";

/** What the row reports. */
export interface BakeBench {
  readonly vertices: number;
  readonly joints: number;
  readonly frames: number;
  readonly ratio: number;
  readonly min: number;
  readonly max: number;
  readonly ours: number;
  readonly theirs: number;
  readonly agree: number;
}

const CHAINS = 6;
const LINKS = 10;

/** The character: six chains of ten joints from a root node, rings of vertices around each bone, a clip. */
export async function bakeCharacter(
  around: number,
  rings: number,
  frames: number,
): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const root = doc.createNode("Armature").setScale([0.5, 0.5, 0.5]);
  const joints: Node[] = [];
  for (let c = 0; c < CHAINS; c++) {
    let parent = root;
    const a = (2 * Math.PI * c) / CHAINS;
    for (let k = 0; k < LINKS; k++) {
      const n = doc.createNode(`c${c}j${k}`).setTranslation(k === 0 ? [0, 0, 0] : [0, 0.2, 0]);
      if (k === 0) n.setRotation([0, 0, Math.sin(a / 2), Math.cos(a / 2)]);
      parent.addChild(n);
      joints.push(n);
      parent = n;
    }
  }
  const pos: number[] = [];
  const jw: number[] = [];
  const ww: number[] = [];
  const idx: number[] = [];
  joints.forEach((j, k) => {
    const m = j.getWorldMatrix();
    const link = k % LINKS;
    const base = pos.length / 3;
    for (let r = 0; r < rings; r++)
      for (let s = 0; s < around; s++) {
        const phi = (2 * Math.PI * s) / around;
        const p = [0.05 * Math.cos(phi), (0.2 * (r + 0.5)) / rings, 0.05 * Math.sin(phi)];
        for (let e = 0; e < 3; e++)
          pos.push(m[e]! * p[0]! + m[4 + e]! * p[1]! + m[8 + e]! * p[2]! + m[12 + e]!);
        const near = [k, link > 0 ? k - 1 : k, link < LINKS - 1 ? k + 1 : k, link > 1 ? k - 2 : k];
        jw.push(...near);
        ww.push(0.7, 0.15, 0.1, 0.05);
      }
    for (let r = 0; r + 1 < rings; r++)
      for (let s = 0; s < around; s++) {
        const a = base + r * around + s;
        const b = base + r * around + ((s + 1) % around);
        idx.push(a, b, a + around, b, b + around, a + around);
      }
  });
  const acc = (
    t: "VEC3" | "VEC4" | "SCALAR" | "MAT4",
    a: Float32Array | Uint16Array | Uint32Array,
  ) => doc.createAccessor().setType(t).setArray(a).setBuffer(buffer);
  const ibm = joints.flatMap((j) => inverse(j.getWorldMatrix()));
  const skin = doc.createSkin("skin").setInverseBindMatrices(acc("MAT4", new Float32Array(ibm)));
  for (const j of joints) skin.addJoint(j);
  const prim = doc
    .createPrimitive()
    .setAttribute("POSITION", acc("VEC3", new Float32Array(pos)))
    .setAttribute("JOINTS_0", acc("VEC4", new Uint16Array(jw)))
    .setAttribute("WEIGHTS_0", acc("VEC4", new Float32Array(ww)))
    .setIndices(acc("SCALAR", new Uint32Array(idx)));
  root.addChild(
    doc.createNode("body").setMesh(doc.createMesh("body").addPrimitive(prim)).setSkin(skin),
  );
  doc.createScene().addChild(root);
  const anim = doc.createAnimation("flex");
  const times = Float32Array.from({ length: frames }, (_, f) => f / 30);
  joints.forEach((j, k) => {
    const q = Array.from({ length: frames }, (_, f) => {
      const h =
        (((40 + 30 * Math.sin(f / 20 + k)) * Math.PI) / 180) *
        0.5 *
        Math.sin((Math.PI * f) / frames);
      const r = j.getRotation();
      // rest · rotation about local X
      const [x, y, z, w] = r;
      const [bx, bw] = [Math.sin(h), Math.cos(h)];
      return [w * bx + x * bw, y * bw + z * bx, z * bw - y * bx, w * bw - x * bx];
    }).flat();
    const s = doc
      .createAnimationSampler()
      .setInput(acc("SCALAR", times))
      .setOutput(acc("VEC4", new Float32Array(q)));
    anim
      .addSampler(s)
      .addChannel(
        doc.createAnimationChannel().setTargetNode(j).setTargetPath("rotation").setSampler(s),
      );
  });
  return new WebIO().writeBinary(doc);
}

/** Inverse of a column-major affine 4×4 whose linear part is a rotation times a uniform scale. */
function inverse(m: ArrayLike<number>): number[] {
  const s2 = m[0]! * m[0]! + m[1]! * m[1]! + m[2]! * m[2]!;
  const out = new Array<number>(16).fill(0);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[c * 4 + r] = m[r * 4 + c]! / s2;
  for (let r = 0; r < 3; r++)
    out[12 + r] = -(out[r]! * m[12]! + out[4 + r]! * m[13]! + out[8 + r]! * m[14]!);
  out[15] = 1;
  return out;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Runs the row: `rounds` interleaved rounds (after one warm-up) of the bake and of three.js's per-frame evaluation. */
export async function bakeBench(
  rounds: number,
  around = 30,
  rings = 28,
  frames = 300,
): Promise<BakeBench> {
  const bytes = await bakeCharacter(around, rings, frames);
  const read = await readGltf(bytes);
  const asset = read.model!;
  const doc = read.document!;
  const mesh = asset.meshes[0]!;
  const rig = rigFromGltf(asset).rig!;
  for (const j of rig.joints)
    if (/j[36]$/.test(j.name)) j.bulge = { code: GENERIC_BULGE.code, fullAngle: 60, scale: 1 };
  const ours = () => {
    const r = bakeBulges(bytes, asset, doc, mesh, rig, [GENERIC_BULGE]);
    if (r.error !== undefined) throw new Error(`bulge-bake bench: ${r.error}`);
    return r.glb;
  };
  const glb = ours();
  const ab = glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer;
  const gltf = await new Promise<Awaited<ReturnType<GLTFLoader["parseAsync"]>>>((ok, fail) =>
    new GLTFLoader().parse(ab, "", ok, fail),
  );
  let skinned: THREE.SkinnedMesh | undefined;
  gltf.scene.traverse((o) => {
    if ((o as THREE.SkinnedMesh).isSkinnedMesh) skinned = o as THREE.SkinnedMesh;
  });
  const body = skinned!;
  const mixer = new THREE.AnimationMixer(gltf.scene);
  mixer.clipAction(gltf.animations[0]!).play();
  const n = mesh.mesh.positions.length / 3;
  const frame = new Float32Array(n * 3);
  const v = new THREE.Vector3();
  const evaluate = (f: number) => {
    mixer.setTime(f / 30);
    gltf.scene.updateMatrixWorld(true);
    body.skeleton.update();
    for (let i = 0; i < n; i++) {
      body.getVertexPosition(i, v);
      v.applyMatrix4(body.matrixWorld);
      frame[i * 3] = v.x;
      frame[i * 3 + 1] = v.y;
      frame[i * 3 + 2] = v.z;
    }
  };
  const theirs = () => {
    for (let f = 0; f < frames; f++) evaluate(f);
  };
  // Answers: at sampled frames three.js's positions equal bulge apply's.
  const deformer = new GltfSkinDeformer(rig, [GENERIC_BULGE], asset, mesh);
  const index = new Map(rig.joints.map((j, k) => [j.name, k]));
  let agree = 0;
  for (const f of [Math.floor(frames / 3), Math.floor(frames / 2)]) {
    const angles = new Float64Array(rig.joints.length);
    for (let c = 0; c < CHAINS; c++)
      for (let k = 0; k < LINKS; k++)
        angles[index.get(`c${c}j${k}`)!] =
          (40 + 30 * Math.sin(f / 20 + c * LINKS + k)) * Math.sin((Math.PI * f) / frames);
    evaluate(f);
    const want = deformer.deform(angles);
    for (let i = 0; i < n * 3; i++) agree = Math.max(agree, Math.abs(want[i]! - frame[i]!));
  }
  if (!(agree < 1e-5 * 2)) throw new Error(`bulge-bake bench: answers disagree by ${agree}`);
  const ratios: number[] = [];
  const oursMs: number[] = [];
  const theirsMs: number[] = [];
  ours();
  theirs();
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    ours();
    const a = performance.now() - t;
    t = performance.now();
    theirs();
    const b = performance.now() - t;
    oursMs.push(a);
    theirsMs.push(b);
    ratios.push(a / b);
  }
  return {
    vertices: n,
    joints: rig.joints.length,
    frames,
    ratio: median(ratios),
    min: Math.min(...ratios),
    max: Math.max(...ratios),
    ours: median(oursMs),
    theirs: median(theirsMs),
    agree,
  };
}
