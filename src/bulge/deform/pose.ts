/**
 * Posing a rig: each joint flexes about its `flexAxis` through its head by
 * an angle in degrees, children inherit their parent's motion (forward
 * kinematics in the rest pose's frame), and a bulge's amount follows its
 * driving joint's flex angle. Matrices are 3×4 affine, row-major (core/affine).
 */
import { compose } from "../../core/affine.js";
import { DEFAULT_LIMITS, type Rig } from "../rig/model.js";

/** Flex angles per joint by name, in degrees (a joint not named stays at rest). */
export type Pose = Readonly<Record<string, number>>;

/**
 * The pose as one angle (degrees) per joint in rig order; names the rig does
 * not have are returned in `unknown` (and ignored).
 */
export function poseAngles(rig: Rig, pose: Pose): { angles: Float64Array; unknown: string[] } {
  const index = new Map(rig.joints.map((j, i) => [j.name, i]));
  const angles = new Float64Array(rig.joints.length);
  const unknown: string[] = [];
  for (const [name, degrees] of Object.entries(pose)) {
    const i = index.get(name);
    if (i === undefined) unknown.push(name);
    else angles[i] = degrees;
  }
  return { angles, unknown };
}

/** Each joint's flex limits in degrees, `[min, max]` per joint in rig order (the default when a joint has none). */
export function jointLimits(rig: Rig): Float64Array {
  return Float64Array.from(rig.joints.flatMap((j) => j.limits ?? DEFAULT_LIMITS));
}

/** A flex angle outside its joint's limits. */
export interface LimitBreach {
  readonly joint: string;
  readonly angle: number;
  readonly min: number;
  readonly max: number;
}

/**
 * The angles of a pose (degrees, rig order) that lie outside their joint's
 * limits (or are not finite), for a caller to refuse; empty when the pose is
 * allowed. {@link BulgeDeformer} clamps such angles instead.
 */
export function limitBreaches(rig: Rig, angles: ArrayLike<number>): LimitBreach[] {
  const limits = jointLimits(rig);
  const out: LimitBreach[] = [];
  rig.joints.forEach((j, i) => {
    const angle = angles[i] ?? 0;
    const min = limits[i * 2]!;
    const max = limits[i * 2 + 1]!;
    if (!(angle >= min && angle <= max)) out.push({ joint: j.name, angle, min, max });
  });
  return out;
}

/** Index of each joint's parent in rig order (−1 for a root, or a parent not found). */
export function parentIndices(rig: Rig): Int32Array {
  const index = new Map(rig.joints.map((j, i) => [j.name, i]));
  return Int32Array.from(rig.joints, (j) => (j.parent === null ? -1 : (index.get(j.parent) ?? -1)));
}

/**
 * Writes into `out` (12 numbers per joint) each joint's world transform for
 * the flex `angles` (degrees, rig order): `M_j = M_parent · R_j`, where `R_j`
 * rotates about the joint's rest head around its rest `flexAxis`. Parents
 * come before children (the rig format requires it). Returns `out`.
 */
export function jointMatrices(
  rig: Rig,
  parents: Int32Array,
  angles: ArrayLike<number>,
  out: Float64Array = new Float64Array(rig.joints.length * 12),
): Float64Array {
  const r = ROTATION;
  const joints = rig.joints;
  for (let j = 0; j < joints.length; j++) {
    const joint = joints[j]!;
    rotationAbout(joint.head, joint.flexAxis, ((angles[j] ?? 0) * Math.PI) / 180, r);
    const p = parents[j]!;
    if (p < 0 || p >= j) out.set(r, j * 12);
    else {
      for (let k = 0; k < 12; k++) PARENT[k] = out[p * 12 + k]!;
      out.set(compose(PARENT, r, COMPOSED), j * 12);
    }
  }
  return out;
}

// Scratch of jointMatrices (called per frame: no allocation per joint).
const ROTATION = new Float64Array(12);
const PARENT = new Float64Array(12);
const COMPOSED = new Float64Array(12);

/** The rotation by `radians` about the line through `point` along `axis` (right-hand rule), into `out`. */
export function rotationAbout(
  point: readonly number[],
  axis: readonly number[],
  radians: number,
  out: Float64Array,
): Float64Array {
  const len = Math.hypot(axis[0]!, axis[1]!, axis[2]!) || 1;
  const x = axis[0]! / len;
  const y = axis[1]! / len;
  const z = axis[2]! / len;
  const c = Math.cos(radians);
  const s = Math.sin(radians);
  const k = 1 - c;
  out[0] = c + x * x * k;
  out[1] = x * y * k - z * s;
  out[2] = x * z * k + y * s;
  out[4] = y * x * k + z * s;
  out[5] = c + y * y * k;
  out[6] = y * z * k - x * s;
  out[8] = z * x * k - y * s;
  out[9] = z * y * k + x * s;
  out[10] = c + z * z * k;
  const px = point[0]!;
  const py = point[1]!;
  const pz = point[2]!;
  // p' = R (p − c) + c
  out[3] = px - (out[0] * px + out[1] * py + out[2] * pz);
  out[7] = py - (out[4] * px + out[5] * py + out[6] * pz);
  out[11] = pz - (out[8] * px + out[9] * py + out[10] * pz);
  return out;
}

/**
 * A bulge's amount for its joint's flex angle (degrees): 0 at rest (and for
 * flexing the other way), 1 at `fullAngle` and beyond, smoothstep `t²(3 − 2t)`
 * of `t = angle / fullAngle` in between (C¹, no jump when the bulge starts).
 */
export function bulgeAmount(angle: number, fullAngle: number): number {
  if (!(fullAngle > 0) || !(angle > 0)) return 0;
  const t = angle >= fullAngle ? 1 : angle / fullAngle;
  return t * t * (3 - 2 * t);
}
