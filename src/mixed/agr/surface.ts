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
const key = new Uint32Array(4);
const other = new Uint32Array(4);

/** Sorted global node indices of a face into `out` (4th slot NONE for triangles). */
function faceKey(
  conn: Uint32Array,
  start: number,
  face: readonly number[],
  out: Uint32Array,
): void {
  out[3] = NONE;
  for (let i = 0; i < face.length; i++) out[i] = conn[start + face[i]!]!;
  // Insertion sort of 3 or 4 numbers.
  for (let i = 1; i < face.length; i++) {
    const v = out[i]!;
    let j = i - 1;
    while (j >= 0 && out[j]! > v) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = v;
  }
}

function hashKey(k: Uint32Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < 4; i++) h = Math.imul(h ^ k[i]!, 0x01000193) ^ (h >>> 15);
  return h >>> 0;
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
  const types = m.cellTypes;
  const conn = m.connectivity;
  const n = m.nodeCount;
  // Cell starts; cells after an unknown kind or past the connectivity are dropped.
  const starts = new Uint32Array(types.length);
  const usable = new Uint8Array(types.length);
  let cells = 0;
  let faceTotal = 0;
  let surfaceTriangles = 0;
  for (let c = 0, k = 0; c < types.length; c++, cells++) {
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
  let capacity = 16;
  while (capacity < 2 * faceTotal) capacity *= 2;
  const table = new Int32Array(capacity).fill(-1);
  const faceCell = new Uint32Array(faceTotal);
  const faceLocal = new Uint8Array(faceTotal);
  const faceUses = new Uint8Array(faceTotal);
  // Each face's hash: a probe compares it before rebuilding the other face's key (most differ).
  const faceHash = new Uint32Array(faceTotal);
  let unique = 0;
  for (let c = 0; c < cells; c++) {
    const faces = CELL_FACES.get(types[c]!);
    if (!faces || !usable[c]) continue;
    for (let f = 0; f < faces.length; f++) {
      faceKey(conn, starts[c]!, faces[f]!, key);
      const hash = hashKey(key);
      let slot = hash & (capacity - 1);
      for (;;) {
        const id = table[slot]!;
        if (id < 0) {
          table[slot] = unique;
          faceCell[unique] = c;
          faceLocal[unique] = f;
          faceUses[unique] = 1;
          faceHash[unique] = hash;
          unique++;
          break;
        }
        if (faceHash[id] !== hash) {
          slot = (slot + 1) & (capacity - 1);
          continue;
        }
        const oc = faceCell[id]!;
        faceKey(conn, starts[oc]!, CELL_FACES.get(types[oc]!)![faceLocal[id]!]!, other);
        if (
          key[0] === other[0] &&
          key[1] === other[1] &&
          key[2] === other[2] &&
          key[3] === other[3]
        ) {
          if (faceUses[id]! < 2) faceUses[id]!++;
          break;
        }
        slot = (slot + 1) & (capacity - 1);
      }
    }
  }
  let triangles = surfaceTriangles;
  for (let id = 0; id < unique; id++) {
    if (faceUses[id] !== 1) continue;
    triangles += CELL_FACES.get(types[faceCell[id]!]!)![faceLocal[id]!]!.length - 2;
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
  for (let id = 0; id < unique; id++) {
    if (faceUses[id] !== 1) continue;
    const c = faceCell[id]!;
    const face = CELL_FACES.get(types[c]!)![faceLocal[id]!]!;
    fan(c, face, face.length);
  }
  return { triangles: out, cells: cellOf };
}
