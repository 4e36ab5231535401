/**
 * The Exodus II reader on fixtures made here with netCDF4-python in the
 * three encodings Exodus writes (test/fixtures/exodus/README.md): every value
 * against the NetCDF library's own reading, counts, times and ranges against
 * VTK's vtkExodusIIReader.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readExodus } from "../../../src/mixed/exodus/read.js";
import type { VtkFrame } from "../../../src/mixed/vtk/model.js";
import { corpusFile } from "../../helpers.js";
import { HAS_VTK, VTK_REQUIRED } from "../export-helpers.js";
import {
  exodusFixture,
  fixtureBytes,
  HAS_NETCDF4,
  REFERENCES_REQUIRED,
  reference,
} from "./helpers.js";

const FIXTURES = [
  ["classic.exo", "NetCDF-3 classic"],
  ["offset64.e", "NetCDF-3 64-bit offset"],
  ["hdf5.exo", "NetCDF-4"],
  // The layout before per-variable arrays: one `coord`, one `vals_nod_var`.
  ["old.exo", "NetCDF-3 classic"],
] as const;

interface NetcdfSays {
  nodes: number;
  coords: number[][];
  times: number[];
  blocks: { type: string; connect: number[][] }[];
  nodal: Record<string, number[]>;
  element: Record<string, Record<string, number[]>>;
}

interface VtkSays {
  nodes: number;
  cells: Record<string, number>;
  times: number[];
  arrays: Record<string, { components: number; min: number; max: number }>;
  corners: number[][][];
}

const array = (f: VtkFrame, name: string, kind: "point" | "cell" = "point") =>
  (kind === "point" ? f.pointData : f.cellData).find((a) => a.name === name);

const range = (v: Float64Array) => [Math.min(...v), Math.max(...v)];

describe("Exodus II line and point blocks", () => {
  // decision 218, decision 219
  it("keeps a BAR3 as two segments along it (ends first in Exodus) and SPHERE elements as points", async () => {
    const r = await readExodus(fixtureBytes("lines.exo"), "lines.exo");
    expect(r.diagnostics).toEqual([]);
    const f = r.frames![0]!;
    expect([[...f.types], [...f.connectivity], f.skippedCells]).toEqual([[5], [0, 1, 3], 3]);
    expect([[...f.lines!], [...f.vertices!]]).toEqual([
      [0, 2, 2, 1],
      [3, 4],
    ]);
  });
});

describe("Exodus II: both encodings read alike", () => {
  for (const [file, variant] of FIXTURES) {
    // decision 206 (an element variable off a block by elem_var_tab is 0 there), decision 209, decision 218 (the bar a line)
    it(`${file}: ${variant}, three frames, the hexes and the quadratic tet kept, the bar a line segment`, async () => {
      const r = await readExodus(fixtureBytes(file), file);
      expect(r.variant).toBe(variant);
      expect(r.diagnostics.map((d) => d.code)).toEqual(["EXO011"]);
      const frames = r.frames!;
      expect(frames.map((f) => f.time)).toEqual([0, 0.5, 1]);
      const f = frames[2]!;
      expect([f.pointCount, f.skippedCells]).toEqual([24, 1]);
      // The BAR2 element (nodes 23, 24): no .agr cell, one segment drawn.
      expect([[...(f.lines ?? [])], [...(f.vertices ?? [])]]).toEqual([[22, 23], []]);
      expect([...f.types]).toEqual([12, 12, 10]);
      expect([...f.connectivity.subarray(16)]).toEqual([12, 13, 14, 15]);
      expect(f.pointData.map((a) => [a.name, a.components])).toEqual([
        ["disp_x", 1],
        ["disp_y", 1],
        ["disp_z", 1],
        ["temp", 1],
        ["disp", 3],
      ]);
      expect(f.cellData.map((a) => a.name)).toEqual(["vonmises", "plastic"]);
      expect([...f.cellData[1]!.values]).toEqual([210, 211, 0]);
      expect(r.diagnostics[0]!.message).toContain("'plastic' is not defined on tip");
    });
  }

  it.skipIf(!HAS_NETCDF4 && !REFERENCES_REQUIRED)(
    "every coordinate, node number and value is the NetCDF library's",
    async () => {
      for (const [file] of FIXTURES) {
        const ref = reference("read-netcdf.py", exodusFixture(file)) as NetcdfSays;
        const f = (await readExodus(fixtureBytes(file), file)).frames!.at(-1)!;
        expect(f.pointCount).toBe(ref.nodes);
        for (const [k, axis] of ref.coords.entries())
          expect(axis.map((_, i) => f.points[3 * i + k])).toEqual(axis);
        const corners = ref.blocks
          .slice(0, 2)
          .flatMap((b, k) =>
            b.connect.flatMap((e) => e.slice(0, k === 0 ? 8 : 4).map((n) => n - 1)),
          );
        expect([...f.connectivity]).toEqual(corners);
        expect([...f.lines!]).toEqual(ref.blocks[2]!.connect.flat().map((n) => n - 1));
        for (const [name, values] of Object.entries(ref.nodal))
          expect([...array(f, name)!.values]).toEqual(values);
        const disp = array(f, "disp")!.values;
        expect(ref.nodal.disp_y!.map((_, i) => disp[3 * i + 1])).toEqual(ref.nodal.disp_y);
        // Blocks 1 (two hexes) and 2 (the tet) are the output cells; block 3 (the bar) is skipped.
        expect([...array(f, "vonmises", "cell")!.values]).toEqual([
          ...ref.element.vonmises!["1"]!,
          ...ref.element.vonmises!["2"]!,
        ]);
        expect([...array(f, "plastic", "cell")!.values]).toEqual([
          ...ref.element.plastic!["1"]!,
          0,
        ]);
      }
    },
  );

  it.skipIf(!HAS_VTK && !VTK_REQUIRED)(
    "counts, times and ranges are those of VTK's vtkExodusIIReader",
    async () => {
      for (const [file] of FIXTURES) {
        const vtk = reference("read-exodus.py", exodusFixture(file)) as VtkSays;
        const f = (await readExodus(fixtureBytes(file), file)).frames!;
        expect(f.map((x) => x.time)).toEqual(vtk.times);
        const last = f.at(-1)!;
        expect(last.pointCount).toBe(vtk.nodes);
        // VTK's hexahedron (12) and quadratic tetrahedron (24, drawn as 10); its line (3) is skipped here.
        expect([
          last.types.filter((t) => t === 12).length,
          last.types.filter((t) => t === 10).length,
        ]).toEqual([vtk.cells["12"], vtk.cells["24"]]);
        expect(last.skippedCells).toBe(vtk.cells["3"]);
        // decision 209: each cell's corners are VTK's, in VTK's order.
        const ours = [...last.connectivity].map((p) =>
          [0, 1, 2].map((a) => last.points[3 * p + a]),
        );
        expect(ours).toEqual(vtk.corners.flat());
        expect(range(array(last, "temp")!.values)).toEqual([
          vtk.arrays["point:temp"]!.min,
          vtk.arrays["point:temp"]!.max,
        ]);
        // VTK combines disp_x/y/z into one vector too ("disp_").
        expect(vtk.arrays["point:disp_"]!.components).toBe(3);
        expect(range(array(last, "disp")!.values)).toEqual([
          vtk.arrays["point:disp_"]!.min,
          vtk.arrays["point:disp_"]!.max,
        ]);
        expect(range(array(last, "plastic", "cell")!.values.subarray(0, 2))).toEqual([
          vtk.arrays["cell:plastic"]!.min,
          vtk.arrays["cell:plastic"]!.max,
        ]);
      }
    },
  );
});

const CORPUS = ["solver-output/vtk-data/mug.e", "solver-output/vtk-data/mesh_fs8.exo"]
  .map((p) => corpusFile(p))
  .filter((p) => p !== undefined);

describe.skipIf(CORPUS.length === 0 || (!HAS_VTK && !VTK_REQUIRED))(
  "Exodus II: the corpus's real files as vtkExodusIIReader reads them",
  () => {
    it("MOOSE's mug.e and the wedge mesh mesh_fs8.exo: nodes, cells, corners, times, ranges", async () => {
      for (const path of CORPUS) {
        const vtk = reference("read-exodus.py", path) as VtkSays;
        const r = await readExodus(new Uint8Array(readFileSync(path)), path);
        expect(r.diagnostics).toEqual([]);
        const f = r.frames!;
        expect(f.map((x) => x.time ?? null)).toEqual(vtk.times.length > 0 ? vtk.times : [null]);
        const last = f.at(-1)!;
        expect(last.pointCount).toBe(vtk.nodes);
        expect(last.types.length).toBe(Object.values(vtk.cells).reduce((a, b) => a + b, 0));
        // VTK holds the points as 32-bit floats.
        const theirs = vtk.corners.flat(2);
        expect(theirs.length).toBe(3 * last.connectivity.length);
        let worst = 0;
        last.connectivity.forEach((p, k) => {
          for (let a = 0; a < 3; a++)
            worst = Math.max(worst, Math.abs(last.points[3 * p + a]! - theirs[3 * k + a]!));
        });
        expect(worst).toBeLessThan(1e-5);
        for (const [key, want] of Object.entries(vtk.arrays)) {
          const [kind, name] = key.split(":") as ["point" | "cell", string];
          const [lo, hi] = range(array(last, name, kind)!.values);
          expect(Math.abs(lo! - want.min), key).toBeLessThan(1e-6);
          expect(Math.abs(hi! - want.max), key).toBeLessThan(1e-6);
        }
      }
    });
  },
);
