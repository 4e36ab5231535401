/**
 * Structured hexahedral meshes in VTK node order: bottom face 0-1-2-3
 * counter-clockwise seen from the top, then the top face 4-5-6-7 above it.
 */
import { CELL_FACES } from "../../src/mixed/agr/surface.js";

/** VTK cell type code of a linear hexahedron. */
export const VTK_HEXAHEDRON = 12;

/** A hexahedral mesh: packed xyz node positions and 8 node indices per cell. */
export interface HexMesh {
  /** Node positions, xyz packed, length 3N (units of the point function, here m). */
  positions: Float64Array;
  /** 0-based node indices, 8 per cell, VTK hexahedron order. */
  connectivity: Uint32Array;
}

/**
 * A structured grid of `ni × nj × nk` hexahedra whose node (i, j, k) sits at
 * `point(i, j, k)`; cells are positively oriented when the map is right-handed.
 */
export function structuredHexGrid(
  ni: number,
  nj: number,
  nk: number,
  point: (i: number, j: number, k: number) => readonly [number, number, number],
): HexMesh {
  const node = (i: number, j: number, k: number) => i + (ni + 1) * (j + (nj + 1) * k);
  const positions = new Float64Array((ni + 1) * (nj + 1) * (nk + 1) * 3);
  for (let k = 0; k <= nk; k++) {
    for (let j = 0; j <= nj; j++) {
      for (let i = 0; i <= ni; i++) {
        positions.set(point(i, j, k), node(i, j, k) * 3);
      }
    }
  }
  const connectivity = new Uint32Array(ni * nj * nk * 8);
  let c = 0;
  for (let k = 0; k < nk; k++) {
    for (let j = 0; j < nj; j++) {
      for (let i = 0; i < ni; i++) {
        for (const kk of [k, k + 1]) {
          connectivity[c++] = node(i, j, kk);
          connectivity[c++] = node(i + 1, j, kk);
          connectivity[c++] = node(i + 1, j + 1, kk);
          connectivity[c++] = node(i, j + 1, kk);
        }
      }
    }
  }
  return { positions, connectivity };
}

/**
 * Maps the square [−1, 1]² onto the unit disk:
 * x = u·√(1 − v²/2), y = v·√(1 − u²/2) (dimensionless).
 */
export function squareToDisk(u: number, v: number): [number, number] {
  return [u * Math.sqrt(1 - (v * v) / 2), v * Math.sqrt(1 - (u * u) / 2)];
}

/** The six faces of a VTK hexahedron (code 12), right-hand normals outwards: the table the surface extraction uses. */
const HEX_FACES = CELL_FACES.get(12)!;

/**
 * Signed volume of hexahedron `cell` of `connectivity` over packed xyz
 * `positions` (units³ of the positions): positive for VTK node order.
 * Divergence theorem over the faces, each split into two triangles.
 */
export function hexVolume(
  positions: ArrayLike<number>,
  connectivity: ArrayLike<number>,
  cell: number,
): number {
  const at = (corner: number, axis: number) =>
    positions[connectivity[cell * 8 + corner]! * 3 + axis]!;
  // Triple product p·(q × r) of three corners.
  const triple = (a: number, b: number, c: number) => {
    const px = at(a, 0),
      py = at(a, 1),
      pz = at(a, 2);
    const qx = at(b, 0),
      qy = at(b, 1),
      qz = at(b, 2);
    const rx = at(c, 0),
      ry = at(c, 1),
      rz = at(c, 2);
    return px * (qy * rz - qz * ry) + py * (qz * rx - qx * rz) + pz * (qx * ry - qy * rx);
  };
  let sum = 0;
  for (const [a, b, c, d] of HEX_FACES as readonly (readonly [number, number, number, number])[]) {
    sum += triple(a, b, c) + triple(a, c, d);
  }
  return sum / 6;
}
