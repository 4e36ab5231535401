/**
 * Bench rows of the bulge deformer (bone coordinates, section profiles,
 * periodic blend, then a linear-blend skin) on a 10⁵-vertex arm with 2 bones:
 *  - `bulge-deform-vs-skinning`: against three.js CPU skinning of the same
 *    mesh with the same weights (`SkinnedMesh.applyBoneTransform` per vertex);
 *  - `bulge-skin-vs-loop` (our deformer with no bulge, i.e. the skin alone)
 *    and `bulge-deform-vs-loop` (skin + bulge): against the CPU skinning
 *    loop a skilled user writes, {@link skinLoop}: bone matrices computed
 *    once per pose (three.js `Skeleton.update`), then per vertex 4 influences,
 *    one 3×4 multiply-accumulate each, over Float32Arrays.
 * Same process, interleaved rounds after a warm-up; the ratio is the median
 * of the per-round ratios. Both answers are checked to agree on the skinning
 * part (the flat deformer equals each peer within 1e-5).
 */
import * as THREE from "three";
import { armMesh, armRig, UPPER_ARM } from "../scripts/demo/arm.js";
import { GENERIC_BULGE } from "../src/bulge/catalogue/default.js";
import { BulgeDeformer, poseAngles, skinWeights } from "../src/bulge/deform/index.js";
import { type BenchRow, interleave, loadNow, measured, timed } from "./harness.js";

/** What the row reports: median, min and max of ours/theirs per round, and the median times (ms). */
export interface BulgeBench {
  readonly vertices: number;
  readonly ratio: number;
  readonly min: number;
  readonly max: number;
  readonly ours: number;
  readonly theirs: number;
  /** Largest |ours − three.js| over the vertices the bulge does not touch, and over all with a flat bulge (m). */
  readonly agreeTouched: number;
  readonly agreeFlat: number;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Runs the bench: `rounds` interleaved rounds of `calls` deformations each, on `rings` × 100 vertices. */
export function bulgeBench(rounds: number, calls: number, rings = 1000): BulgeBench {
  const mesh = armMesh(rings, 100);
  const rest = mesh.positions;
  const n = rest.length / 3;
  const rig = armRig();
  const weights = skinWeights(rig, rest);
  const ours = new BulgeDeformer(rig, [GENERIC_BULGE], rest, weights);
  const pose = { shoulder: 20, elbow: 75 };
  const angles = poseAngles(rig, pose).angles;
  const outOurs = new Float32Array(n * 3);
  const outTheirs = new Float32Array(n * 3);

  // three.js: the same two bones, the same weights, the same pose.
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute("position", new THREE.BufferAttribute(rest, 3));
  geometry.setIndex(new THREE.BufferAttribute(mesh.triangles, 1));
  const skinIndex = new Uint16Array(n * 4);
  const skinWeight = new Float32Array(n * 4);
  for (let i = 0; i < n; i++) {
    skinIndex[i * 4] = weights.index[i * 2]!;
    skinIndex[i * 4 + 1] = weights.index[i * 2 + 1]!;
    skinWeight[i * 4] = weights.weight[i * 2]!;
    skinWeight[i * 4 + 1] = weights.weight[i * 2 + 1]!;
  }
  geometry.setAttribute("skinIndex", new THREE.BufferAttribute(skinIndex, 4));
  geometry.setAttribute("skinWeight", new THREE.BufferAttribute(skinWeight, 4));
  const shoulder = new THREE.Bone();
  const elbow = new THREE.Bone();
  elbow.position.set(UPPER_ARM, 0, 0);
  shoulder.add(elbow);
  const skinned = new THREE.SkinnedMesh(geometry, new THREE.MeshBasicMaterial());
  skinned.add(shoulder);
  skinned.bind(new THREE.Skeleton([shoulder, elbow]));
  const position = geometry.getAttribute("position") as THREE.BufferAttribute;
  const v = new THREE.Vector3();
  const three = () => {
    shoulder.rotation.z = THREE.MathUtils.degToRad(pose.shoulder);
    elbow.rotation.z = THREE.MathUtils.degToRad(pose.elbow);
    skinned.updateMatrixWorld(true);
    for (let i = 0; i < n; i++) {
      v.fromBufferAttribute(position, i);
      skinned.applyBoneTransform(i, v);
      v.toArray(outTheirs, i * 3);
    }
  };

  // Answers: the flat bulge is the same skin; with the bulge, every vertex it does not touch agrees.
  three();
  const flat = new BulgeDeformer(rig, [], rest, weights).deform(angles);
  let agreeFlat = 0;
  for (let i = 0; i < n * 3; i++)
    agreeFlat = Math.max(agreeFlat, Math.abs(flat[i]! - outTheirs[i]!));
  ours.deform(angles, outOurs);
  const bulged = ours.bulgedRest(angles);
  let agreeTouched = 0;
  let touched = 0;
  for (let i = 0; i < n; i++) {
    const o = i * 3;
    if (bulged[o] !== rest[o] || bulged[o + 1] !== rest[o + 1] || bulged[o + 2] !== rest[o + 2]) {
      touched++;
      continue;
    }
    for (let a = 0; a < 3; a++)
      agreeTouched = Math.max(agreeTouched, Math.abs(outOurs[o + a]! - outTheirs[o + a]!));
  }
  // The pose must move the mesh, or agreeing would prove nothing.
  let moved = 0;
  for (let i = 0; i < n * 3; i++) moved = Math.max(moved, Math.abs(outTheirs[i]! - rest[i]!));
  if (moved < 0.1 || agreeFlat > 1e-5 || agreeTouched > 1e-5 || touched === 0 || touched === n) {
    throw new Error(
      `bulge bench: answers disagree (flat ${agreeFlat}, untouched ${agreeTouched}, touched ${touched}/${n}, moved ${moved})`,
    );
  }

  // Warm-up: two uncounted rounds of each side.
  for (let r = 0; r < 2; r++) {
    ours.deform(angles, outOurs);
    three();
  }
  const ratios: number[] = [];
  const oursMs: number[] = [];
  const theirsMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    for (let k = 0; k < calls; k++) ours.deform(angles, outOurs);
    const a = (performance.now() - t) / calls;
    t = performance.now();
    for (let k = 0; k < calls; k++) three();
    const b = (performance.now() - t) / calls;
    oursMs.push(a);
    theirsMs.push(b);
    ratios.push(a / b);
  }
  return {
    vertices: n,
    ratio: median(ratios),
    min: Math.min(...ratios),
    max: Math.max(...ratios),
    ours: median(oursMs),
    theirs: median(theirsMs),
    agreeTouched,
    agreeFlat,
  };
}

/**
 * The peer of the `-vs-loop` rows: linear-blend skinning as a user writes it
 * without this library. `bones` holds 12 numbers per bone, the row-major 3×4
 * of bone world × inverse bind (computed once per pose); each vertex takes 4
 * influences (`index`, `weight`, 4 per vertex), one 3×4 multiply-accumulate each.
 */
export function skinLoop(
  rest: Float32Array,
  index: Uint16Array,
  weight: Float32Array,
  bones: Float32Array,
  out: Float32Array,
): Float32Array {
  const n = rest.length / 3;
  for (let i = 0; i < n; i++) {
    const o = i * 3;
    const x = rest[o]!;
    const y = rest[o + 1]!;
    const z = rest[o + 2]!;
    let ox = 0;
    let oy = 0;
    let oz = 0;
    for (let k = i * 4; k < i * 4 + 4; k++) {
      const w = weight[k]!;
      const b = index[k]! * 12;
      ox += w * (bones[b]! * x + bones[b + 1]! * y + bones[b + 2]! * z + bones[b + 3]!);
      oy += w * (bones[b + 4]! * x + bones[b + 5]! * y + bones[b + 6]! * z + bones[b + 7]!);
      oz += w * (bones[b + 8]! * x + bones[b + 9]! * y + bones[b + 10]! * z + bones[b + 11]!);
    }
    out[o] = ox;
    out[o + 1] = oy;
    out[o + 2] = oz;
  }
  return out;
}

/** Largest |a − b| over two arrays. */
function worst(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let w = 0;
  for (let i = 0; i < a.length; i++) w = Math.max(w, Math.abs(a[i]! - b[i]!));
  return w;
}

/**
 * Throws unless the peer's skin is the flat deformer's (within 1e-5 m) and
 * the pose moved the mesh (at least 0.1 m somewhere; or agreeing proves nothing).
 */
export function checkSkin(
  row: string,
  flat: Float32Array,
  peer: Float32Array,
  rest: Float32Array,
): number {
  const d = worst(flat, peer);
  const moved = worst(peer, rest);
  if (!(d <= 1e-5) || !(moved >= 0.1)) {
    throw new Error(`${row}: answers disagree (by ${d} m; the pose moved the mesh ${moved} m)`);
  }
  return d;
}

/** The three bulge rows (`quick`: few rounds; `scale`: the old row's note gets its ¼-size factors). */
export async function bulgeRows(quick: boolean, scale: boolean): Promise<BenchRow[]> {
  const rounds = quick ? 3 : 15;
  const calls = quick ? 1 : 5;
  const load = loadNow();
  const b = bulgeBench(rounds, calls);
  const small = scale ? bulgeBench(rounds, calls, 250) : null;
  const old: BenchRow = {
    name: "bulge-deform-vs-skinning",
    peer: "three.js SkinnedMesh.applyBoneTransform, same mesh and weights",
    ratio: b.ratio,
    min: b.min,
    max: b.max,
    goal: 1.0,
    load,
    cpuOurs: null,
    cpuTheirs: null,
    note: `${b.vertices} vertices, 2 bones, same process, interleaved; skin agrees (max difference ${b.agreeFlat} m flat, ${b.agreeTouched} m off the bulge); ${b.ours.toFixed(1)} vs ${b.theirs.toFixed(1)} ms${small ? `; 4× the size (from ¼): ours ×${(b.ours / small.ours).toFixed(2)}, peer ×${(b.theirs / small.theirs).toFixed(2)}` : ""}`,
  };
  return [old, ...(await loopRows(rounds, calls))];
}

/** `bulge-skin-vs-loop` and `bulge-deform-vs-loop` on the 1000-ring arm. */
async function loopRows(rounds: number, calls: number): Promise<BenchRow[]> {
  const mesh = armMesh(1000, 100);
  const rest = mesh.positions;
  const n = rest.length / 3;
  const rig = armRig();
  const weights = skinWeights(rig, rest);
  const bulged = new BulgeDeformer(rig, [GENERIC_BULGE], rest, weights);
  const flat = new BulgeDeformer(rig, [], rest, weights);
  const angles = poseAngles(rig, { shoulder: 20, elbow: 75 }).angles;
  // The peer's data: 4 influences per vertex (ours in the first two, zero weights after).
  const index = new Uint16Array(n * 4);
  const weight = new Float32Array(n * 4);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 2; k++) {
      index[i * 4 + k] = weights.index[i * 2 + k]!;
      weight[i * 4 + k] = weights.weight[i * 2 + k]!;
    }
  }
  const shoulder = new THREE.Bone();
  const elbow = new THREE.Bone();
  elbow.position.set(UPPER_ARM, 0, 0);
  shoulder.add(elbow);
  shoulder.updateMatrixWorld(true);
  const skeleton = new THREE.Skeleton([shoulder, elbow]);
  const bones = new Float32Array(2 * 12);
  const peer = (out: Float32Array) => {
    shoulder.rotation.z = THREE.MathUtils.degToRad(20);
    elbow.rotation.z = THREE.MathUtils.degToRad(75);
    shoulder.updateMatrixWorld(true);
    skeleton.update();
    const m = skeleton.boneMatrices!; // column-major 4×4 per bone
    for (let j = 0; j < 2; j++) {
      for (let r = 0; r < 3; r++) {
        for (let c = 0; c < 4; c++) bones[j * 12 + r * 4 + c] = m[j * 16 + c * 4 + r]!;
      }
    }
    return skinLoop(rest, index, weight, bones, out);
  };
  const outOurs = new Float32Array(n * 3);
  const outPeer = new Float32Array(n * 3);
  const agree = checkSkin("bulge-skin-vs-loop", flat.deform(angles, outOurs), peer(outPeer), rest);
  bulged.deform(angles, outOurs);
  if (!(worst(outOurs, outPeer) > 1e-3))
    throw new Error("bulge-deform-vs-loop: the bulge moved nothing");
  const row = async (name: string, ours: BulgeDeformer, goal: number, what: string) => {
    const r = await interleave(
      rounds,
      2,
      () => timed(calls, () => ours.deform(angles, outOurs)),
      () => timed(calls, () => peer(outPeer)),
    );
    return {
      name,
      peer: "a CPU skinning loop: bone matrices once per pose, 4 influences, one 3×4 multiply-add each (Float32Array)",
      ratio: r.ratio,
      min: r.min,
      max: r.max,
      goal,
      ...measured(r),
      note: `${n} vertices, 2 bones, same process, interleaved; ${what}; the flat deformer equals the loop within ${agree.toExponential(1)} m; ${r.ours.toFixed(2)} vs ${r.theirs.toFixed(2)} ms`,
      ours: r.ours,
      theirs: r.theirs,
    };
  };
  return [
    await row("bulge-skin-vs-loop", flat, 1.0, "ours: the deformer with no bulge (the skin alone)"),
    await row("bulge-deform-vs-loop", bulged, 2.0, "ours: skin + the generic bulge at the elbow"),
  ];
}
