/**
 * Reading VTK XML structured data: ImageData (`.vti`: WholeExtent, Origin,
 * Spacing, Direction), StructuredGrid (`.vts`: Points) and RectilinearGrid
 * (`.vtr`: Coordinates), in every encoding read-data.ts reads. As VTK's
 * readers do, the Pieces (each with its own Extent inside the WholeExtent)
 * fill one grid over the WholeExtent; points and cells as structured.ts
 * makes them; point data into `pointData`, cell data into `cellData`. The
 * grid's size is checked against the read's budget before anything is
 * allocated (VTK036).
 */
import { msg } from "../../core/message.js";
import { attr, attrStart, childrenNamed, type XmlElement } from "../../core/xml.js";
import { VTK } from "./codes.js";
import type { VtkFrame } from "./model.js";
import { type DataContext, type DecodedArray, readDataArray } from "./read-data.js";
import type { Parsed } from "./read-grid.js";
import { sourceText } from "./read-text.js";
import {
  affordable,
  cellCountOf,
  type Dims,
  imagePoints,
  pointCountOf,
  rectilinearPoints,
  structuredFrame,
} from "./structured.js";

/** The XML types of structured data. */
export const STRUCTURED_TYPES: ReadonlySet<string> = new Set([
  "ImageData",
  "StructuredGrid",
  "RectilinearGrid",
]);

/** Six integers `x0 x1 y0 y1 z0 z1`, each low ≤ high. */
type Extent = readonly number[];

const dimsOf = (e: Extent): Dims => [e[1]! - e[0]! + 1, e[3]! - e[2]! + 1, e[5]! - e[4]! + 1];

/** The extent attribute `name` of `e`, or undefined (reported, VTK035). */
function extentOf(p: Parsed, e: XmlElement, name: string): Extent | undefined {
  const s = attr(e, name);
  const v = (s ?? "").trim().split(/\s+/).map(Number);
  const ok =
    v.length === 6 &&
    v.every((n) => Number.isSafeInteger(n)) &&
    v[0]! <= v[1]! &&
    v[2]! <= v[3]! &&
    v[4]! <= v[5]!;
  if (ok) return v;
  const found = s === undefined ? "missing" : `'${s.slice(0, 60)}'`;
  p.sink.report(
    VTK.extent,
    `${name} ${found}: six whole numbers x0 x1 y0 y1 z0 z1, each low ≤ high, expected`,
    attrStart(e, name),
  );
  return undefined;
}

/** `count` numbers of attribute `name` (default `fallback` when absent), or undefined (reported, VTK037). */
function numbersOf(
  p: Parsed,
  e: XmlElement,
  name: string,
  fallback: number[],
): number[] | undefined {
  const s = attr(e, name);
  if (s === undefined) return fallback;
  const v = s.trim().split(/\s+/).map(Number);
  if (v.length === fallback.length && v.every(Number.isFinite)) return v;
  p.sink.report(
    VTK.geometry,
    `${name} '${s.slice(0, 60)}': ${fallback.length} numbers expected`,
    attrStart(e, name),
  );
  return undefined;
}

/** The grid being filled: whole-extent arrays, by name, and where each came from. */
export interface Whole {
  readonly extent: Extent;
  readonly dims: Dims;
  readonly pointData: Map<string, DecodedArray>;
  readonly cellData: Map<string, DecodedArray>;
  points?: Float64Array;
  readonly coordinates: (Float64Array | undefined)[];
}

/** A grid begun from the element that declares it: its whole extent and (an image's) geometry. */
export interface GridStart {
  readonly grid: XmlElement;
  readonly kind: string;
  readonly whole: Whole;
  readonly geometry: number[][];
}

/** Reads a structured XML file (`p.root` of an ImageData, StructuredGrid or RectilinearGrid type); see the module comment. */
export async function readStructured(
  file: string,
  p: Parsed,
  time: number | undefined,
): Promise<VtkFrame | undefined> {
  const root = p.root!;
  const kind = attr(root, "type") ?? "";
  const g = beginGrid(p, kind, kind);
  if (!g) return undefined;
  const pieces = childrenNamed(g.grid, "Piece");
  if (pieces.length === 0)
    return void p.sink.report(VTK.missingSection, `no <${kind}><Piece>`, root.start);
  if (!(await readPieces(p, kind, pieces, [0, pieces.length], g.whole))) return undefined;
  return finishGrid(file, p, g, time);
}

/**
 * The grid declared by the `element` child of `p.root` (a `kind`, or its
 * parallel `P…` form): its WholeExtent checked against the budget before
 * anything is allocated, and an image's Origin, Spacing and Direction;
 * undefined when it cannot be read (reported).
 */
export function beginGrid(p: Parsed, kind: string, element: string): GridStart | undefined {
  const { sink, ctx } = p;
  const root = p.root!;
  const grid = childrenNamed(root, element)[0];
  if (!grid) return void sink.report(VTK.missingSection, `no <${element}>`, root.start);
  const extent = extentOf(p, grid, "WholeExtent");
  if (!extent) return undefined;
  const dims = dimsOf(extent);
  if (!affordable(dims, ctx.budget)) {
    const points = dims.reduce((a, b) => a * b, 1);
    return void sink.report(
      VTK.gridSize,
      msg`WholeExtent declares ${{ points }} points and ${{ cells: cellCountOf(dims) }} cells, more than this read may hold`,
      attrStart(grid, "WholeExtent"),
    );
  }
  ctx.budget.remaining -= 24 * pointCountOf(dims);
  const geometry =
    kind === "ImageData"
      ? [
          numbersOf(p, grid, "Origin", [0, 0, 0]),
          numbersOf(p, grid, "Spacing", [1, 1, 1]),
          numbersOf(p, grid, "Direction", [1, 0, 0, 0, 1, 0, 0, 0, 1]),
        ]
      : [];
  if (geometry.some((g) => !g)) return undefined;
  const whole: Whole = {
    extent,
    dims,
    pointData: new Map(),
    cellData: new Map(),
    coordinates: [undefined, undefined, undefined],
  };
  return { grid, kind, whole, geometry: geometry as number[][] };
}

/** Reads `pieces` (numbered from `first` of `total` in the grid) into `whole`; false when one cannot be read (reported). */
export async function readPieces(
  p: Parsed,
  kind: string,
  pieces: readonly XmlElement[],
  [first, total]: readonly [number, number],
  whole: Whole,
): Promise<boolean> {
  for (const [k, piece] of pieces.entries())
    if (!(await readPiece(p, kind, piece, [first + k, total], whole))) return false;
  return true;
}

/** The frame of a grid whose pieces were read (`p`: the file that declared it, findings located there). */
export async function finishGrid(
  file: string,
  p: Parsed,
  g: GridStart,
  time: number | undefined,
): Promise<VtkFrame | undefined> {
  const { sink, ctx } = p;
  const { whole, grid } = g;
  const { dims, extent } = whole;
  let points: Float64Array;
  if (g.kind === "ImageData") {
    const [origin, spacing, direction] = g.geometry;
    points = imagePoints(dims, [extent[0]!, extent[2]!, extent[4]!], origin!, spacing!, direction!);
  } else if (g.kind === "RectilinearGrid") {
    const [x, y, z] = whole.coordinates.map((c, a) => c ?? new Float64Array(dims[a]!));
    points = rectilinearPoints(x!, y!, z!);
  } else points = whole.points ?? new Float64Array(3 * pointCountOf(dims));
  const { frame, blanked } = structuredFrame({
    file,
    start: grid.start,
    text: sourceText(ctx.source),
    time: time ?? (await timeValue(ctx, grid)),
    dims,
    points,
    pointData: [...whole.pointData.values()],
    cellData: [...whole.cellData.values()],
    budget: ctx.budget,
  });
  if (blanked > 0)
    sink.report(
      VTK.blanked,
      msg`${{ count: blanked }} of ${{ cells: cellCountOf(dims) }} cells are blanked (vtkGhostType) and left out, as VTK hides them`,
      grid.start,
    );
  return frame;
}

/** The `TimeValue` of the grid's FieldData, if any. */
async function timeValue(ctx: DataContext, grid: XmlElement): Promise<number | undefined> {
  for (const fd of childrenNamed(grid, "FieldData"))
    for (const a of childrenNamed(fd, "DataArray")) {
      if (attr(a, "Name") !== "TimeValue") continue;
      const v = await readDataArray(ctx, a, { max: 16 });
      if (v && v.values.length > 0) return v.values[0];
    }
  return undefined;
}

/** Runs `report` and says the Piece cannot be read. */
function fail(report: () => void): false {
  report();
  return false;
}

/** Cells along each axis of a part of extent `e` of a grid of dims `whole` (an axis of one point keeps one cell's width). */
const cellDims = (e: Extent, whole: Dims): Dims =>
  dimsOf(e).map((n, a) => (whole[a]! > 1 ? n - 1 : 1)) as unknown as Dims;

/** One Piece's points, coordinates and arrays, placed in the whole grid; false when the file cannot be read (reported). */
async function readPiece(
  p: Parsed,
  kind: string,
  piece: XmlElement,
  [index, count]: readonly [number, number],
  whole: Whole,
): Promise<boolean> {
  const { sink, ctx } = p;
  const e = extentOf(p, piece, "Extent");
  if (!e) return false;
  const w = whole.extent;
  if ([0, 2, 4].some((a) => e[a]! < w[a]! || e[a + 1]! > w[a + 1]!)) {
    sink.report(
      VTK.extent,
      `Extent '${e.join(" ")}' is outside the WholeExtent '${w.join(" ")}'`,
      attrStart(piece, "Extent"),
    );
    return false;
  }
  const dims = dimsOf(e);
  const n = pointCountOf(dims);
  const lowPoint = [e[0]! - w[0]!, e[2]! - w[2]!, e[4]! - w[4]!];
  if (kind === "StructuredGrid") {
    const a = childrenNamed(childrenNamed(piece, "Points")[0] ?? piece, "DataArray")[0];
    if (!a)
      return fail(() => sink.report(VTK.missingSection, "no <Points><DataArray>", piece.start));
    const xyz = await readDataArray(ctx, a, n);
    if (!xyz) return false;
    if (xyz.components !== 3)
      return fail(() => sink.report(VTK.dataArray, "Points must have 3 components", a.start));
    if (n === pointCountOf(whole.dims)) whole.points = xyz.values;
    else {
      whole.points ??= new Float64Array(3 * pointCountOf(whole.dims));
      place(whole.points, xyz.values, 3, dims, lowPoint, whole.dims);
    }
  } else if (kind === "RectilinearGrid") {
    const c = childrenNamed(childrenNamed(piece, "Coordinates")[0] ?? piece, "DataArray");
    if (c.length !== 3)
      return fail(() =>
        sink.report(VTK.missingSection, "no <Coordinates> with three DataArrays", piece.start),
      );
    for (let axis = 0; axis < 3; axis++) {
      const v = await readDataArray(ctx, c[axis]!, dims[axis]);
      if (!v) return false;
      const to = whole.coordinates[axis] ?? new Float64Array(whole.dims[axis]!);
      whole.coordinates[axis] = to;
      to.set(v.values.subarray(0, dims[axis]), lowPoint[axis]);
    }
  }
  const cells = cellDims(e, whole.dims);
  const lowCell = lowPoint.map((o, a) => (whole.dims[a]! > 1 ? o : 0));
  const at = { index, piece, pieces: count };
  await readArrays(
    p,
    childrenNamed(piece, "PointData")[0],
    at,
    whole.pointData,
    dims,
    lowPoint,
    whole.dims,
    "point",
  );
  await readArrays(
    p,
    childrenNamed(piece, "CellData")[0],
    at,
    whole.cellData,
    cells,
    lowCell,
    cellDims(w, whole.dims),
    "cell",
  );
  return true;
}

/** The arrays of a Piece's PointData or CellData, each placed in its whole-grid array (the first Piece decides which arrays there are). */
async function readArrays(
  p: Parsed,
  section: XmlElement | undefined,
  at: { readonly index: number; readonly piece: XmlElement; readonly pieces: number },
  into: Map<string, DecodedArray>,
  dims: Dims,
  low: readonly number[],
  wholeDims: Dims,
  what: "point" | "cell",
): Promise<void> {
  const { sink, ctx } = p;
  const n = pointCountOf(dims);
  const seen = new Set<string>();
  for (const a of section ? childrenNamed(section, "DataArray") : []) {
    const v = await readDataArray(ctx, a, { max: n });
    if (!v || (at.index > 0 && !into.has(v.name))) continue;
    if (v.values.length !== n * v.components) {
      const found = v.values.length / v.components;
      if (what === "point")
        sink.report(
          VTK.arrayLength,
          msg`point array '${v.name}' has ${{ found }} tuples for ${{ expected: n }} points`,
          a.start,
        );
      else
        sink.report(
          VTK.cellArrayLength,
          msg`cell array '${{ array: v.name }}' has ${{ found }} tuples for ${{ expected: n }} cells`,
          a.start,
        );
      continue;
    }
    const total = pointCountOf(wholeDims);
    const same = n === total;
    const target = at.index === 0 ? undefined : into.get(v.name);
    if (target && target.components !== v.components) continue;
    if (same && !target) into.set(v.name, v);
    else {
      if (!target && total * v.components * 8 > ctx.budget.remaining) {
        sink.report(
          VTK.budget,
          `${what} array '${v.name}' over the whole grid exceeds this read's budget`,
          a.start,
        );
        continue;
      }
      const out = target ?? { ...v, values: new Float64Array(total * v.components) };
      if (!target) ctx.budget.remaining -= out.values.length * 8;
      place(out.values, v.values, v.components, dims, low, wholeDims);
      into.set(v.name, out);
    }
    seen.add(v.name);
  }
  if (at.index === 0) return;
  for (const name of [...into.keys()]) {
    if (seen.has(name)) continue;
    sink.report(
      VTK.pieceArray,
      msg`${what} array '${{ array: name }}' is missing in Piece ${{ piece: at.index }} of ${{ pieces: at.pieces }} (or has other components there): it is left out`,
      at.piece.start,
    );
    into.delete(name);
  }
}

/** Copies a part's tuples (`dims` from `low`) into the whole grid's array (x fastest). */
function place(
  into: Float64Array,
  from: Float64Array,
  c: number,
  dims: Dims,
  low: readonly number[],
  whole: Dims,
): void {
  let s = 0;
  for (let k = 0; k < dims[2]; k++)
    for (let j = 0; j < dims[1]; j++) {
      const row = low[0]! + (low[1]! + j) * whole[0] + (low[2]! + k) * whole[0] * whole[1];
      into.set(from.subarray(s, s + dims[0] * c), row * c);
      s += dims[0] * c;
    }
}
