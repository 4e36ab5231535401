/**
 * Issue 18, items 8 and 9: a `.vtu` of several Pieces is read whole (all
 * pieces merged), and legacy cells listing more point ids than their type
 * has are read by their first ids; both checked against VTK's own readers.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { locateReport } from "../../../src/core/report.js";
import { readVtkSeries, type VtkFrame } from "../../../src/mixed/vtk/index.js";
import { corpusFile } from "../../helpers.js";
import { HAS_VTK, python } from "../export-helpers.js";
import { type Arr, vtu } from "./vtu-text.js";

interface VtkSays {
  points: number;
  cells: number;
  cellTypes: number[];
  cellPoints: number[][];
  arrays: Record<string, { components: number; range: [number, number] }>;
}

const codes = (report: Parameters<typeof locateReport>[0]) =>
  locateReport(report).map((d) => `${d.code}@${d.line}:${d.column}`);

const NODES: Record<number, number> = { 5: 3, 9: 4, 10: 4, 12: 8, 13: 6, 14: 5 };

/** Our cells as [type, ids…]. */
function ourCells(f: VtkFrame): number[][] {
  const nodes = NODES;
  const out: number[][] = [];
  for (let c = 0, at = 0; c < f.types.length; c++) {
    const k = nodes[f.types[c]!]!;
    out.push([f.types[c]!, ...f.connectivity.subarray(at, at + k)]);
    at += k;
  }
  return out;
}

/** VTK's cells as ours should be: its type, the first ids the type has (VTK's cell keeps them all). */
const firstIds = (t: VtkSays) =>
  t.cellTypes.map((type, c) => [type, ...t.cellPoints[c]!.slice(0, NODES[type])]);

function range(values: Float64Array): [number, number] {
  return [Math.min(...values), Math.max(...values)];
}

const tmp = () => mkdtempSync(join(tmpdir(), "deforma-cells-"));

// Twenty points: a hexahedron's 8 corners, then its 12 edge midpoints (a quadratic hexahedron's).
const HEX20 = [
  [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1],
  [0.5, 0, 0, 1, 0.5, 0, 0.5, 1, 0, 0, 0.5, 0, 0.5, 0, 1, 1, 0.5, 1, 0.5, 1, 1, 0, 0.5, 1],
  [0, 0, 0.5, 1, 0, 0.5, 1, 1, 0.5, 0, 1, 0.5],
].flat();
const IDS20 = Array.from({ length: 20 }, (_, k) => k);

/** A legacy file of a hexahedron listing 20 ids and a triangle listing 4, as 5.1 or 4.2 writes its cells. */
function legacy(version: "5.1" | "4.2"): string {
  const cells =
    version === "5.1"
      ? `CELLS 3 24\nOFFSETS vtktypeint64\n0 20 24\nCONNECTIVITY vtktypeint64\n${IDS20.join(" ")}\n0 1 2 8`
      : `CELLS 2 26\n20 ${IDS20.join(" ")}\n4 0 1 2 8`;
  return `# vtk DataFile Version ${version}
hexahedron with 20 ids
ASCII
DATASET UNSTRUCTURED_GRID
POINTS 20 float
${HEX20.join(" ")}
${cells}
CELL_TYPES 2
12
5
POINT_DATA 20
SCALARS T float 1
LOOKUP_TABLE default
${IDS20.join(" ")}
`;
}

// decision 166
describe("legacy cells with extra point ids (issue 18, item 9)", () => {
  for (const version of ["5.1", "4.2"] as const) {
    it(`${version}: a hexahedron of 20 ids and a triangle of 4 are read by their first ids, one VTK024 warning`, async () => {
      const text = legacy(version);
      const s = await readVtkSeries([{ name: "hex.vtk", bytes: new TextEncoder().encode(text) }]);
      const cellsLine = text.split("\n").findIndex((l) => l.startsWith("CELLS")) + 1;
      expect(codes(s.report)).toEqual([`VTK024@${cellsLine}:1`]);
      const d = s.report[0]!.diagnostics[0]!;
      expect(d.severity).toBe("warning");
      expect(d.message).toContain("2 cells list more point ids than their type has");
      expect(d.message).toContain("cell 0, VTK type 12, 20 ids for 8");
      const f = s.frames[0]!;
      expect(ourCells(f)).toEqual([
        [12, 0, 1, 2, 3, 4, 5, 6, 7],
        [5, 0, 1, 2],
      ]);
      expect(f.pointCount).toBe(20);
      if (!HAS_VTK) return;
      const dir = tmp();
      writeFileSync(join(dir, "hex.vtk"), text);
      const t = (
        python("read-vtu.py", join(dir, "hex.vtk")) as (VtkSays & { sizes: number[] })[]
      )[0]!;
      expect(f.pointCount).toBe(t.points);
      expect(f.types.length).toBe(t.cells);
      expect(ourCells(f)).toEqual(firstIds(t));
      // VTK's hexahedron of 20 ids has the unit cube's volume, its triangle of 4 the area of its first 3.
      expect(t.sizes).toEqual([expect.closeTo(1, 12), expect.closeTo(0.5, 12)]);
      expect(range(f.pointData[0]!.values)).toEqual(t.arrays.T!.range);
    });
  }

  it("still refuses a cell with fewer ids than its type has", async () => {
    const text = legacy("4.2").replace("4 0 1 2 8", "2 0 1").replace("CELLS 2 26", "CELLS 2 24");
    const s = await readVtkSeries([{ name: "hex.vtk", bytes: new TextEncoder().encode(text) }]);
    expect(codes(s.report).map((c) => c.slice(0, 6))).toEqual(["VTK007"]);
  });
});

/** One `.vtu` of the Pieces of `parts` (each an ascii .vtu of one piece). */
function pieces(parts: readonly string[]): string {
  const piece = (t: string) => t.slice(t.indexOf("<Piece"), t.indexOf("</Piece>") + 8);
  const first = parts[0]!;
  return first.replace(piece(first), parts.map(piece).join("\n"));
}

const TET = [
  [0, 0, 0],
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];
const shifted = (dx: number) => TET.map(([x, y, z]) => [x! + dx, y!, z!]);
const arrays = (k: number, withT = true): Arr[] => [
  ...(withT ? [{ name: "T", values: [1, 2, 3, 4].map((v) => v + 10 * k) }] : []),
  { name: "U", comps: "3", values: Array.from({ length: 12 }, (_, i) => (i % 3) * k) },
];

// decision 167
describe("a .vtu of several Pieces (issue 18, item 8)", () => {
  it("merges every piece: points, cells shifted by the earlier pieces' points, arrays concatenated, as VTK", async () => {
    const text = pieces([
      vtu(TET, [[10, 0, 1, 2, 3]], arrays(0)),
      vtu(shifted(2), [[10, 0, 1, 2, 3]], arrays(1)),
      vtu(
        [...shifted(4), [5, 1, 0]],
        [
          [10, 0, 1, 2, 3],
          [5, 1, 2, 4],
        ],
        arrays(2).map((a) => ({ ...a, values: [...a.values, ...(a.comps ? [1, 1, 1] : [25])] })),
      ),
    ]);
    const s = await readVtkSeries([{ name: "p.vtu", bytes: new TextEncoder().encode(text) }]);
    expect(s.report).toEqual([]);
    const f = s.frames[0]!;
    expect(f.pointCount).toBe(13);
    expect(ourCells(f)).toEqual([
      [10, 0, 1, 2, 3],
      [10, 4, 5, 6, 7],
      [10, 8, 9, 10, 11],
      [5, 9, 10, 12],
    ]);
    expect(f.points.subarray(3 * 12)).toEqual(new Float64Array([5, 1, 0]));
    const T = f.pointData.find((a) => a.name === "T")!;
    expect(range(T.values)).toEqual([1, 25]);
    if (!HAS_VTK) return;
    const dir = tmp();
    writeFileSync(join(dir, "p.vtu"), text);
    const t = (python("read-vtu.py", join(dir, "p.vtu")) as VtkSays[])[0]!;
    expect(f.pointCount).toBe(t.points);
    expect(ourCells(f)).toEqual(firstIds(t));
    expect(f.pointData.map((a) => a.name).sort()).toEqual(Object.keys(t.arrays).sort());
    expect(range(T.values)).toEqual(t.arrays.T!.range);
    expect(T.values.length).toBe(t.points);
  });

  it("an array missing in a later piece is an error naming that piece (VTK025); the rest is read", async () => {
    const text = pieces([
      vtu(TET, [[10, 0, 1, 2, 3]], arrays(0)),
      vtu(shifted(2), [[10, 0, 1, 2, 3]], arrays(1, false)),
    ]);
    const s = await readVtkSeries([{ name: "p.vtu", bytes: new TextEncoder().encode(text) }]);
    const second = text.split("\n").findIndex((l, k) => l.startsWith("<Piece") && k > 4) + 1;
    expect(codes(s.report)).toEqual([`VTK025@${second}:1`]);
    const d = s.report[0]!.diagnostics[0]!;
    expect(d.severity).toBe("error");
    expect(d.message).toContain("point array 'T' is missing in Piece 1 of 2");
    const f = s.frames[0]!;
    expect(f.pointCount).toBe(8);
    expect(f.types.length).toBe(2);
    expect(f.pointData.map((a) => a.name)).toEqual(["U"]);
  });
});

const NOTCH = corpusFile("solver-output/vtk-data/notch_stress.vtk") ?? "";
const TWO_PIECES = corpusFile("solver-output/paraview-data/polyhedron2pieces.vtu") ?? "";

// decision 166, decision 167
describe.skipIf(NOTCH === "" || TWO_PIECES === "" || !HAS_VTK)(
  "the solver corpus, when present",
  () => {
    it("reads VTK's notch (legacy 5.1, hexahedra of 20 ids) and ParaView's two-piece polyhedra as VTK counts them", async () => {
      const theirs = python("read-vtu.py", NOTCH, TWO_PIECES) as VtkSays[];
      for (const [k, file] of [NOTCH, TWO_PIECES].entries()) {
        const s = await readVtkSeries([{ name: basename(file), bytes: readFileSync(file) }]);
        const f = s.frames[0]!;
        expect(f.pointCount, file).toBe(theirs[k]!.points);
        expect(f.pointData.map((a) => a.name).sort()).toEqual(
          Object.keys(theirs[k]!.arrays).sort(),
        );
      }
      const notch = await readVtkSeries([{ name: "notch.vtk", bytes: readFileSync(NOTCH) }]);
      expect(notch.frames[0]!.types.length).toBe(theirs[0]!.cells);
      expect(codes(notch.report).map((c) => c.slice(0, 6))).toEqual(["VTK024"]);
    });
  },
);
