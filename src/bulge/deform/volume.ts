/**
 * The volume a triangle mesh encloses: the signed sum of the tetrahedra from
 * the origin to each triangle (the divergence theorem), meaningful only for a
 * closed mesh — one in which every edge is shared by exactly two triangles
 * that run along it in opposite directions. `bulge apply --json` reports it
 * per pose (docs/bulge-deformation.md, "Volume").
 */

/**
 * Whether `triangles` (3 vertex indices each, below `vertexCount`) close a
 * surface: every directed edge once, and its reverse once.
 */
export function isClosed(triangles: Uint32Array, vertexCount: number): boolean {
  if (triangles.length < 12) return false;
  const n = vertexCount;
  const edges = new Set<number>();
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = triangles[t + e]!;
      const b = triangles[t + ((e + 1) % 3)]!;
      if (a === b || a >= n || b >= n) return false;
      const key = a * n + b; // exact below 2⁵³: n < 9·10⁷
      if (edges.has(key)) return false; // the same direction twice: a fold or a non-manifold edge
      edges.add(key);
    }
  }
  for (const key of edges) {
    const a = Math.floor(key / n);
    if (!edges.has((key - a * n) * n + a)) return false;
  }
  return true;
}

/**
 * The signed volume enclosed by `triangles` over `positions` (x, y, z per
 * vertex): positive when the triangles wind counter-clockwise seen from
 * outside. Computed about the first vertex (less cancellation than about
 * the origin); for an open mesh the number depends on that choice and means
 * nothing ({@link isClosed}).
 */
export function signedVolume(positions: ArrayLike<number>, triangles: Uint32Array): number {
  const ox = positions[0] ?? 0;
  const oy = positions[1] ?? 0;
  const oz = positions[2] ?? 0;
  let six = 0;
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = triangles[t]! * 3;
    const b = triangles[t + 1]! * 3;
    const c = triangles[t + 2]! * 3;
    const ax = positions[a]! - ox;
    const ay = positions[a + 1]! - oy;
    const az = positions[a + 2]! - oz;
    const bx = positions[b]! - ox;
    const by = positions[b + 1]! - oy;
    const bz = positions[b + 2]! - oz;
    const cx = positions[c]! - ox;
    const cy = positions[c + 1]! - oy;
    const cz = positions[c + 2]! - oz;
    six += ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
  }
  return six / 6;
}
