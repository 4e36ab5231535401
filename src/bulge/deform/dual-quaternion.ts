/**
 * Dual-quaternion skinning (Kavan, Collins, Žára and O'Sullivan 2007): each
 * joint's rigid transform as a unit dual quaternion; a vertex blends its
 * joints' dual quaternions by weight (sign-aligned to the first), normalises,
 * and applies the rigid transform that results. Unlike the linear blend it
 * never shrinks a cross-section: twisting about the bone keeps the arm round
 * (no candy wrapper) and a bent elbow keeps its girth. See
 * docs/bulge-deformation.md, "Skinning".
 */
import { quaternionFromAffine } from "../../core/quaternion.js";
import type { SkinWeights } from "./weights.js";

/** How the bulged rest positions are carried into the pose. */
export type Skinning = "linear" | "dual-quaternion";

/** The skinning methods, for option lists. */
export const SKINNINGS: readonly Skinning[] = ["linear", "dual-quaternion"];

/**
 * Writes each joint's rigid transform (`count` 3×4 matrices, row-major,
 * rotation + shift) as a unit dual quaternion into `out`, 8 numbers per
 * joint: the real part x, y, z, w (the rotation) and the dual part
 * x, y, z, w (½ · shift ⊗ rotation). Returns `out`.
 */
export function dualQuaternions(
  matrices: ArrayLike<number>,
  count: number,
  out: Float64Array = new Float64Array(count * 8),
): Float64Array {
  for (let j = 0; j < count; j++) {
    const m = j * 12;
    rotationQuaternion(matrices, m, out, j * 8);
    const x = out[j * 8]!;
    const y = out[j * 8 + 1]!;
    const z = out[j * 8 + 2]!;
    const w = out[j * 8 + 3]!;
    const tx = matrices[m + 3]!;
    const ty = matrices[m + 7]!;
    const tz = matrices[m + 11]!;
    out[j * 8 + 4] = 0.5 * (tx * w + ty * z - tz * y);
    out[j * 8 + 5] = 0.5 * (-tx * z + ty * w + tz * x);
    out[j * 8 + 6] = 0.5 * (tx * y - ty * x + tz * w);
    out[j * 8 + 7] = -0.5 * (tx * x + ty * y + tz * z);
  }
  return out;
}

/** The unit quaternion x, y, z, w of the rotation part of the matrix at `m`, into `out` at `o`. */
function rotationQuaternion(a: ArrayLike<number>, m: number, out: Float64Array, o: number): void {
  const matrix = ArrayBuffer.isView(a)
    ? (a as unknown as Float64Array).subarray(m, m + 12)
    : Array.prototype.slice.call(a, m, m + 12);
  quaternionFromAffine(matrix, out, o);
}

/**
 * The dual-quaternion skin of `bulged` (x, y, z per vertex, rest pose) with
 * two influences per vertex, for the joints' dual quaternions `dq`
 * ({@link dualQuaternions}), into `out`. Returns `out`.
 */
export function skinDualQuaternion(
  dq: Float64Array,
  weights: SkinWeights,
  bulged: ArrayLike<number>,
  n: number,
  out: Float32Array,
): Float32Array {
  const { index, weight } = weights;
  for (let i = 0; i < n; i++) {
    const a = index[i * 2]! * 8;
    const b = index[i * 2 + 1]! * 8;
    const wa = weight[i * 2]!;
    // The second joint's quaternion on the same hemisphere as the first (q and −q are one rotation).
    const dot =
      dq[a]! * dq[b]! + dq[a + 1]! * dq[b + 1]! + dq[a + 2]! * dq[b + 2]! + dq[a + 3]! * dq[b + 3]!;
    const wb = dot < 0 ? -weight[i * 2 + 1]! : weight[i * 2 + 1]!;
    let rx = wa * dq[a]! + wb * dq[b]!;
    let ry = wa * dq[a + 1]! + wb * dq[b + 1]!;
    let rz = wa * dq[a + 2]! + wb * dq[b + 2]!;
    let rw = wa * dq[a + 3]! + wb * dq[b + 3]!;
    let dx = wa * dq[a + 4]! + wb * dq[b + 4]!;
    let dy = wa * dq[a + 5]! + wb * dq[b + 5]!;
    let dz = wa * dq[a + 6]! + wb * dq[b + 6]!;
    let dw = wa * dq[a + 7]! + wb * dq[b + 7]!;
    const len = Math.hypot(rx, ry, rz, rw) || 1;
    rx /= len;
    ry /= len;
    rz /= len;
    rw /= len;
    dx /= len;
    dy /= len;
    dz /= len;
    dw /= len;
    const o = i * 3;
    const px = bulged[o]!;
    const py = bulged[o + 1]!;
    const pz = bulged[o + 2]!;
    // Rotation: p + 2 r × (r × p + w p).
    const cx = ry * pz - rz * py + rw * px;
    const cy = rz * px - rx * pz + rw * py;
    const cz = rx * py - ry * px + rw * pz;
    // Shift: 2 (w d − d_w r + r × d).
    out[o] = px + 2 * (ry * cz - rz * cy) + 2 * (rw * dx - dw * rx + ry * dz - rz * dy);
    out[o + 1] = py + 2 * (rz * cx - rx * cz) + 2 * (rw * dy - dw * ry + rz * dx - rx * dz);
    out[o + 2] = pz + 2 * (rx * cy - ry * cx) + 2 * (rw * dz - dw * rz + rx * dy - ry * dx);
  }
  return out;
}
