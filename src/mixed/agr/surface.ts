/**
 * The outer surface of a mesh as triangles: surface cells (tri, quad) as
 * they are, plus the faces of volume cells that belong to exactly one cell,
 * wound so that their normals point out of their cell (VTK node order).
 */
import { CELL_KINDS, type MeshAnimation } from "./model.js";

/** Faces of each volume cell kind by VTK code, local node indices, outward winding. */
export const CELL_FACES: ReadonlyMap<number, readonly (readonly number[])[]> = new Map([
  // tet: (0,1,2) faces the apex 3, so it is reversed.
  [
    10,
    [
      [0, 1, 3],
      [1, 2, 3],
      [2, 0, 3],
      [0, 2, 1],
    ],
  ],
  // hex: (0,1,2,3) bottom faces the top (4,5,6,7).
  [
    12,
    [
      [0, 4, 7, 3],
      [1, 2, 6, 5],
      [0, 1, 5, 4],
      [3, 7, 6, 2],
      [0, 3, 2, 1],
      [4, 5, 6, 7],
    ],
  ],
  // wedge: (0,1,2) already faces away from (3,4,5).
  [
    13,
    [
      [0, 1, 2],
      [3, 5, 4],
      [0, 3, 4, 1],
      [1, 4, 5, 2],
      [2, 5, 3, 0],
    ],
  ],
  // pyramid: (0,1,2,3) faces the apex 4, so it is reversed.
  [
    14,
    [
      [0, 3, 2, 1],
      [0, 1, 4],
      [1, 2, 4],
      [2, 3, 4],
      [3, 0, 4],
    ],
  ],
]);

const NONE = 0xffffffff;

/** Sorted global node indices of a face into `out` at `at` (4th slot NONE for triangles). */
function faceKey(
  conn: Uint32Array,
  start: number,
  face: readonly number[],
  out: Uint32Array,
  at: number,
): void {
  out[at + 3] = NONE;
  for (let i = 0; i < face.length; i++) out[at + i] = conn[start + face[i]!]!;
  // Insertion sort of 3 or 4 numbers.
  for (let i = at + 1; i < at + face.length; i++) {
    const v = out[i]!;
    let j = i - 1;
    while (j >= at && out[j]! > v) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = v;
  }
}

/**
 * Triangle node indices (0-based, 3 per triangle) of the outer surface of `m`.
 * Cells of unknown kind or with node indices out of range are skipped.
 */
export function extractSurface(m: MeshAnimation): Uint32Array {
  return extractSurfaceCells(m).triangles;
}

/** Surface triangles (3 node indices each) and the cell of each. */
export interface SurfaceCells {
  readonly triangles: Uint32Array;
  readonly cells: Uint32Array;
}

/**
 * The outer surface of `m` as {@link extractSurface} gives it, and the cell
 * each triangle belongs to (for colouring flat per cell).
 */
export function extractSurfaceCells(m: MeshAnimation): SurfaceCells {
  const scan = scanCells(m);
  const unique = boundaryFaces(m.connectivity, m.cellTypes, m.nodeCount, scan);
  const { starts, usable, cells, faceStart } = scan;
  const types = m.cellTypes;
  const conn = m.connectivity;
  let triangles = scan.surfaceTriangles;
  for (let c = 0; c < cells; c++) {
    const faces = CELL_FACES.get(types[c]!);
    if (!faces || !usable[c]) continue;
    for (let f = 0; f < faces.length; f++)
      if (unique[faceStart[c]! + f]) triangles += faces[f]!.length - 2;
  }
  const out = new Uint32Array(3 * triangles);
  const cellOf = new Uint32Array(triangles);
  let o = 0;
  const fan = (c: number, local: readonly number[] | null, count: number) => {
    const start = starts[c]!;
    const at = (i: number) => conn[start + (local ? local[i]! : i)]!;
    for (let i = 1; i + 1 < count; i++) {
      cellOf[o / 3] = c;
      out[o++] = at(0);
      out[o++] = at(i);
      out[o++] = at(i + 1);
    }
  };
  for (let c = 0; c < cells; c++) {
    const kind = CELL_KINDS.get(types[c]!)!;
    if (usable[c] && !kind.volume) fan(c, null, kind.nodes);
  }
  // A face that no other face shares, in cell and face order (the order of their first use).
  for (let c = 0; c < cells; c++) {
    const faces = CELL_FACES.get(types[c]!);
    if (!faces || !usable[c]) continue;
    for (let f = 0; f < faces.length; f++)
      if (unique[faceStart[c]! + f]) fan(c, faces[f]!, faces[f]!.length);
  }
  return { triangles: out, cells: cellOf };
}

const made = new WeakMap<MeshAnimation, SurfaceCells>();

/**
 * {@link extractSurfaceCells} of `m`, made once per model and then kept (a
 * model's cells never change once it is loaded): the view's surface, its
 * flat per-cell surface and its probe share one extraction.
 */
export function surfaceCellsOf(m: MeshAnimation): SurfaceCells {
  let s = made.get(m);
  if (!s) {
    s = extractSurfaceCells(m);
    made.set(m, s);
  }
  return s;
}

/**
 * Takes `s`, the surface of `m` made elsewhere by {@link extractSurfaceCells}
 * (the studio server's worker sends it with the mesh, decision 274), as
 * {@link surfaceCellsOf}'s; false, and nothing kept, when it cannot be one
 * of `m` (not two typed arrays of matching lengths, a node or cell out of
 * range): it is then made here when asked.
 */
export function keepSurfaceCells(m: MeshAnimation, s: unknown): boolean {
  const { triangles, cells } = (s ?? {}) as Partial<SurfaceCells>;
  if (!(triangles instanceof Uint32Array) || !(cells instanceof Uint32Array)) return false;
  if (triangles.length !== 3 * cells.length) return false;
  for (let i = 0; i < triangles.length; i++) if (triangles[i]! >= m.nodeCount) return false;
  for (let i = 0; i < cells.length; i++) if (cells[i]! >= m.cellTypes.length) return false;
  made.set(m, { triangles, cells });
  return true;
}

/** Where each cell starts, whether it is drawn, and where its faces start among the volume faces. */
interface CellScan {
  readonly starts: Uint32Array;
  readonly usable: Uint8Array;
  /** Cells read: those after an unknown kind or past the connectivity are dropped. */
  readonly cells: number;
  /** Index of each cell's first face among all volume faces (cell and face order); length cells + 1. */
  readonly faceStart: Uint32Array;
  readonly faceTotal: number;
  readonly surfaceTriangles: number;
}

function scanCells(m: MeshAnimation): CellScan {
  const types = m.cellTypes;
  const conn = m.connectivity;
  const n = m.nodeCount;
  const starts = new Uint32Array(types.length);
  const usable = new Uint8Array(types.length);
  const faceStart = new Uint32Array(types.length + 1);
  let cells = 0;
  let faceTotal = 0;
  let surfaceTriangles = 0;
  for (let c = 0, k = 0; c < types.length; c++, cells++) {
    faceStart[c] = faceTotal;
    const kind = CELL_KINDS.get(types[c]!);
    if (!kind || k + kind.nodes > conn.length) break;
    starts[c] = k;
    let ok = 1;
    for (let j = 0; j < kind.nodes; j++) if (conn[k + j]! >= n) ok = 0;
    usable[c] = ok;
    k += kind.nodes;
    if (!ok) continue;
    if (kind.volume) faceTotal += CELL_FACES.get(kind.vtk)!.length;
    else surfaceTriangles += kind.nodes - 2;
  }
  faceStart[cells] = faceTotal;
  return { starts, usable, cells, faceStart, faceTotal, surfaceTriangles };
}

/**
 * For each volume face (numbered as in {@link CellScan.faceStart}), 1 when no
 * other face has the same nodes. The faces are sorted into buckets by their
 * smallest node (a counting sort: the memory is read in order, where a hash
 * table of millions of faces is read at random), and each bucket, a handful
 * of faces, is sorted by the other nodes, so equal faces lie side by side.
 */
function boundaryFaces(
  conn: Uint32Array,
  types: Uint8Array,
  nodeCount: number,
  scan: CellScan,
): Uint8Array {
  const { starts, usable, cells, faceTotal } = scan;
  const keys = new Uint32Array(4 * faceTotal);
  const bucketEnd = new Uint32Array(nodeCount + 1);
  for (let c = 0, i = 0; c < cells; c++) {
    const faces = CELL_FACES.get(types[c]!);
    if (!faces || !usable[c]) continue;
    for (let f = 0; f < faces.length; f++, i++) {
      faceKey(conn, starts[c]!, faces[f]!, keys, 4 * i);
      bucketEnd[keys[4 * i]! + 1]!++;
    }
  }
  for (let b = 1; b <= nodeCount; b++) bucketEnd[b]! += bucketEnd[b - 1]!;
  // bucketEnd[b] is now where bucket b starts; placing its faces moves it to where it ends.
  const order = new Uint32Array(faceTotal);
  for (let i = 0; i < faceTotal; i++) order[bucketEnd[keys[4 * i]!]!++] = i;
  const unique = new Uint8Array(faceTotal);
  const byNodes = (x: number, y: number) =>
    keys[4 * x + 1]! - keys[4 * y + 1]! ||
    keys[4 * x + 2]! - keys[4 * y + 2]! ||
    keys[4 * x + 3]! - keys[4 * y + 3]!;
  for (let b = 0, from = 0; b < nodeCount; from = bucketEnd[b++]!) {
    const to = bucketEnd[b]!;
    if (to - from > 16) order.subarray(from, to).sort(byNodes);
    else sortFew(order, from, to, byNodes);
    for (let j = from; j < to; ) {
      let run = j + 1;
      while (run < to && byNodes(order[j]!, order[run]!) === 0) run++;
      if (run === j + 1) unique[order[j]!] = 1;
      j = run;
    }
  }
  return unique;
}

/** Insertion sort of `order[from..to)` (a few entries) by `compare`. */
function sortFew(
  order: Uint32Array,
  from: number,
  to: number,
  compare: (x: number, y: number) => number,
): void {
  for (let i = from + 1; i < to; i++) {
    const v = order[i]!;
    let j = i - 1;
    while (j >= from && compare(order[j]!, v) > 0) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = v;
  }
}
