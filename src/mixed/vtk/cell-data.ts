/**
 * Cell data: a file's cell arrays given to the cells they become (cells.ts
 * cuts some into several and keeps line and vertex cells out of the cells),
 * and cell values made into node values by averaging over the cells that use
 * each node, as VTK's CellDataToPointData does.
 */
import type { Reporter } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import type { MappedCells } from "./cells.js";
import { VTK } from "./codes.js";
import type { VtkFrame } from "./model.js";
import type { DecodedArray } from "./read-data.js";

/** Most values the cell arrays of one piece may take once given to their cells (1 GiB of float64). */
export const CELL_DATA_VALUES = 2 ** 27;

/**
 * Each array of `arrays` (one tuple per file cell) as one tuple per cell of
 * `mapped` (its `cellOf`); arrays that would take more than `limit` values
 * in all (cells cut into many, a wide array) are left out, named in `dropped`.
 */
export function gatherCellData(
  arrays: readonly DecodedArray[],
  mapped: Pick<MappedCells, "cellOf">,
  limit = CELL_DATA_VALUES,
): { arrays: DecodedArray[]; dropped: { name: string; values: number }[] } {
  const of = mapped.cellOf;
  const out: DecodedArray[] = [];
  const dropped: { name: string; values: number }[] = [];
  let total = 0;
  for (const a of arrays) {
    const c = a.components;
    // Counted before anything is allocated.
    if (total + of.length * c > limit) {
      dropped.push({ name: a.name, values: of.length * c });
      continue;
    }
    total += of.length * c;
    const values = new Float64Array(of.length * c);
    for (let k = 0; k < of.length; k++)
      for (let j = 0; j < c; j++) values[k * c + j] = a.values[of[k]! * c + j]!;
    out.push({ name: a.name, components: c, values });
  }
  return { arrays: out, dropped };
}

/** Reports (VTK033) a cell array left out by {@link gatherCellData}, at `start`…`end`. */
export function reportCellBudget(
  sink: Reporter,
  d: { name: string; values: number },
  start: number,
  end: number,
): void {
  sink.report(
    VTK.cellDataBudget,
    msg`cell array '${{ array: d.name }}' would take ${{ values: d.values }} values given to the cells its file cells become (more than 2^27): it is left out`,
    start,
    end,
  );
}

/**
 * A legacy file's cell data (`arrays`, read after CELL_DATA at `at`) given
 * to the cells they become; none (VTK031 for each) when CELL_DATA counts
 * other cells than the file has.
 */
export function legacyCellData(
  sink: Reporter,
  arrays: readonly DecodedArray[],
  at: { start: number; end: number; n: number } | undefined,
  mapped: MappedCells,
): DecodedArray[] {
  if (!at || arrays.length === 0) return [];
  if (at.n === mapped.fileCells) {
    const cells = gatherCellData(arrays, mapped);
    for (const d of cells.dropped) reportCellBudget(sink, d, at.start, at.end);
    return cells.arrays;
  }
  for (const a of arrays)
    sink.report(
      VTK.cellDataLength,
      msg`cell array '${{ array: a.name }}' has ${{ found: at.n }} tuples for ${{ expected: mapped.fileCells }} cells: it is left out`,
      at.start,
      at.end,
    );
  return [];
}

/** The frame fields a reader sets from its mapped cells: cells, their file cells, lines and vertices. */
export function mappedFields(
  mapped: MappedCells,
): Pick<
  VtkFrame,
  "types" | "connectivity" | "skippedCells" | "cellSource" | "lines" | "vertices" | "inner"
> {
  return {
    types: mapped.types,
    connectivity: mapped.connectivity,
    skippedCells: mapped.skipped,
    cellSource: mapped.cellOf,
    lines: mapped.lines,
    vertices: mapped.vertices,
    ...(mapped.inner.cells.length > 0 ? { inner: mapped.inner } : {}),
  };
}

/** Node count of each `.agr` cell type (the linear types cells.ts makes). */
const NODES: Readonly<Record<number, number>> = { 5: 3, 9: 4, 10: 4, 12: 8, 13: 6, 14: 5 };

/**
 * The node values of `cellValues` (one per cell of `f.types`): at each node
 * the mean over the file cells that use it (a cell cut into several counts
 * once; a quadratic cell's mid-side points count, through `f.inner`); 0 at a
 * node no cell uses.
 */
export function cellToNodes(f: VtkFrame, cellValues: ArrayLike<number>): Float64Array {
  const n = f.pointCount;
  const sum = new Float64Array(n);
  const count = new Uint32Array(n);
  // The last file cell counted at each node: the pieces of one cell come one after another.
  const last = new Int32Array(n).fill(-1);
  const source = f.cellSource;
  const conn = f.connectivity;
  let at = 0;
  for (let c = 0; c < f.types.length; c++) {
    const k = NODES[f.types[c]!] ?? 0;
    const s = source ? source[c]! : c;
    for (let j = at; j < at + k; j++) {
      const v = conn[j]!;
      if (last[v] === s) continue;
      last[v] = s;
      sum[v]! += cellValues[c]!;
      count[v]!++;
    }
    at += k;
  }
  const inner = f.inner;
  for (let k = 0, begin = 0; inner && k < inner.cells.length; k++) {
    const c = inner.cells[k]!;
    const end = inner.ends[k]!;
    for (let j = begin; j < end; j++) {
      const v = inner.ids[j]!;
      sum[v]! += cellValues[c]!;
      count[v]!++;
    }
    begin = end;
  }
  for (let v = 0; v < n; v++) sum[v] = count[v]! > 0 ? sum[v]! / count[v]! : 0;
  return sum;
}
