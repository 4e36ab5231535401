/**
 * The drivers of baked bulges: a joint's flex angle read from its node's
 * rotation (the twist of rest⁻¹ · rotation about the flex axis in the
 * joint's own frame), and the clip's rotation keys sampled to morph weights.
 */
import type { Document } from "@gltf-transform/core";
import { invert } from "../../core/affine.js";
import { slerpFlat } from "../../core/quaternion.js";
import { bulgeAmount } from "../deform/pose.js";

/** One baked bulge: its morph target and what drives it (the `extras` schema, docs/bulge-deformation.md). */
export interface BakedDriver {
  /** Index of the morph target among the mesh's targets. */
  target: number;
  /** The rig joint (= node name) whose flex drives it. */
  joint: string;
  /** That node's index. */
  node: number;
  /** The flex axis in the node's own (rest) frame, unit. */
  axis: [number, number, number];
  /** The node's rest rotation (x, y, z, w): the angle is measured from it. */
  rest: [number, number, number, number];
  /** Weight = smoothstep(angle / fullAngle), 0 for angle ≤ 0, 1 from fullAngle (degrees) on. */
  fullAngle: number;
  curve: "smoothstep";
  /** The catalogue code and scale the target was made with (the scale is in the target). */
  code: number;
  scale: number;
}

/** The flex axis (world) in a node's frame of rest world transform `world` (3×4), unit. */
export function localAxis(world: Float64Array, axis: readonly number[]): [number, number, number] {
  const inv = invert(world) ?? world;
  const v = [0, 1, 2].map(
    (r) => inv[r * 4]! * axis[0]! + inv[r * 4 + 1]! * axis[1]! + inv[r * 4 + 2]! * axis[2]!,
  );
  const l = Math.hypot(v[0]!, v[1]!, v[2]!) || 1;
  return [v[0]! / l, v[1]! / l, v[2]! / l];
}

/** The flex angle (degrees) of rotation `q` from `rest` about the local `axis`: the twist of rest⁻¹ · q. */
export function flexAngle(
  rest: ArrayLike<number>,
  q: ArrayLike<number>,
  axis: readonly number[],
): number {
  // d = conj(rest) · q
  const [rx, ry, rz, rw] = [-rest[0]!, -rest[1]!, -rest[2]!, rest[3]!];
  const [qx, qy, qz, qw] = [q[0]!, q[1]!, q[2]!, q[3]!];
  const dx = rw * qx + rx * qw + ry * qz - rz * qy;
  const dy = rw * qy - rx * qz + ry * qw + rz * qx;
  const dz = rw * qz + rx * qy - ry * qx + rz * qw;
  const dw = rw * qw - rx * qx - ry * qy - rz * qz;
  const along = dx * axis[0]! + dy * axis[1]! + dz * axis[2]!;
  let a = (2 * Math.atan2(along, dw) * 180) / Math.PI;
  if (a > 180) a -= 360;
  if (a < -180) a += 360;
  return a;
}

/** One clip's morph weights: key times and, per time, one weight per driver. */
export interface SampledWeights {
  times: Float32Array;
  weights: Float32Array;
}

/**
 * The weights of `drivers` over animation `clip` of `doc`, at the union of
 * the key times of the drivers' rotation channels (exact there; between keys
 * a viewer interpolates the weights linearly). A driver the clip does not
 * rotate stays at rest (weight 0). A clip that rotates no driver gets its
 * first and last times.
 */
export function sampleClip(
  doc: Document,
  clip: number,
  drivers: readonly BakedDriver[],
): SampledWeights {
  const anim = doc.getRoot().listAnimations()[clip]!;
  const nodes = doc.getRoot().listNodes();
  const tracks = drivers.map((d) => {
    const ch = anim
      .listChannels()
      .find((c) => c.getTargetPath() === "rotation" && c.getTargetNode() === nodes[d.node]);
    const s = ch?.getSampler();
    const input = s?.getInput()?.getArray();
    const output = s?.getOutput()?.getArray();
    return input && output && s ? { input, output, step: s.getInterpolation() } : undefined;
  });
  const set = new Set<number>();
  for (const t of tracks) if (t) for (const x of t.input) set.add(x);
  if (set.size === 0) {
    for (const s of anim.listSamplers()) {
      const input = s.getInput()?.getArray();
      if (input && input.length > 0) {
        set.add(input[0]!);
        set.add(input[input.length - 1]!);
      }
    }
  }
  if (set.size === 0) set.add(0);
  const times = Float32Array.from([...set].sort((a, b) => a - b));
  const weights = new Float32Array(times.length * drivers.length);
  const q = new Float64Array(4);
  times.forEach((t, i) => {
    drivers.forEach((d, k) => {
      const track = tracks[k];
      const angle = track ? flexAngle(d.rest, rotationAt(track, t, q), d.axis) : 0;
      weights[i * drivers.length + k] = bulgeAmount(angle, d.fullAngle);
    });
  });
  return { times, weights };
}

/** A rotation track's value at `t` (slerp between keys; a step holds; a cubic spline's key values, slerped). */
function rotationAt(
  track: { input: ArrayLike<number>; output: ArrayLike<number>; step: string },
  t: number,
  out: Float64Array,
): Float64Array {
  const { input, output, step } = track;
  const stride = step === "CUBICSPLINE" ? 12 : 4;
  const at = step === "CUBICSPLINE" ? 4 : 0;
  const n = input.length;
  let i = 0;
  while (i + 1 < n && input[i + 1]! <= t) i++;
  const a = i * stride + at;
  if (t <= input[0]! || i + 1 >= n || step === "STEP") {
    for (let k = 0; k < 4; k++) out[k] = output[a + k]!;
  } else {
    const u = (t - input[i]!) / (input[i + 1]! - input[i]!);
    slerpFlat(output, a, output, (i + 1) * stride + at, u, out, 0);
  }
  const l = Math.hypot(out[0]!, out[1]!, out[2]!, out[3]!) || 1;
  for (let k = 0; k < 4; k++) out[k] = out[k]! / l;
  return out;
}
