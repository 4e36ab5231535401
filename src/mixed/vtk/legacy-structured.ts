/**
 * The structured kinds of a legacy `.vtk` file (read-legacy.ts):
 * STRUCTURED_POINTS (DIMENSIONS, ORIGIN, SPACING or ASPECT_RATIO),
 * STRUCTURED_GRID (DIMENSIONS, POINTS) and RECTILINEAR_GRID (DIMENSIONS,
 * X_/Y_/Z_COORDINATES), made into a frame as structured.ts makes grids. The
 * grid DIMENSIONS declares is checked against the read's budget when it is
 * read, before anything is allocated (VTK036).
 */
import { msg } from "../../core/message.js";
import { VTK } from "./codes.js";
import type { AttributeReader } from "./legacy-attributes.js";
import type { Token } from "./legacy-cursor.js";
import type { VtkFrame } from "./model.js";
import {
  affordable,
  cellCountOf,
  type Dims,
  imagePoints,
  pointCountOf,
  rectilinearPoints,
  structuredFrame,
} from "./structured.js";

/** The legacy DATASET types of structured data. */
export const LEGACY_STRUCTURED = new Set([
  "structured_points",
  "structured_grid",
  "rectilinear_grid",
]);

/** What the structured keywords of a file declared. */
export interface LegacyGrid {
  dims?: Dims;
  dimsAt: number;
  origin: number[];
  spacing: number[];
  readonly coordinates: (Float64Array | undefined)[];
}

/** A new grid's defaults (origin 0, spacing 1). */
export function legacyGrid(): LegacyGrid {
  return { dimsAt: 0, origin: [0, 0, 0], spacing: [1, 1, 1], coordinates: [] };
}

/** The reader as the structured keywords need it. */
export interface StructuredReader extends AttributeReader {
  readonly grid: LegacyGrid;
  readonly datasetAt: number;
  readonly points: Float64Array | undefined;
  readonly pointCount: number;
}

const AXES = ["x_coordinates", "y_coordinates", "z_coordinates"];

/** Reads keyword `t` when it is one of the structured kinds'; false when it is not. */
export function structuredKeyword(r: StructuredReader, t: Token): boolean {
  const g = r.grid;
  if (t.k === "dimensions") {
    const d = [0, 1, 2].map((a) => r.count(`DIMENSIONS ${"xyz"[a]}`)) as unknown as Dims;
    if (d.some((n) => n < 1))
      r.fail(VTK.extent, `DIMENSIONS ${d.join(" ")}: each must be at least 1`, t.start, r.pos);
    if (!affordable(d, r.budget))
      r.fail(
        VTK.gridSize,
        msg`DIMENSIONS declares ${{ points: d[0] * d[1] * d[2] }} points and ${{ cells: cellCountOf(d) }} cells, more than this read may hold`,
        t.start,
        r.pos,
      );
    g.dims = d;
    g.dimsAt = t.start;
  } else if (t.k === "origin" || t.k === "spacing" || t.k === "aspect_ratio") {
    const v = [0, 1, 2].map(() => {
      const n = r.need(`the numbers of ${t.s}`);
      const x = Number(n.s);
      if (!Number.isFinite(x))
        r.fail(VTK.geometry, `${t.s}: '${n.s}' is not a number (3 expected)`, n.start, n.end);
      return x;
    });
    if (t.k === "origin") g.origin = v;
    else g.spacing = v;
  } else if (AXES.includes(t.k)) {
    const axis = AXES.indexOf(t.k);
    const n = r.count(`the ${t.s} count`);
    const type = r.type(t.s);
    if (!g.dims) r.fail(VTK.missingSection, `${t.s} before DIMENSIONS`, t.start, t.end);
    if (n !== g.dims[axis])
      r.fail(
        VTK.geometry,
        `${t.s} ${n}: DIMENSIONS declares ${g.dims[axis]} points along ${"xyz"[axis]}`,
        t.start,
        t.end,
      );
    g.coordinates[axis] = r.values(n, type, t.s, t.start, true);
  } else return false;
  return true;
}

/** Whether CELL_DATA of `n` tuples is one per cell of the grid (kept), reporting when it is not. */
export function cellDataFits(r: StructuredReader, n: number, t: Token): boolean {
  const d = r.grid.dims;
  if (!d || n === cellCountOf(d)) return d !== undefined;
  r.sink.report(
    VTK.cellArrayLength,
    msg`CELL_DATA ${{ array: "(every array)" }}: ${{ found: n }} tuples for ${{ expected: cellCountOf(d) }} cells: its arrays are left out`,
    t.start,
    t.end,
  );
  return false;
}

/** The frame of a structured legacy file of `kind`, or undefined (reported unless reading stopped before). */
export function legacyStructuredFrame(
  r: StructuredReader,
  kind: string,
  file: string,
): VtkFrame | undefined {
  const g = r.grid;
  const at = r.datasetAt;
  const missing = (what: string): undefined => {
    if (!r.stopped) r.sink.report(VTK.missingSection, what, at, at + 7);
    return undefined;
  };
  const dims = g.dims;
  if (!dims) return missing("no DIMENSIONS in the file");
  const n = pointCountOf(dims);
  let points: Float64Array;
  if (kind === "structured_grid") {
    if (!r.points) return missing("no POINTS in the file");
    if (r.pointCount !== n)
      return void r.sink.report(
        VTK.geometry,
        `POINTS ${r.pointCount}: DIMENSIONS ${dims.join(" ")} declares ${n} points`,
        g.dimsAt,
        g.dimsAt + 10,
      );
    points = r.points;
  } else if (kind === "rectilinear_grid") {
    const [x, y, z] = g.coordinates;
    if (!x || !y || !z) return missing("X_COORDINATES, Y_COORDINATES and Z_COORDINATES are needed");
    points = rectilinearPoints(x, y, z);
  } else points = imagePoints(dims, [0, 0, 0], g.origin, g.spacing, [1, 0, 0, 0, 1, 0, 0, 0, 1]);
  if (kind !== "structured_grid") r.budget.remaining -= 24 * n;
  const { frame, blanked } = structuredFrame({
    file,
    start: at,
    text: r.text,
    time: r.time,
    dims,
    points,
    pointData: r.pointData,
    cellData: r.cellData,
    budget: r.budget,
  });
  if (blanked > 0)
    r.sink.report(
      VTK.blanked,
      msg`${{ count: blanked }} of ${{ cells: cellCountOf(dims) }} cells are blanked (vtkGhostType) and left out, as VTK hides them`,
      at,
      at + 7,
    );
  return frame;
}
