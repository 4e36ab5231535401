/**
 * Bench row `bulge-deform-vs-skinning`: the bulge deformer (bone
 * coordinates, section profiles, periodic blend, then a linear-blend skin)
 * on a 10⁵-vertex arm with 2 bones, against three.js CPU skinning of the
 * same mesh with the same weights (`SkinnedMesh.applyBoneTransform` per
 * vertex). Same process, interleaved rounds after a warm-up; the ratio is the
 * median of the per-round ratios. Both answers are checked to agree on the skinning part.
 */
import * as THREE from "three";
import { armMesh, armRig, UPPER_ARM } from "../scripts/demo/arm.js";
import { GENERIC_BULGE } from "../src/bulge/catalogue/default.js";
import { BulgeDeformer, poseAngles, skinWeights } from "../src/bulge/deform/index.js";

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
