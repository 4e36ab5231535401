/**
 * A Delaunay triangulation of a few points (Bowyer–Watson, O(n²)): enough
 * for the piecewise-affine baseline's tens of control points.
 */

/** Triangles (index triples into the points, x0, y0, x1, y1, …) of the Delaunay triangulation. */
export function delaunay(xy: readonly number[]): number[] {
  const n = xy.length / 2;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, xy[2 * i]!);
    maxX = Math.max(maxX, xy[2 * i]!);
    minY = Math.min(minY, xy[2 * i + 1]!);
    maxY = Math.max(maxY, xy[2 * i + 1]!);
  }
  const span = Math.max(maxX - minX, maxY - minY, 1) * 20;
  const mx = (minX + maxX) / 2;
  const my = (minY + maxY) / 2;
  // The points, then a super-triangle holding them all.
  const px = [...Array.from({ length: n }, (_, i) => xy[2 * i]!), mx - span, mx, mx + span];
  const py = [
    ...Array.from({ length: n }, (_, i) => xy[2 * i + 1]!),
    my - span,
    my + span,
    my - span,
  ];
  let tris: [number, number, number][] = [[n, n + 1, n + 2]];
  const inCircle = ([a, b, c]: [number, number, number], x: number, y: number) => {
    const ax = px[a]! - x;
    const ay = py[a]! - y;
    const bx = px[b]! - x;
    const by = py[b]! - y;
    const cx = px[c]! - x;
    const cy = py[c]! - y;
    const orient = (px[b]! - px[a]!) * (py[c]! - py[a]!) - (px[c]! - px[a]!) * (py[b]! - py[a]!);
    const d =
      (ax * ax + ay * ay) * (bx * cy - cx * by) -
      (bx * bx + by * by) * (ax * cy - cx * ay) +
      (cx * cx + cy * cy) * (ax * by - bx * ay);
    return orient > 0 ? d > 0 : d < 0;
  };
  for (let i = 0; i < n; i++) {
    const bad = tris.filter((t) => inCircle(t, px[i]!, py[i]!));
    const edges = new Map<string, [number, number]>();
    for (const t of bad) {
      for (const [a, b] of [
        [t[0], t[1]],
        [t[1], t[2]],
        [t[2], t[0]],
      ] as [number, number][]) {
        const key = a < b ? `${a},${b}` : `${b},${a}`;
        if (edges.has(key)) edges.delete(key);
        else edges.set(key, [a, b]);
      }
    }
    tris = tris.filter((t) => !bad.includes(t));
    for (const [a, b] of edges.values()) tris.push([a, b, i]);
  }
  return tris.filter((t) => t.every((v) => v < n)).flat();
}
