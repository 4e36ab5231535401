/**
 * Skin weights from the rig alone (a mesh from OBJ carries none): each vertex
 * follows the bone whose segment is nearest; near a joint, where two bones are
 * almost equally near, it blends into the second with a smooth falloff. Two
 * influences per vertex. See docs/bulge-deformation.md, "Skin weights".
 */
import type { Rig } from "../rig/model.js";

/** Two influences per vertex: bone (= joint) indices and weights summing to 1. */
export interface SkinWeights {
  /** `index[2i]`, `index[2i + 1]`: joints of vertex `i` (rig order). */
  readonly index: Uint16Array;
  /** `weight[2i] + weight[2i + 1] = 1`; the first is the larger. */
  readonly weight: Float32Array;
}

/**
 * Weights for `positions` (x, y, z per vertex, rest pose). With nearest bone
 * at segment distance d₁ and the second at d₂, the second weighs
 * `½ (1 − smoothstep((d₂ − d₁) / w))`, where the blend width `w` is half the
 * smaller influence radius of the two joints: ½ each where d₁ = d₂, 0 (a
 * rigid vertex) from `d₂ − d₁ ≥ w` on.
 */
export function skinWeights(rig: Rig, positions: Float32Array): SkinWeights {
  const n = Math.floor(positions.length / 3);
  const joints = rig.joints;
  const count = joints.length;
  const seg = new Float64Array(count * 7); // head xyz, direction xyz (unnormalised), 1/|d|²
  for (let j = 0; j < count; j++) {
    const { head, tail } = joints[j]!;
    const dx = tail[0] - head[0];
    const dy = tail[1] - head[1];
    const dz = tail[2] - head[2];
    const l2 = dx * dx + dy * dy + dz * dz;
    seg.set([head[0], head[1], head[2], dx, dy, dz, l2 > 0 ? 1 / l2 : 0], j * 7);
  }
  const radius = Float64Array.from(joints, (j) => j.radius);
  const index = new Uint16Array(n * 2);
  const weight = new Float32Array(n * 2);
  for (let i = 0; i < n; i++) {
    const px = positions[i * 3]!;
    const py = positions[i * 3 + 1]!;
    const pz = positions[i * 3 + 2]!;
    let b1 = 0;
    let b2 = 0;
    let d1 = Number.POSITIVE_INFINITY;
    let d2 = Number.POSITIVE_INFINITY;
    for (let j = 0; j < count; j++) {
      const o = j * 7;
      const rx = px - seg[o]!;
      const ry = py - seg[o + 1]!;
      const rz = pz - seg[o + 2]!;
      const dx = seg[o + 3]!;
      const dy = seg[o + 4]!;
      const dz = seg[o + 5]!;
      let t = (rx * dx + ry * dy + rz * dz) * seg[o + 6]!;
      t = Math.max(0, Math.min(t, 1));
      const ex = rx - t * dx;
      const ey = ry - t * dy;
      const ez = rz - t * dz;
      const d = Math.sqrt(ex * ex + ey * ey + ez * ez);
      if (d < d1) {
        b2 = b1;
        d2 = d1;
        b1 = j;
        d1 = d;
      } else if (d < d2) {
        b2 = j;
        d2 = d;
      }
    }
    let w2 = 0;
    if (count > 1) {
      const width = 0.5 * Math.min(radius[b1]!, radius[b2]!);
      const t = width > 0 ? (d2 - d1) / width : 1;
      w2 = t >= 1 ? 0 : 0.5 * (1 - t * t * (3 - 2 * t));
    }
    index[i * 2] = b1;
    index[i * 2 + 1] = w2 > 0 ? b2 : b1;
    weight[i * 2] = 1 - w2;
    weight[i * 2 + 1] = w2;
  }
  return { index, weight };
}
