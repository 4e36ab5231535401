/**
 * A bulge term's reach: the rest vertices inside its bone's span and
 * influence radius, and each one's displacement for an amount of 1. The
 * displacement is linear in the amount, so a pose costs one multiply-add
 * per vertex in reach; vertices outside it are never visited.
 */
import { type CompiledBulge, radialFalloff, surfaceAt } from "./profile.js";

/** How far (bone lengths) past either end a vertex still counts as on the bone: float32 rounding of a vertex placed at the tail. */
export const SPAN_TOLERANCE = 1e-6;

/** The vertices a term moves, for one compiled definition. */
export interface BulgeReach {
  /** The definition it was computed for (a new one needs a new reach). */
  readonly compiled: CompiledBulge;
  /** Offsets (3 × vertex index) of the vertices in reach, ascending. */
  readonly at: Uint32Array;
  /** x, y, z of each one's displacement per unit of amount. */
  readonly unit: Float64Array;
}

/**
 * The reach of the definition `c` on the bone frame at `frames[f …]`
 * (head, direction, e₁, e₂, length, radius², away unit; see `boneFrame`)
 * over the `rest` vertices (x, y, z each).
 */
export function bulgeReach(
  c: CompiledBulge,
  frames: Float64Array,
  f: number,
  rest: ArrayLike<number>,
): BulgeReach {
  const [hx, hy, hz, dx, dy, dz, e1x, e1y, e1z, e2x, e2y, e2z] = frames.subarray(f, f + 12);
  const length = frames[f + 12]!;
  const radius2 = frames[f + 13]!;
  const radius = Math.sqrt(radius2);
  const away = frames[f + 14]!;
  const sections = c.angles.length;
  const n = Math.floor(rest.length / 3);
  const at = new Uint32Array(n);
  const unit = new Float64Array(n * 3);
  const pair = new Float64Array(2);
  const tmp = new Float64Array(2);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const o = i * 3;
    const rx = rest[o]! - hx!;
    const ry = rest[o + 1]! - hy!;
    const rz = rest[o + 2]! - hz!;
    const along = rx * dx! + ry * dy! + rz * dz!;
    const u = along / length;
    if (u < -SPAN_TOLERANCE || u > 1 + SPAN_TOLERANCE) continue;
    const qx = rx - along * dx!;
    const qy = ry - along * dy!;
    const qz = rz - along * dz!;
    const q2 = qx * qx + qy * qy + qz * qz;
    if (q2 > radius2) continue;
    const c1 = qx * e1x! + qy * e1y! + qz * e1z!;
    const c2 = qx * e2x! + qy * e2y! + qz * e2z!;
    // One section needs no angle (it applies all around).
    surfaceAt(c, u, sections > 1 ? Math.atan2(c2, c1) : 0, pair, tmp);
    const rho = Math.sqrt(q2);
    const g = radialFalloff(rho, radius);
    const a = pair[0]! * g * length;
    let w = pair[1]! * g * away;
    let nx = e1x!;
    let ny = e1y!;
    let nz = e1z!;
    if (q2 > 0) {
      w /= rho;
      nx = qx;
      ny = qy;
      nz = qz;
    }
    at[count] = o;
    unit[count * 3] = a * dx! + w * nx;
    unit[count * 3 + 1] = a * dy! + w * ny;
    unit[count * 3 + 2] = a * dz! + w * nz;
    count++;
  }
  return { compiled: c, at: at.slice(0, count), unit: unit.slice(0, count * 3) };
}

/** Adds `amount` × the reach's displacements to the positions `p` (x, y, z per vertex). */
export function addReach(reach: BulgeReach, amount: number, p: Float64Array): void {
  const { at, unit } = reach;
  for (let j = 0, u = 0; j < at.length; j++, u += 3) {
    const o = at[j]!;
    p[o] = p[o]! + amount * unit[u]!;
    p[o + 1] = p[o + 1]! + amount * unit[u + 1]!;
    p[o + 2] = p[o + 2]! + amount * unit[u + 2]!;
  }
}
