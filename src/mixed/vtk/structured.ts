/**
 * Structured data (XML `.vti`/`.vts`/`.vtr`, legacy STRUCTURED_POINTS,
 * STRUCTURED_GRID, RECTILINEAR_GRID) as a frame: a grid of `nx × ny × nz`
 * points numbered as VTK numbers them (x fastest, then y, then z), its cells
 * in VTK's order — hexahedra when all three dimensions have more than one
 * point, quads when one has a single point, line cells (skipped: they draw
 * no face) when two have — and blanked cells left out as VTK hides them
 * (decision 195). Read by read-structured.ts and legacy-structured.ts.
 */
import type { VtkFrame } from "./model.js";
import type { DecodedArray, MemoryBudget } from "./read-data.js";

/** Points along x, y and z. */
export type Dims = readonly [number, number, number];

/** The ghost array's name (vtkDataSetAttributes::GhostArrayName) and the bits that hide. */
export const GHOST = "vtkGhostType";
const HIDDEN_POINT = 2;
const HIDDEN_CELL = 32;

/** Points of a grid. */
export function pointCountOf(d: Dims): number {
  return d[0] * d[1] * d[2];
}

/** Cells VTK counts in a grid (vtkStructuredData): one per step along every axis of more than one point. */
export function cellCountOf(d: Dims): number {
  if (d[0] < 1 || d[1] < 1 || d[2] < 1) return 0;
  return Math.max(1, d[0] - 1) * Math.max(1, d[1] - 1) * Math.max(1, d[2] - 1);
}

/**
 * Bytes a grid of `d` takes once built (points as float64, connectivity as
 * uint32, a type per cell), counted as the budget counts values; what a
 * reader checks before it allocates anything for the grid.
 */
export function gridCost(d: Dims): number {
  return 24 * pointCountOf(d) + 33 * cellCountOf(d);
}

/** Whether `d` is a grid this read may build: whole counts whose cost fits `budget`. */
export function affordable(d: Dims, budget: MemoryBudget): boolean {
  return d.every((n) => Number.isSafeInteger(n) && n >= 1) && gridCost(d) <= budget.remaining;
}

/** A grid read: its dimensions, points and arrays (cell data: one tuple per VTK cell). */
export interface StructuredRead {
  readonly file: string;
  readonly start: number;
  readonly text: string | undefined;
  readonly time: number | undefined;
  readonly dims: Dims;
  readonly points: Float64Array;
  readonly pointData: readonly DecodedArray[];
  readonly cellData: readonly DecodedArray[];
  readonly budget: MemoryBudget;
}

/** The frame of a grid, and how many of its cells blanking left out. */
export function structuredFrame(g: StructuredRead): { frame: VtkFrame; blanked: number } {
  const { dims } = g;
  const axes = [0, 1, 2].filter((a) => dims[a]! > 1);
  const stride = [1, dims[0], dims[0] * dims[1]];
  const total = cellCountOf(dims);
  const cellGhost = g.cellData.find((a) => a.name === GHOST && a.components === 1)?.values;
  const pointGhost = g.pointData.find((a) => a.name === GHOST && a.components === 1)?.values;
  const face = axes.length >= 2;
  const corners = face ? cornerOffsets(axes, stride) : [];
  const size = corners.length;
  const conn = new Uint32Array(face ? total * size : 0);
  const blanking = cellGhost !== undefined || pointGhost !== undefined;
  // Which cells are kept: needed only when blanking may leave some out.
  const kept = new Uint32Array(face && blanking ? total : 0);
  let n = 0;
  if (face) {
    const steps = [0, 1, 2].map((a) => Math.max(1, dims[a]! - 1));
    const [sx, sy, sz] = steps as [number, number, number];
    const [, s1, s2] = stride as [number, number, number];
    let cell = 0;
    let e = 0;
    for (let k = 0; k < sz; k++)
      for (let j = 0; j < sy; j++)
        for (let i = 0, base = j * s1 + k * s2; i < sx; i++, cell++, base++) {
          if (blanking) {
            if (hidden(cell, base, corners, cellGhost, pointGhost)) continue;
            kept[n] = cell;
          }
          for (let c = 0; c < size; c++) conn[e++] = base + corners[c]!;
          n++;
        }
  }
  const blanked = face ? total - n : 0;
  g.budget.remaining -= n * (size * 4 + 1);
  const type = axes.length === 3 ? 12 : 9;
  const offered = (arrays: readonly DecodedArray[]) => arrays.filter((a) => a.name !== GHOST);
  const frame: VtkFrame = {
    file: g.file,
    start: g.start,
    text: g.text,
    time: g.time,
    points: g.points,
    pointCount: pointCountOf(dims),
    types: new Uint8Array(n).fill(type),
    connectivity: blanked > 0 ? conn.slice(0, n * size) : conn,
    skippedCells: face ? 0 : total,
    pointData: offered(g.pointData),
    cellData: face
      ? offered(g.cellData).map((a) => (blanked > 0 ? pick(a, kept.subarray(0, n), total) : a))
      : [],
  };
  return { frame, blanked };
}

/** Offsets of a cell's corners from its first point: hexahedron or quad in VTK's order. */
function cornerOffsets(axes: readonly number[], stride: readonly number[]): number[] {
  const a = stride[axes[0]!]!;
  const b = stride[axes[1]!]!;
  const quad = [0, a, a + b, b];
  if (axes.length === 2) return quad;
  const c = stride[2]!;
  return [...quad, ...quad.map((o) => o + c)];
}

/** Whether a cell is blanked: its ghost value hides it, or one of its points is hidden. */
function hidden(
  cell: number,
  base: number,
  corners: readonly number[],
  cellGhost: Float64Array | undefined,
  pointGhost: Float64Array | undefined,
): boolean {
  if (cellGhost && (cellGhost[cell]! & HIDDEN_CELL) !== 0) return true;
  if (pointGhost)
    for (const o of corners) if ((pointGhost[base + o]! & HIDDEN_POINT) !== 0) return true;
  return false;
}

/** The tuples of `kept` cells of an array of `total` (all when none is left out). */
function pick(a: DecodedArray, kept: Uint32Array, total: number): DecodedArray {
  if (kept.length === total) return a;
  const c = a.components;
  const values = new Float64Array(kept.length * c);
  for (let n = 0; n < kept.length; n++)
    values.set(a.values.subarray(kept[n]! * c, kept[n]! * c + c), n * c);
  return { ...a, values };
}

/** Points of an image: `origin + direction · (index × spacing)` for index from `first`, x fastest. */
export function imagePoints(
  dims: Dims,
  first: readonly number[],
  origin: readonly number[],
  spacing: readonly number[],
  direction: readonly number[],
): Float64Array {
  const out = new Float64Array(3 * pointCountOf(dims));
  // Each axis's step as a vector: direction column times spacing; then point = origin + Σ index·step.
  const step = (a: number) => [0, 1, 2].map((r) => direction[3 * r + a]! * spacing[a]!);
  const [ex, ey, ez] = [step(0), step(1), step(2)] as [number[], number[], number[]];
  let p = 0;
  for (let k = 0; k < dims[2]; k++) {
    const kk = first[2]! + k;
    for (let j = 0; j < dims[1]; j++) {
      const jj = first[1]! + j;
      const x0 = origin[0]! + jj * ey[0]! + kk * ez[0]!;
      const y0 = origin[1]! + jj * ey[1]! + kk * ez[1]!;
      const z0 = origin[2]! + jj * ey[2]! + kk * ez[2]!;
      for (let i = 0; i < dims[0]; i++) {
        const ii = first[0]! + i;
        out[p++] = x0 + ii * ex[0]!;
        out[p++] = y0 + ii * ex[1]!;
        out[p++] = z0 + ii * ex[2]!;
      }
    }
  }
  return out;
}

/** Points of a rectilinear grid: every (x, y, z) of its coordinates, x fastest. */
export function rectilinearPoints(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  z: ArrayLike<number>,
): Float64Array {
  const out = new Float64Array(3 * x.length * y.length * z.length);
  let p = 0;
  for (let k = 0; k < z.length; k++)
    for (let j = 0; j < y.length; j++)
      for (let i = 0; i < x.length; i++) {
        out[p++] = x[i]!;
        out[p++] = y[j]!;
        out[p++] = z[k]!;
      }
  return out;
}
