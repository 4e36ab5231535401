/**
 * Rotations between 3×4 matrices and unit quaternions, and interpolation of
 * rigid placements: rotation by quaternion slerp, shift linearly. Flat
 * functions over typed arrays, as three.js's `Quaternion.slerpFlat`.
 */
import type { AffineLike } from "./affine.js";

/** Writes the unit quaternion `[x, y, z, w]` of the rotation part of `m` into `out` at `offset`. */
export function quaternionFromAffine(
  m: AffineLike,
  out: { [i: number]: number },
  offset = 0,
): void {
  const m11 = m[0]!,
    m12 = m[1]!,
    m13 = m[2]!;
  const m21 = m[4]!,
    m22 = m[5]!,
    m23 = m[6]!;
  const m31 = m[8]!,
    m32 = m[9]!,
    m33 = m[10]!;
  const trace = m11 + m22 + m33;
  let x: number, y: number, z: number, w: number;
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    w = 0.25 / s;
    x = (m32 - m23) * s;
    y = (m13 - m31) * s;
    z = (m21 - m12) * s;
  } else if (m11 > m22 && m11 > m33) {
    const s = 2 * Math.sqrt(1 + m11 - m22 - m33);
    w = (m32 - m23) / s;
    x = 0.25 * s;
    y = (m12 + m21) / s;
    z = (m13 + m31) / s;
  } else if (m22 > m33) {
    const s = 2 * Math.sqrt(1 + m22 - m11 - m33);
    w = (m13 - m31) / s;
    x = (m12 + m21) / s;
    y = 0.25 * s;
    z = (m23 + m32) / s;
  } else {
    const s = 2 * Math.sqrt(1 + m33 - m11 - m22);
    w = (m21 - m12) / s;
    x = (m13 + m31) / s;
    y = (m23 + m32) / s;
    z = 0.25 * s;
  }
  const len = Math.hypot(x, y, z, w) || 1;
  out[offset] = x / len;
  out[offset + 1] = y / len;
  out[offset + 2] = z / len;
  out[offset + 3] = w / len;
}

/** Writes the rotation of quaternion `q` (at `offset`) into the 3×3 part of `out`; the shift is untouched. */
export function affineFromQuaternion(
  q: ArrayLike<number>,
  out: { [i: number]: number },
  offset = 0,
): void {
  const x = q[offset]!,
    y = q[offset + 1]!,
    z = q[offset + 2]!,
    w = q[offset + 3]!;
  const x2 = x + x,
    y2 = y + y,
    z2 = z + z;
  const xx = x * x2,
    xy = x * y2,
    xz = x * z2;
  const yy = y * y2,
    yz = y * z2,
    zz = z * z2;
  const wx = w * x2,
    wy = w * y2,
    wz = w * z2;
  out[0] = 1 - (yy + zz);
  out[1] = xy - wz;
  out[2] = xz + wy;
  out[4] = xy + wz;
  out[5] = 1 - (xx + zz);
  out[6] = yz - wx;
  out[8] = xz - wy;
  out[9] = yz + wx;
  out[10] = 1 - (xx + yy);
}

/**
 * Spherical linear interpolation of unit quaternions `a` and `b` (shortest
 * arc) by `t` ∈ [0, 1], written to `out` at `outOffset`.
 */
export function slerpFlat(
  a: ArrayLike<number>,
  aOffset: number,
  b: ArrayLike<number>,
  bOffset: number,
  t: number,
  out: { [i: number]: number },
  outOffset = 0,
): void {
  const ax = a[aOffset]!,
    ay = a[aOffset + 1]!,
    az = a[aOffset + 2]!,
    aw = a[aOffset + 3]!;
  let bx = b[bOffset]!,
    by = b[bOffset + 1]!,
    bz = b[bOffset + 2]!,
    bw = b[bOffset + 3]!;
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) {
    cos = -cos;
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
  }
  let s0: number;
  let s1: number;
  if (cos > 0.9995) {
    // Nearly parallel: linear blend, normalised below.
    s0 = 1 - t;
    s1 = t;
  } else {
    const angle = Math.acos(cos);
    const sin = Math.sin(angle);
    s0 = Math.sin((1 - t) * angle) / sin;
    s1 = Math.sin(t * angle) / sin;
  }
  const x = s0 * ax + s1 * bx;
  const y = s0 * ay + s1 * by;
  const z = s0 * az + s1 * bz;
  const w = s0 * aw + s1 * bw;
  const len = Math.hypot(x, y, z, w) || 1;
  out[outOffset] = x / len;
  out[outOffset + 1] = y / len;
  out[outOffset + 2] = z / len;
  out[outOffset + 3] = w / len;
}
