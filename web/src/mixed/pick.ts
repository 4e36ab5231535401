/** Ray picking on deformed mesh surfaces (positions come from the sampler, not from GPU buffers). */
import * as THREE from "three";

/** Nearest ray–triangle hit over a surface (Möller–Trumbore): the hit triangle and its nearest node. */
export function intersect(
  ray: THREE.Ray,
  p: Float32Array,
  triangles: Uint32Array,
): { point: THREE.Vector3; node: number; triangle: number } | null {
  const o = ray.origin;
  const d = ray.direction;
  let bestT = Number.POSITIVE_INFINITY;
  let bestTri = -1;
  for (let t = 0; t < triangles.length; t += 3) {
    const i0 = triangles[t]! * 3,
      i1 = triangles[t + 1]! * 3,
      i2 = triangles[t + 2]! * 3;
    const e1x = p[i1]! - p[i0]!,
      e1y = p[i1 + 1]! - p[i0 + 1]!,
      e1z = p[i1 + 2]! - p[i0 + 2]!;
    const e2x = p[i2]! - p[i0]!,
      e2y = p[i2 + 1]! - p[i0 + 1]!,
      e2z = p[i2 + 2]! - p[i0 + 2]!;
    const px = d.y * e2z - d.z * e2y,
      py = d.z * e2x - d.x * e2z,
      pz = d.x * e2y - d.y * e2x;
    const det = e1x * px + e1y * py + e1z * pz;
    if (Math.abs(det) < 1e-18) continue;
    const inv = 1 / det;
    const sx = o.x - p[i0]!,
      sy = o.y - p[i0 + 1]!,
      sz = o.z - p[i0 + 2]!;
    const u = (sx * px + sy * py + sz * pz) * inv;
    if (u < 0 || u > 1) continue;
    const qx = sy * e1z - sz * e1y,
      qy = sz * e1x - sx * e1z,
      qz = sx * e1y - sy * e1x;
    const v = (d.x * qx + d.y * qy + d.z * qz) * inv;
    if (v < 0 || u + v > 1) continue;
    const dist = (e2x * qx + e2y * qy + e2z * qz) * inv;
    if (dist > 0 && dist < bestT) {
      bestT = dist;
      bestTri = t;
    }
  }
  if (bestTri < 0) return null;
  const point = ray.at(bestT, new THREE.Vector3());
  let node = triangles[bestTri]!;
  let nodeDistance = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    const n = triangles[bestTri + k]!;
    const dd = point.distanceToSquared(new THREE.Vector3(p[n * 3], p[n * 3 + 1], p[n * 3 + 2]));
    if (dd < nodeDistance) {
      nodeDistance = dd;
      node = n;
    }
  }
  return { point, node, triangle: bestTri / 3 };
}
