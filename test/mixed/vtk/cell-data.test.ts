/**
 * Issue 18, item 2: cell data is read by every VTK reader (.vtu, legacy
 * ASCII and BINARY CELL_DATA, several Pieces), each file cell's tuple given to
 * the cells it becomes (a polygon cut into triangles gives each its value),
 * and line and vertex cells are kept as segments and points; all against
 * VTK's own readers on files VTK's writers made.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { locateReport } from "../../../src/core/report.js";
import { cellToNodes } from "../../../src/mixed/vtk/cell-data.js";
import { readVtkSeries, type VtkFrame } from "../../../src/mixed/vtk/index.js";
import { HAS_VTK, python, VTK_REQUIRED } from "../export-helpers.js";
import { vtu } from "./vtu-text.js";

interface VtkSays {
  cells: number;
  types: number[];
  cellData: Record<string, number[][]>;
  averaged: Record<string, number[][]>;
}

const run = HAS_VTK || VTK_REQUIRED ? describe : describe.skip;

/** The files write-cell-data.py makes, written once. */
let files: Record<string, string> | undefined;
function fixtures(): Record<string, string> {
  files ??= python(
    "write-cell-data.py",
    mkdtempSync(join(tmpdir(), "deforma-celldata-")),
  ) as Record<string, string>;
  return files;
}

async function read(path: string): Promise<{ frame: VtkFrame; report: string[] }> {
  const s = await readVtkSeries([{ name: basename(path), bytes: readFileSync(path) }]);
  return {
    frame: s.frames[0]!,
    report: locateReport(s.report).map((d) => d.code),
  };
}

const tuple = (a: { values: Float64Array; components: number }, k: number) =>
  Array.from(a.values.subarray(k * a.components, (k + 1) * a.components));

/** Our cell arrays, each cell's tuple against VTK's of the file cell it came from, and every face cell of VTK's given. */
function expectCellData(f: VtkFrame, t: VtkSays): void {
  const lineTypes = new Set([1, 2, 3, 4, 21, 68, 75]);
  expect(f.cellData.map((a) => a.name).sort()).toEqual(Object.keys(t.cellData).sort());
  const source = f.cellSource!;
  expect(source.length).toBe(f.types.length);
  expect(new Set(source)).toEqual(
    new Set(t.types.flatMap((type, c) => (lineTypes.has(type) ? [] : [c]))),
  );
  for (const a of f.cellData) {
    expect(a.values.length).toBe(f.types.length * a.components);
    for (let c = 0; c < f.types.length; c++)
      expect(tuple(a, c)).toEqual(t.cellData[a.name]![source[c]!]);
  }
}

/** Our averaging onto the nodes against VTK's vtkCellDataToPointData, component by component. */
function expectAveraged(f: VtkFrame, t: VtkSays): void {
  for (const a of f.cellData) {
    for (let j = 0; j < a.components; j++) {
      const ours = cellToNodes(
        f,
        Float64Array.from({ length: f.types.length }, (_, c) => a.values[c * a.components + j]!),
      );
      const theirs = t.averaged[a.name]!.map((v) => v[j]!);
      expect(ours.length).toBe(theirs.length);
      for (let i = 0; i < ours.length; i++) expect(ours[i]).toBeCloseTo(theirs[i]!, 10);
    }
  }
}

run("cell data read as VTK reads it (issue 18, item 2)", () => {
  for (const name of [
    "hex.vtu",
    "polygon.vtu",
    "legacy.vtk",
    "binary.vtk",
    "pieces.vtu",
    "quadratic.vtu",
  ]) {
    // decision 182
    it(`${name}: every cell array, each cell's tuple and the node averages equal VTK's`, async () => {
      const path = fixtures()[name]!;
      const { frame, report } = await read(path);
      expect(report).toEqual([]);
      const t = (python("read-cell-data.py", path) as VtkSays[])[0]!;
      expect(frame.cellData.length).toBeGreaterThan(0);
      expectCellData(frame, t);
      expectAveraged(frame, t);
    });
  }

  it("poly.vtp: cells counted in VTK's order (Verts, Lines, Polys, Strips); a strip's triangles share its value", async () => {
    const path = fixtures()["poly.vtp"]!;
    const { frame, report } = await read(path);
    expect(report).toEqual([]);
    const t = (python("read-cell-data.py", path) as VtkSays[])[0]!;
    expectCellData(frame, t);
    expect(Array.from(frame.types)).toEqual([9, 5, 5]);
    expect(Array.from(frame.cellData[0]!.values)).toEqual([30, 40, 40]);
    expect(Array.from(frame.lines!)).toEqual([0, 3]);
    expect(Array.from(frame.vertices!)).toEqual([0]);
  });

  it("polygon.vtu: the hexagon cut into 4 triangles gives each its value", async () => {
    const { frame } = await read(fixtures()["polygon.vtu"]!);
    expect(Array.from(frame.types)).toEqual([5, 5, 5, 5, 9]);
    expect(Array.from(frame.cellData[0]!.values)).toEqual([2.5, 2.5, 2.5, 2.5, -1]);
  });

  it("quadratic.vtu: mid-side points take the mean of their cells, the shared one of both", async () => {
    const { frame } = await read(fixtures()["quadratic.vtu"]!);
    const q = cellToNodes(frame, frame.cellData[0]!.values);
    expect(q[7]).toBe(2);
    expect(q[6]).toBe(1);
    expect(q[11]).toBe(3);
  });

  it("hex.vtu: the 6-component stress S is kept as 6 components per cell", async () => {
    const { frame } = await read(fixtures()["hex.vtu"]!);
    const s = frame.cellData.find((a) => a.name === "S")!;
    expect(s.components).toBe(6);
    expect(tuple(s, 3)).toEqual([301, -60, 5, 10, -2, 1.5]);
  });

  // decision 183
  it("beam.vtu: line cells become segments, a poly-line two of them, a vertex a point", async () => {
    const { frame, report } = await read(fixtures()["beam.vtu"]!);
    expect(report).toEqual([]);
    expect(frame.types.length).toBe(0);
    expect(frame.skippedCells).toBe(6);
    expect(Array.from(frame.lines!)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    expect(Array.from(frame.vertices!)).toEqual([7]);
    const t = (python("read-cell-data.py", fixtures()["beam.vtu"]!) as VtkSays[])[0]!;
    expect(t.types).toEqual([3, 3, 3, 3, 4, 1]);
  });
});

describe("cell data findings", () => {
  it("a cell array of another length is VTK031, located at it, and left out", async () => {
    const text = vtu(
      [
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
      ],
      [[5, 0, 1, 2]],
      [],
    ).replace(
      "</Piece>",
      '<CellData><DataArray type="Float64" Name="q" format="ascii">1 2</DataArray></CellData>\n</Piece>',
    );
    const s = await readVtkSeries([{ name: "t.vtu", text }]);
    const d = locateReport(s.report);
    expect(d.map((x) => x.code)).toEqual(["VTK031"]);
    expect(d[0]!.message).toContain("cell array 'q' has 2 tuples for 1 cells");
    const line = text.split("\n").findIndex((l) => l.includes('Name="q"')) + 1;
    expect(d[0]!.line).toBe(line);
    expect(s.frames[0]!.cellData).toEqual([]);
  });

  it("a cell array that would grow past 2^27 values once given to its cut cells is VTK033, nothing allocated", async () => {
    // One polygon of 100,000 ids (99,998 triangles) and a cell array of 2,000 components: 2·10⁸ values.
    const ids = Array.from({ length: 100_000 }, (_, k) => k % 3);
    const text = vtu(
      [
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
      ],
      [[7, ...ids]],
      [],
    ).replace(
      "</Piece>",
      `<CellData><DataArray type="Float64" Name="wide" NumberOfComponents="2000" format="ascii">${"1 ".repeat(2000)}</DataArray></CellData>\n</Piece>`,
    );
    const s = await readVtkSeries([{ name: "t.vtu", text }]);
    const d = locateReport(s.report);
    expect(d.map((x) => x.code)).toEqual(["VTK033"]);
    expect(d[0]!.message).toContain("cell array 'wide' would take 199996000 values");
    expect(s.frames[0]!.types.length).toBe(99_998);
    expect(s.frames[0]!.cellData).toEqual([]);
  });

  it("legacy CELL_DATA of another cell count is VTK031 at CELL_DATA", async () => {
    const text = `# vtk DataFile Version 4.2
t
ASCII
DATASET UNSTRUCTURED_GRID
POINTS 3 float
0 0 0 1 0 0 0 1 0
CELLS 1 4
3 0 1 2
CELL_TYPES 1
5
CELL_DATA 2
SCALARS q float 1
LOOKUP_TABLE default
1 2
`;
    const s = await readVtkSeries([{ name: "t.vtk", text }]);
    const d = locateReport(s.report);
    expect(d.map((x) => `${x.code}@${x.line}:${x.column}`)).toEqual(["VTK031@11:1"]);
    expect(s.frames[0]!.cellData).toEqual([]);
  });
});
