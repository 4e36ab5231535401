/**
 * Whether a rig fits a mesh: the test `bulge apply` makes before deforming,
 * so a rig made for another mesh (or other units) is refused with a reason
 * instead of producing a wrecked mesh.
 */
import type { Rig } from "../rig/model.js";

/** How far (as a fraction of the mesh's bounding-box diagonal) a joint may lie outside the box. */
export const FIT_MARGIN = 0.25;

/**
 * Why `rig` does not fit the mesh `positions` (x, y, z per vertex), or
 * undefined when it fits: every joint's head and tail lie within the mesh's
 * bounding box grown by {@link FIT_MARGIN} of its diagonal, and every bone
 * has at least one vertex within its span and influence radius.
 */
export function rigMisfit(rig: Rig, positions: Float32Array): string | undefined {
  const n = Math.floor(positions.length / 3);
  if (n === 0) return "the mesh has no vertices";
  const lo = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  const hi = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < 3; a++) {
      const v = positions[i * 3 + a]!;
      if (v < lo[a]!) lo[a] = v;
      if (v > hi[a]!) hi[a] = v;
    }
  }
  const margin = FIT_MARGIN * Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!);
  const box = lo.map((l, a) => `[${fmt(l)}, ${fmt(hi[a]!)}]`).join(" × ");
  for (const j of rig.joints) {
    for (const [what, p] of [
      ["head", j.head],
      ["tail", j.tail],
    ] as const) {
      if (p.some((v, a) => v < lo[a]! - margin || v > hi[a]! + margin)) {
        return `joint '${j.name}': its ${what} (${p.map(fmt).join(", ")}) lies outside the mesh (bounding box ${box})`;
      }
    }
  }
  for (const j of rig.joints) {
    const dx = j.tail[0] - j.head[0];
    const dy = j.tail[1] - j.head[1];
    const dz = j.tail[2] - j.head[2];
    const l2 = dx * dx + dy * dy + dz * dz;
    const r2 = j.radius * j.radius;
    let found = false;
    for (let i = 0; i < n && !found; i++) {
      const rx = positions[i * 3]! - j.head[0];
      const ry = positions[i * 3 + 1]! - j.head[1];
      const rz = positions[i * 3 + 2]! - j.head[2];
      const along = rx * dx + ry * dy + rz * dz;
      if (along < 0 || along > l2) continue;
      const t = l2 > 0 ? along / l2 : 0;
      const ex = rx - t * dx;
      const ey = ry - t * dy;
      const ez = rz - t * dz;
      found = ex * ex + ey * ey + ez * ez <= r2;
    }
    if (!found) {
      return `joint '${j.name}': no vertex of the mesh lies along its bone within its radius ${fmt(j.radius)}`;
    }
  }
  return undefined;
}

function fmt(v: number): string {
  return String(Number(v.toPrecision(4)));
}
