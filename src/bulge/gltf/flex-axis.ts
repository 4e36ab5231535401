/**
 * A joint's flex axis estimated from the file's animation clips (`rig
 * from-gltf`): the dominant axis of the joint's rotations relative to rest
 * over every key of every clip — the principal eigenvector of
 * Σ r·rᵀ, r the rotation vector of rest⁻¹ · q — signed so that the largest
 * flex about it is positive. A joint no clip turns by more than
 * {@link MIN_FLEX_DEGREES} has no estimate (the rig falls back to local +X).
 */
import type { GltfAsset } from "./model.js";

type V3 = [number, number, number];

/** Below this largest turn from rest (degrees) a joint's keys are not taken as bending it. */
export const MIN_FLEX_DEGREES = 5;

/** A flex axis read from the clips. */
export interface FlexEstimate {
  /** The axis in the node's own (rest) frame, unit. */
  readonly axis: V3;
  /** The clip that turns the joint most about it (its name). */
  readonly clip: string;
  /** How many keys of that clip rotate the joint. */
  readonly keys: number;
  /** The largest flex about the axis over all clips (degrees, > 0). */
  readonly degrees: number;
}

/** The rotation vector (axis × angle, radians) of conj(rest) · q, the shorter way round. */
function rotationVector(rest: readonly number[], v: Float32Array, k: number): V3 {
  const [rx, ry, rz, rw] = [-rest[0]!, -rest[1]!, -rest[2]!, rest[3]!];
  const l = Math.hypot(v[k]!, v[k + 1]!, v[k + 2]!, v[k + 3]!) || 1;
  const [qx, qy, qz, qw] = [v[k]! / l, v[k + 1]! / l, v[k + 2]! / l, v[k + 3]! / l];
  let dx = rw * qx + rx * qw + ry * qz - rz * qy;
  let dy = rw * qy - rx * qz + ry * qw + rz * qx;
  let dz = rw * qz + rx * qy - ry * qx + rz * qw;
  let dw = rw * qw - rx * qx - ry * qy - rz * qz;
  if (dw < 0) [dx, dy, dz, dw] = [-dx, -dy, -dz, -dw];
  const s = Math.hypot(dx, dy, dz);
  if (!(s > 0) || !Number.isFinite(s)) return [0, 0, 0];
  const angle = 2 * Math.atan2(s, dw);
  return [(dx / s) * angle, (dy / s) * angle, (dz / s) * angle];
}

/** The unit eigenvector of the largest eigenvalue of symmetric 3×3 `m` (row-major), by Jacobi rotations. */
export function principalAxis(m: readonly number[]): V3 {
  const a = [...m];
  const v = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = Math.abs(a[1]!) + Math.abs(a[2]!) + Math.abs(a[5]!);
    if (off <= 1e-15 * (Math.abs(a[0]!) + Math.abs(a[4]!) + Math.abs(a[8]!)) || off === 0) break;
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      const apq = a[p * 3 + q]!;
      if (apq === 0) continue;
      const theta = (a[q * 3 + q]! - a[p * 3 + p]!) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k++) {
        const akp = a[k * 3 + p]!;
        const akq = a[k * 3 + q]!;
        a[k * 3 + p] = c * akp - s * akq;
        a[k * 3 + q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[p * 3 + k]!;
        const aqk = a[q * 3 + k]!;
        a[p * 3 + k] = c * apk - s * aqk;
        a[q * 3 + k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k * 3 + p]!;
        const vkq = v[k * 3 + q]!;
        v[k * 3 + p] = c * vkp - s * vkq;
        v[k * 3 + q] = s * vkp + c * vkq;
      }
    }
  }
  let best = 0;
  for (let i = 1; i < 3; i++) if (a[i * 4]! > a[best * 4]!) best = i;
  const e: V3 = [v[best]!, v[3 + best]!, v[6 + best]!];
  const l = Math.hypot(...e) || 1;
  return [e[0] / l, e[1] / l, e[2] / l];
}

/** The flex axis of node `node` from `asset`'s clips; undefined when no clip turns it by more than 5°. */
export function flexFromClips(asset: GltfAsset, node: number): FlexEstimate | undefined {
  const tracks = (asset.rotations ?? []).filter((t) => t.node === node);
  const vectors: { clip: number; r: V3 }[] = [];
  const m = new Array<number>(9).fill(0);
  let largest = 0;
  for (const t of tracks)
    for (let k = 0; k + 4 <= t.values.length; k += 4) {
      const r = rotationVector(t.rest, t.values, k);
      vectors.push({ clip: t.clip, r });
      largest = Math.max(largest, Math.hypot(...r));
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) m[i * 3 + j]! += r[i]! * r[j]!;
    }
  if (!((largest * 180) / Math.PI > MIN_FLEX_DEGREES)) return undefined;
  let axis = principalAxis(m);
  // The sign: the largest flex about the axis is positive; the clip: the one flexing most about it.
  let extreme = 0;
  const energy = new Map<number, number>();
  for (const { clip, r } of vectors) {
    const f = r[0] * axis[0] + r[1] * axis[1] + r[2] * axis[2];
    if (Math.abs(f) > Math.abs(extreme)) extreme = f;
    energy.set(clip, (energy.get(clip) ?? 0) + f * f);
  }
  if (extreme < 0) axis = [-axis[0], -axis[1], -axis[2]];
  let clip = tracks[0]!.clip;
  for (const [c, e] of energy) if (e > energy.get(clip)!) clip = c;
  const keys = tracks.filter((t) => t.clip === clip).reduce((n, t) => n + t.values.length / 4, 0);
  return {
    axis,
    clip: asset.animations[clip] ?? `clip ${clip}`,
    keys,
    degrees: (Math.abs(extreme) * 180) / Math.PI,
  };
}

/** How an axis of a node's frame reads: "local +Z" when it is one, else its components. */
export function axisName(a: readonly number[]): string {
  for (let i = 0; i < 3; i++)
    if (Math.abs(a[i]!) > 0.9999) return `local ${a[i]! > 0 ? "+" : "−"}${"XYZ"[i]}`;
  return `local (${a.map((x) => Number(x.toFixed(3))).join(", ")})`;
}
