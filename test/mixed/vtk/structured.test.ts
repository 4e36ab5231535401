/**
 * Structured data against VTK's own readers: images, structured and
 * rectilinear grids written by python3-vtk9's XML writers (every encoding,
 * two pieces), parallel writers (an index and two piece files) and legacy writers (ASCII and BINARY), 3-D, 2-D and 1-D, with
 * point and cell data and blanking (test/fixtures/vtk/write-structured.py),
 * read back by VTK (read-structured.py): points, cells VTK shows, each
 * cell's points, and every array's range. And the real files of the corpus.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readVtkSeries, type VtkFrame } from "../../../src/mixed/vtk/index.js";
import { corpusFile } from "../../helpers.js";
import { HAS_VTK, python, VTK_REQUIRED } from "../export-helpers.js";

interface Range {
  components: number;
  range: [number, number];
  values?: number[];
}
interface VtkSays {
  points: number;
  cells: number;
  visible: number[];
  cellTypes: number[];
  xyz: number[][];
  cellPoints: number[][];
  pointArrays: Record<string, Range>;
  cellArrays: Record<string, Range>;
}
interface Written {
  file: string;
  kind: string;
  dims: [number, number, number];
}

/** VTK's voxel and pixel list their points x, then y: as hexahedron and quad their last two swap. */
function asAgr(type: number, ids: number[]): number[] {
  if (type === 11) return [12, ...[0, 1, 3, 2, 4, 5, 7, 6].map((k) => ids[k]!)];
  if (type === 8) return [9, ...[0, 1, 3, 2].map((k) => ids[k]!)];
  return [type, ...ids];
}

/** Our cells as [type, ids…]. */
function ourCells(f: VtkFrame): number[][] {
  const out: number[][] = [];
  for (let c = 0, at = 0; c < f.types.length; c++) {
    const k = f.types[c] === 12 ? 8 : 4;
    out.push([f.types[c]!, ...f.connectivity.subarray(at, at + k)]);
    at += k;
  }
  return out;
}

function magnitudeRange(values: Float64Array, c: number): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i += c) {
    let s = 0;
    for (let k = 0; k < c; k++) s += values[i + k]! ** 2;
    const m = c === 1 ? values[i]! : Math.sqrt(s);
    lo = Math.min(lo, m);
    hi = Math.max(hi, m);
  }
  return [lo, hi];
}

const close = (a: number, b: number, what: string) =>
  expect(Math.abs(a - b), what).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(b)));

function expectArrays(
  ours: readonly { name: string; components: number; values: Float64Array }[],
  theirs: Record<string, Range>,
  what: string,
): void {
  expect(ours.map((a) => a.name).sort(), what).toEqual(Object.keys(theirs).sort());
  for (const a of ours) {
    const t = theirs[a.name]!;
    expect(a.components, `${what} ${a.name}`).toBe(t.components);
    const [lo, hi] = magnitudeRange(a.values, a.components);
    close(lo, t.range[0], `${what} ${a.name} min`);
    close(hi, t.range[1], `${what} ${a.name} max`);
    // Every value in its place (pieces placed by their extents), when VTK listed them.
    if (t.values && t.values.length === a.values.length)
      for (const [i, v] of t.values.entries()) close(a.values[i]!, v, `${what} ${a.name}[${i}]`);
    else if (t.values) expect(a.values.length, `${what} ${a.name}`).toBe(t.values.length);
  }
}

/** Compares our frame of `file` with what VTK read. */
function expectLikeVtk(f: VtkFrame, t: VtkSays, file: string): void {
  expect(f.pointCount, file).toBe(t.points);
  for (let i = 0; i < t.points; i++)
    for (let a = 0; a < 3; a++) close(f.points[3 * i + a]!, t.xyz[i]![a]!, `${file} point ${i}`);
  const faces = t.cellTypes.every((c) => c > 4);
  expect(ourCells(f), file).toEqual(
    faces ? t.cellPoints.map((ids, c) => asAgr(t.cellTypes[c]!, ids)) : [],
  );
  expect(f.skippedCells, file).toBe(faces ? 0 : t.cells);
  expectArrays(f.pointData, t.pointArrays, `${file} point`);
  // Cell data: one tuple per cell shown; VTK's ranges are over every cell, so they are compared when none is hidden.
  if (faces && t.visible.length === t.cells) expectArrays(f.cellData, t.cellArrays, `${file} cell`);
  if (!faces) expect(f.cellData, file).toEqual([]);
}

describe.skipIf(!HAS_VTK && !VTK_REQUIRED)("structured data written by VTK", () => {
  let written: Written[] = [];
  let theirs: VtkSays[] = [];
  beforeAll(() => {
    if (!HAS_VTK) throw new Error("CI=true but /usr/bin/python3 cannot import vtk (python3-vtk9)");
    const dir = mkdtempSync(join(tmpdir(), "deforma-structured-"));
    written = python("write-structured.py", dir) as Written[];
    theirs = python("read-structured.py", ...written.map((w) => w.file)) as VtkSays[];
  }, 60_000);

  // decision 197
  it("reads .vti, .vts and .vtr in every encoding and as pieces, their parallel .pvti, .pvts and .pvtr, and the legacy kinds ASCII and BINARY, as VTK does", async () => {
    expect(written.length).toBe(57);
    for (const [k, w] of written.entries()) {
      // A parallel file's pieces are read from its folder.
      const read = async (name: string) => ({
        status: "ok" as const,
        bytes: readFileSync(join(dirname(w.file), name)),
      });
      const s = await readVtkSeries([{ name: basename(w.file), bytes: readFileSync(w.file) }], {
        read,
      });
      const blanked = basename(w.file).startsWith("blanked");
      expect(
        s.report.flatMap((r) => r.diagnostics.map((d) => d.code)),
        w.file,
      ).toEqual(blanked ? ["VTK038"] : []);
      expect(s.frames, w.file).toHaveLength(1);
      expectLikeVtk(s.frames[0]!, theirs[k]!, w.file);
    }
  });

  // decision 194
  it("makes hexahedra of 3-D grids, quads of 2-D ones and skips the line cells of 1-D ones", async () => {
    const byName = (n: string) => written.findIndex((w) => basename(w.file) === n);
    const read = async (n: string) =>
      (await readVtkSeries([{ name: n, bytes: readFileSync(written[byName(n)]!.file) }]))
        .frames[0]!;
    const hex = await read("3d-zlib.vti");
    expect([...new Set(hex.types)]).toEqual([12]);
    expect(hex.types.length).toBe(3 * 2 * 1);
    const quad = await read("2d-ascii.vtr");
    expect([...new Set(quad.types)]).toEqual([9]);
    expect(quad.types.length).toBe(3 * 2);
    expect(quad.cellData.map((a) => a.values.length)).toEqual([6]);
    const line = await read("1d-ascii-vts.vtk");
    expect(line.types.length).toBe(0);
    expect(line.skippedCells).toBe(4);
  });

  // decision 195
  it("leaves out the cells VTK hides (a blanked cell, the cells of a blanked point), their cell data with them", async () => {
    for (const name of ["blanked.vts", "blanked-vts.vtk"]) {
      const k = written.findIndex((w) => basename(w.file) === name);
      const t = theirs[k]!;
      const s = await readVtkSeries([{ name, bytes: readFileSync(written[k]!.file) }]);
      const f = s.frames[0]!;
      expect(t.visible).toEqual([0, 2, 3, 4]);
      expect(f.types.length).toBe(4);
      // The stress of cell c is 1e6 (c + 1) + c²/2: the kept cells' values, in order.
      const stress = f.cellData.find((a) => a.name === "stress")!;
      expect([...stress.values]).toEqual(t.visible.map((c) => 1e6 * (c + 1) + 0.5 * c * c));
      expect(f.pointData.map((a) => a.name)).not.toContain("vtkGhostType");
      expect(s.report[0]!.diagnostics[0]!.args).toEqual({ count: 2, cells: 6 });
    }
  });
});

describe("structured files of the corpus (real data)", () => {
  const files = [
    "solver-output/vtk-data/vase.vti",
    "solver-output/vtk-data/StructuredGrid.vts",
    "solver-output/vtk-data/RectilinearGrid.vtr",
    "solver-output/vtk-data/SampleStructGrid.vtk",
    "solver-output/vtk-data/StructuredPoints.vtk",
  ].map((f) => corpusFile(f));
  const present = files.every((f) => f !== undefined);
  it.skipIf(!present || (!HAS_VTK && !VTK_REQUIRED))(
    "reads them as VTK does: counts and ranges",
    async () => {
      const paths = files as string[];
      const summary = python("read-structured.py", "--counts", ...paths) as (VtkSays & {
        visible: number;
      })[];
      for (const [k, path] of paths.entries()) {
        const s = await readVtkSeries([{ name: basename(path), bytes: readFileSync(path) }]);
        expect(s.report, path).toEqual([]);
        const f = s.frames[0]!;
        const t = summary[k]!;
        expect(f.pointCount, path).toBe(t.points);
        expect(f.types.length, path).toBe(t.visible);
        expectArrays(f.pointData, t.pointArrays, `${path} point`);
        expectArrays(f.cellData, t.cellArrays, `${path} cell`);
      }
    },
    120_000,
  );
});
