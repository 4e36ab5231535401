/**
 * What cells.ts appends for one VTK cell: the `.agr` cells a face or volume
 * cell becomes (cut into several, or its corners), the segments and points
 * of a line or vertex cell; in growing typed arrays.
 */
/** What a VTK cell type becomes. */
export interface CellMapping {
  /** Points of the VTK cell; 0: any number (poly-vertex, poly-line). */
  readonly points: number;
  /** The `.agr` (linear VTK) type, or undefined: skipped. */
  readonly to?: number;
  /** Which of the cell's points make the `.agr` cell, in order. */
  readonly corners?: readonly number[];
  /**
   * Cut into several cells: `fan`/`strip`: any number of points (at least 3) into triangles, a
   * fan from point 0 or a strip; `prism`: bottom polygon then top polygon into wedges, a fan from
   * points 0 and n.
   */
  readonly split?: "fan" | "strip" | "prism" | "faces";
  /** Fewest points when `points` is 0 (default 1; 3 for `fan` and `strip`). */
  readonly min?: number;
}

/** Appends the `.agr` cells of a face or volume cell of mapping `m` (its `count` ids at `begin`). */
export function cutCell(
  m: CellMapping,
  conn: ArrayLike<number>,
  begin: number,
  count: number,
  outTypes: List<Uint8Array>,
  out: List<Uint32Array>,
): void {
  const to = m.to!;
  if (m.split === "prism") {
    const n = count / 2;
    const at = (k: number) => conn[begin + k]!;
    for (let k = 1; k + 1 < n; k++) {
      outTypes.push(to);
      out.push3(at(0), at(k), at(k + 1));
      out.push3(at(n), at(n + k), at(n + k + 1));
    }
  } else if (m.split === "fan" && count === 4) {
    // A four-point polygon stays a quad.
    outTypes.push(9);
    for (let k = begin; k < begin + count; k++) out.push(conn[k]!);
  } else if (m.split) {
    for (let k = 0; k + 2 < count; k++) {
      outTypes.push(to);
      // A strip's odd triangles turn back, so every triangle keeps the strip's orientation.
      if (m.split === "fan") out.push3(conn[begin]!, conn[begin + k + 1]!, conn[begin + k + 2]!);
      else if (k % 2 === 0) out.push3(conn[begin + k]!, conn[begin + k + 1]!, conn[begin + k + 2]!);
      else out.push3(conn[begin + k + 1]!, conn[begin + k]!, conn[begin + k + 2]!);
    }
  } else {
    outTypes.push(to);
    const corners = m.corners!;
    for (let k = 0; k < corners.length; k++) out.push(conn[begin + corners[k]!]!);
  }
}

/**
 * Keeps a vertex or line cell of type `t` (its `count` ids at `begin` of
 * `conn`): a vertex or poly-vertex as its points, a line or poly-line as the
 * segments between consecutive points, a quadratic edge, Lagrange or Bézier
 * curve as the segments through its points in order along the curve (its two
 * ends come first in VTK, then the points between them).
 */
export function keepLineCell(
  t: number,
  conn: ArrayLike<number>,
  begin: number,
  count: number,
  lines: List<Uint32Array>,
  vertices: List<Uint32Array>,
): void {
  if (t === 1 || t === 2) {
    for (let k = 0; k < count; k++) vertices.push(conn[begin + k]!);
    return;
  }
  // Order along the curve: straight lines as listed; curves first end, inner points, last end.
  const curve = t === 21 || t === 68 || t === 75;
  const at = (k: number) => conn[begin + (!curve ? k : k === 0 ? 0 : k === count - 1 ? 1 : k + 1)]!;
  for (let k = 0; k + 1 < count; k++) {
    lines.push(at(k));
    lines.push(at(k + 1));
  }
}

/** A growing typed array (doubling), so the mapped cells take no per-element allocation. */
export class List<A extends Uint8Array | Uint32Array> {
  private data: A;
  length = 0;

  constructor(
    private readonly make: new (n: number) => A,
    capacity: number,
  ) {
    this.data = new make(Math.max(16, capacity));
  }

  push(v: number): void {
    if (this.length === this.data.length) {
      const more = new this.make(this.data.length * 2);
      more.set(this.data);
      this.data = more;
    }
    this.data[this.length++] = v;
  }

  push3(a: number, b: number, c: number): void {
    this.push(a);
    this.push(b);
    this.push(c);
  }

  /** The values pushed, in an array of their own length. */
  array(): A {
    return this.data.slice(0, this.length) as A;
  }
}
