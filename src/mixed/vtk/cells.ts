/**
 * How each VTK cell type becomes an `.agr` cell. The `.agr` holds the linear
 * types 5 9 10 12 13 14 only, so: pixel (8) and voxel (11) become quad and
 * hexahedron (their node order turned); quadratic and higher-order cells
 * (22–34, Lagrange 69–74, Bézier 76–81) keep all their points as nodes (the
 * mesh's node numbers stay the file's) and become the linear cell of their
 * corner nodes, which VTK lists first; a polygon (7) becomes a fan of triangles from its first point (a
 * quad when it has four), a
 * triangle strip (6) its triangles, a pentagonal or hexagonal prism (15, 16)
 * a fan of wedges; vertex, poly-vertex, line, poly-line and
 * quadratic edge, Lagrange and Bézier curve cells (1 2 3 4 21 68 75) draw no face: they are not
 * `.agr` cells (counted in `skipped`) but kept as line segments and vertices for the viewer. A polyhedron (42) becomes the faces of its surface: its faces
 * (from the `.vtu` `faces` stream, or, in a legacy file, the cell's own
 * stream) as triangles and quads (larger faces as fans), after every
 * polyhedron cell, leaving out faces that two polyhedra share (inside the
 * mesh).
 */

import { type CellMapping, cutCell, keepLineCell, List } from "./cell-emit.js";

export type { CellMapping };

const first = (n: number) => Array.from({ length: n }, (_, k) => k);
const linear = (to: number, points: number, corners: number): CellMapping => ({
  points,
  to,
  corners: first(corners),
});
/** A Lagrange or Bézier cell of any order: its corners come first. */
const higher = (to: number, corners: number): CellMapping => ({
  points: 0,
  min: corners,
  to,
  // The higher-order wedge turns its triangles the other way round from VTK_WEDGE's.
  corners: to === 13 ? [0, 2, 1, 3, 5, 4] : first(corners),
});

/** VTK cell type → its mapping. */
export const VTK_CELLS: ReadonlyMap<number, CellMapping> = new Map<number, CellMapping>([
  [1, { points: 1 }], // vertex
  [2, { points: 0 }], // poly-vertex
  [3, { points: 2 }], // line
  [4, { points: 0 }], // poly-line
  [21, { points: 3 }], // quadratic edge
  [5, linear(5, 3, 3)],
  [9, linear(9, 4, 4)],
  [10, linear(10, 4, 4)],
  [12, linear(12, 8, 8)],
  [13, linear(13, 6, 6)],
  [14, linear(14, 5, 5)],
  [6, { points: 0, to: 5, split: "strip" }], // triangle strip → triangles
  [7, { points: 0, to: 5, split: "fan" }], // polygon → triangles
  [8, { points: 4, to: 9, corners: [0, 1, 3, 2] }], // pixel → quad
  [15, { points: 10, to: 13, split: "prism" }], // pentagonal prism → 3 wedges
  [16, { points: 12, to: 13, split: "prism" }], // hexagonal prism → 4 wedges
  [11, { points: 8, to: 12, corners: [0, 1, 3, 2, 4, 5, 7, 6] }], // voxel → hexahedron
  [22, linear(5, 6, 3)], // quadratic triangle
  [23, linear(9, 8, 4)], // quadratic quad
  [24, linear(10, 10, 4)], // quadratic tetra
  [25, linear(12, 20, 8)], // quadratic hexahedron
  [26, linear(13, 15, 6)], // quadratic wedge
  [27, linear(14, 13, 5)], // quadratic pyramid
  [28, linear(9, 9, 4)], // biquadratic quad
  [29, linear(12, 27, 8)], // triquadratic hexahedron
  [30, linear(9, 6, 4)], // quadratic-linear quad
  [31, linear(13, 12, 6)], // quadratic-linear wedge
  [32, linear(13, 18, 6)], // biquadratic-quadratic wedge
  [33, linear(12, 24, 8)], // biquadratic-quadratic hexahedron
  [34, linear(5, 7, 3)], // biquadratic triangle
  [68, { points: 0, min: 2 }], // Lagrange curve
  [69, higher(5, 3)], // Lagrange triangle
  [70, higher(9, 4)], // Lagrange quadrilateral
  [71, higher(10, 4)], // Lagrange tetrahedron
  [72, higher(12, 8)], // Lagrange hexahedron
  [73, higher(13, 6)], // Lagrange wedge
  [74, higher(14, 5)], // Lagrange pyramid
  [75, { points: 0, min: 2 }], // Bézier curve
  [76, higher(5, 3)], // Bézier triangle
  [77, higher(9, 4)], // Bézier quadrilateral
  [78, higher(10, 4)], // Bézier tetrahedron
  [79, higher(12, 8)], // Bézier hexahedron
  [80, higher(13, 6)], // Bézier wedge
  [81, higher(14, 5)], // Bézier pyramid
  [42, { points: 0, to: 5, split: "faces" }], // polyhedron → its surface faces
]);

/** {@link VTK_CELLS} as an array by type (a lookup per cell in the hot loop). */
const BY_TYPE: (CellMapping | undefined)[] = [];
for (const [t, m] of VTK_CELLS) BY_TYPE[t] = m;

/** The VTK cell types that can be read, for messages. */
export const READABLE_CELL_TYPES = [...VTK_CELLS.keys()].sort((a, b) => a - b).join(" ");

/** The cells of a piece as the `.agr` holds them. */
export interface MappedCells {
  readonly types: Uint8Array;
  readonly connectivity: Uint32Array;
  /** Cells skipped (vertex and line kinds): kept in `lines` and `vertices`. */
  readonly skipped: number;
  /** The file's cells read (their cell data has one tuple each). */
  readonly fileCells: number;
  /** The file's cell (0-based, in the order read) that each cell of `types` comes from. */
  readonly cellOf: Uint32Array;
  /** Line segments of the line cells (two point ids each): a poly-line or curve cut into segments. */
  readonly lines: Uint32Array;
  /** The point ids of the vertex and poly-vertex cells. */
  readonly vertices: Uint32Array;
  /** The points of quadratic and higher-order cells beyond their corners (see {@link InnerNodes}). */
  readonly inner: InnerNodes;
  /** With `lenient`: the cells that list more point ids than their type has, and the first of them. */
  readonly extraIds?: ExtraIds | undefined;
}

/**
 * The points a cell of `types` has beyond its corners (a quadratic or
 * higher-order cell's mid-side and inner points): for each such cell its
 * index in `types` (`cells`), the end of its points in `ids` (`ends`).
 * Cell data averaged onto the nodes reaches these points through them.
 */
export interface InnerNodes {
  readonly cells: Uint32Array;
  readonly ends: Uint32Array;
  readonly ids: Uint32Array;
}

/** Cells listing more point ids than their type has (read by their first ones, as VTK does). */
export interface ExtraIds {
  readonly count: number;
  readonly cell: number;
  readonly type: number;
  readonly found: number;
  readonly expected: number;
}

/**
 * The face streams of polyhedron cells (`.vtu` `faces` and `faceoffsets`):
 * per cell the end of its stream in `stream` (−1 for a cell that is not a
 * polyhedron); a stream is `nFaces`, then per face `nPoints` and its points.
 */
export interface PolyhedronFaces {
  readonly stream: ArrayLike<number>;
  readonly ends: ArrayLike<number>;
}

/**
 * Maps `cellCount` cells (`types`, end `offsets` from `shift`, `conn`) over
 * `pointCount` points; a string says why they cannot be read. Polyhedra take
 * their faces from `faces`, or without it (a legacy file) from their own
 * connectivity, which is then their face stream. `lenient` (legacy files):
 * a cell of a fixed point count that lists more ids is read by its first
 * ones, as VTK's legacy reader does, and counted in `extraIds`.
 */
export function mapCells(
  types: ArrayLike<number>,
  offsets: ArrayLike<number>,
  shift: number,
  conn: ArrayLike<number>,
  pointCount: number,
  faces?: PolyhedronFaces,
  lenient = false,
): MappedCells | { readonly error: string; readonly cellType?: true } {
  const cellCount = types.length;
  const outTypes = new List(Uint8Array, cellCount);
  const out = new List(Uint32Array, conn.length);
  const cellOf = new List(Uint32Array, cellCount);
  const lines = new List(Uint32Array, 0);
  const inner = {
    cells: new List(Uint32Array, 0),
    ends: new List(Uint32Array, 0),
    ids: new List(Uint32Array, 0),
  };
  const vertices = new List(Uint32Array, 0);
  let skipped = 0;
  let begin = 0;
  const surface = new PolyhedronSurface();
  let faceBegin = 0;
  let extraIds: { -readonly [K in keyof ExtraIds]: ExtraIds[K] } | undefined;
  for (let c = 0; c < cellCount; c++) {
    const t = types[c]!;
    const m = BY_TYPE[t];
    if (!m) {
      return {
        error: `cell ${c} has VTK type ${t}; readable: ${READABLE_CELL_TYPES}`,
        cellType: true,
      };
    }
    const end = offsets[c + shift]!;
    const extra = lenient && m.points > 0 && end - begin > m.points;
    if (extra && extraIds) extraIds.count++;
    else if (extra)
      extraIds = { count: 1, cell: c, type: t, found: end - begin, expected: m.points };
    // The ids the cell uses: with extra ids, its type's first ones.
    const count = extra ? m.points : end - begin;
    const stop = begin + count;
    if (
      !(Number.isInteger(end) && end <= conn.length) ||
      (m.points > 0 ? count !== m.points : count < (m.min ?? (m.split ? 3 : 1)))
    ) {
      return {
        error: `cell ${c} (VTK type ${t}) spans offsets ${begin}…${end}, expected ${m.points || `${m.min ?? (m.split ? 3 : 1)} or more`} points`,
      };
    }
    // A legacy polyhedron's connectivity is its face stream (counts among the points): checked by its faces.
    const stream = m.split === "faces" && !faces;
    for (let k = begin; k < stop && !stream; k++) {
      const v = conn[k]!;
      if (!(v >= 0 && v < pointCount && Number.isInteger(v)))
        return { error: `cell ${c} refers to point ${v}; there are ${pointCount}` };
    }
    const made = outTypes.length;
    if (m.to === undefined) {
      skipped++;
      keepLineCell(t, conn, begin, count, lines, vertices);
    } else if (m.split === "faces") {
      const [stream, fb, fe] = faces
        ? [faces.stream, faceBegin, faces.ends[c] ?? -1]
        : [conn, begin, end];
      const problem = surface.add(stream, fb, fe, pointCount, c);
      if (problem) return { error: `cell ${c} (polyhedron): ${problem}` };
    } else {
      cutCell(m, conn, begin, count, outTypes, out);
      // The points past the corners (the corners are a cell's first points).
      if (!m.split && count > m.corners!.length) {
        inner.cells.push(outTypes.length - 1);
        for (let k = begin + m.corners!.length; k < stop; k++) inner.ids.push(conn[k]!);
        inner.ends.push(inner.ids.length);
      }
    }
    for (let k = made; k < outTypes.length; k++) cellOf.push(c);
    begin = end;
    if (faces && (faces.ends[c] ?? -1) >= 0) faceBegin = faces.ends[c]!;
  }
  if (begin !== conn.length) {
    return { error: `the connectivity has ${conn.length - begin} entries after the last cell` };
  }
  surface.emit(outTypes, out, cellOf);
  return {
    types: outTypes.array(),
    connectivity: out.array(),
    skipped,
    fileCells: cellCount,
    cellOf: cellOf.array(),
    lines: lines.array(),
    inner: { cells: inner.cells.array(), ends: inner.ends.array(), ids: inner.ids.array() },
    vertices: vertices.array(),
    extraIds,
  };
}

/** The faces of polyhedron cells; a face two of them share lies inside the mesh and is left out. */
class PolyhedronSurface {
  /** Each face's points, and how many polyhedra have it (by its sorted points). */
  private readonly faces: number[][] = [];
  /** The polyhedron cell of each face. */
  private readonly owners: number[] = [];
  private readonly seen = new Map<string, number>();

  /** Adds the faces of the stream `[begin, end)` of `stream`; a string says what is wrong with it. */
  add(
    stream: ArrayLike<number>,
    begin: number,
    end: number,
    pointCount: number,
    cell: number,
  ): string | undefined {
    if (!(Number.isInteger(end) && end > begin && end <= stream.length))
      return `its face stream ${begin}…${end} is not inside the ${stream.length} face entries`;
    const n = stream[begin]!;
    let at = begin + 1;
    for (let f = 0; f < n; f++) {
      const k = stream[at]!;
      if (!(Number.isInteger(k) && k >= 3 && at + 1 + k <= end))
        return `face ${f} of ${n} has ${k ?? "no"} points or runs past the cell's face stream`;
      const face: number[] = [];
      for (let i = at + 1; i <= at + k; i++) {
        const v = stream[i]!;
        if (!(Number.isInteger(v) && v >= 0 && v < pointCount))
          return `face ${f} refers to point ${v}; there are ${pointCount}`;
        face.push(v);
      }
      const key = [...face].sort((a, b) => a - b).join(" ");
      this.seen.set(key, (this.seen.get(key) ?? 0) + 1);
      this.faces.push(face);
      this.owners.push(cell);
      at += 1 + k;
    }
    if (!(Number.isInteger(n) && n >= 1) || at !== end)
      return `${n} faces do not fill its face stream of ${end - begin} entries`;
    return undefined;
  }

  /** Appends the faces that one polyhedron alone has: triangles, quads, larger faces as fans. */
  emit(types: List<Uint8Array>, out: List<Uint32Array>, cellOf: List<Uint32Array>): void {
    this.faces.forEach((face, f) => {
      if (this.seen.get([...face].sort((a, b) => a - b).join(" "))! > 1) return;
      const owner = this.owners[f]!;
      if (face.length === 4) {
        types.push(9);
        cellOf.push(owner);
        for (const v of face) out.push(v);
      } else
        for (let k = 1; k + 1 < face.length; k++) {
          types.push(5);
          cellOf.push(owner);
          out.push3(face[0]!, face[k]!, face[k + 1]!);
        }
    });
  }
}
