/**
 * The seed's step 13: are the segments [P, L] and [A, B] crossing? The seed
 * writes both parametrically and solves
 *
 *     P + k1·(L − P) = A + k2·(B − A)
 *
 * for k1 and k2; the segments meet when 0 ≤ k1 ≤ 1 and 0 ≤ k2 ≤ 1. The
 * bounds are inclusive, so touching ends count as crossing. By Cramer's
 * rule, with d1 = L − P, d2 = B − A, e = A − P and × the 2-D cross product,
 * k1 = (e × d2) / (d1 × d2) and k2 = (e × d1) / (d1 × d2); the comparisons
 * are made on the numerators (sign-adjusted) so nothing is divided.
 *
 * The seed's equations have no single solution when the segments are
 * parallel (d1 × d2 = 0): distinct parallel lines never meet; collinear
 * segments meet when their extents along the line overlap (the equations
 * then have solutions with both parameters in [0, 1]); a segment of zero
 * length is a point, which meets the other segment when it lies on it.
 */

/** Whether [P, L] and [A, B] share a point (the seed's 0 ≤ k1 ≤ 1, 0 ≤ k2 ≤ 1). */
export function segmentsCross(
  px: number,
  py: number,
  lx: number,
  ly: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): boolean {
  const d1x = lx - px;
  const d1y = ly - py;
  const d2x = bx - ax;
  const d2y = by - ay;
  const ex = ax - px;
  const ey = ay - py;
  const den = d1x * d2y - d1y * d2x;
  if (den !== 0) {
    let n1 = ex * d2y - ey * d2x;
    let n2 = ex * d1y - ey * d1x;
    if (den > 0) return n1 >= 0 && n1 <= den && n2 >= 0 && n2 <= den;
    n1 = -n1;
    n2 = -n2;
    return n1 >= 0 && n1 <= -den && n2 >= 0 && n2 <= -den;
  }
  return parallelCross(px, py, d1x, d1y, ax, ay, d2x, d2y);
}

/** The parallel (or degenerate) case: collinear overlap, or a point on a segment. */
function parallelCross(
  px: number,
  py: number,
  d1x: number,
  d1y: number,
  ax: number,
  ay: number,
  d2x: number,
  d2y: number,
): boolean {
  const ex = ax - px;
  const ey = ay - py;
  const len1 = d1x * d1x + d1y * d1y;
  const len2 = d2x * d2x + d2y * d2y;
  if (len1 === 0 && len2 === 0) return ex === 0 && ey === 0;
  if (len1 === 0) return pointOnSegment(px, py, ax, ay, d2x, d2y, len2);
  // A (and, the directions being parallel, the whole of [A, B]) must lie on P's line.
  if (ex * d1y - ey * d1x !== 0) return false;
  // Positions of A and B along [P, L], in units of |L − P|; overlap with [0, 1].
  const t0 = (ex * d1x + ey * d1y) / len1;
  const t1 = t0 + (d2x * d1x + d2y * d1y) / len1;
  return Math.max(Math.min(t0, t1), 0) <= Math.min(Math.max(t0, t1), 1);
}

/** Whether point Q lies on the segment from A along d (|d|² = len > 0). */
function pointOnSegment(
  qx: number,
  qy: number,
  ax: number,
  ay: number,
  dx: number,
  dy: number,
  len: number,
): boolean {
  const fx = qx - ax;
  const fy = qy - ay;
  if (fx * dy - fy * dx !== 0) return false;
  const t = fx * dx + fy * dy;
  return t >= 0 && t <= len;
}

/**
 * Whether [P, L] crosses any of the first `count` segments of `segments`
 * (ax, ay, bx, by per segment).
 */
export function crossesAny(
  px: number,
  py: number,
  lx: number,
  ly: number,
  segments: Float64Array,
  count: number,
): boolean {
  for (let s = 0; s < count; s++) {
    const o = s * 4;
    if (
      segmentsCross(
        px,
        py,
        lx,
        ly,
        segments[o]!,
        segments[o + 1]!,
        segments[o + 2]!,
        segments[o + 3]!,
      )
    )
      return true;
  }
  return false;
}
