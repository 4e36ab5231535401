/**
 * Legacy `.vtk` files: read against VTK's own reader (python3-vtk9 writes them
 * with vtkUnstructuredGridWriter / vtkPolyDataWriter, ASCII and BINARY, legacy
 * 4.2 and 5.1, and reads them back with vtkDataSetReader), in series
 * (`.pvd`, `.series`), and mutated (never throws, every finding inside the file).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { locateReport } from "../../../src/core/report.js";
import { validateAgr } from "../../../src/mixed/agr/index.js";
import {
  meshAnimationFromVtk,
  readVtkSeries,
  type VtkFrame,
} from "../../../src/mixed/vtk/index.js";
import { scalarValues } from "../../../src/mixed/vtk/select.js";
import { cli, RUNS } from "../../helpers.js";
import { HAS_VTK, python, VTK_REQUIRED } from "../export-helpers.js";

interface VtkSays {
  points: number;
  cells: number;
  cellTypes: number[];
  cellPoints: number[][];
  time: number | null;
  arrays: Record<
    string,
    { components: number; maxNorm: number; range: [number, number]; mises?: [number, number] }
  >;
}
interface Written {
  file: string;
  kind: "grid" | "surface";
  binary: boolean;
  version: number;
}

const codes = (report: Parameters<typeof locateReport>[0]) =>
  locateReport(report).map((d) => `${d.code}@${d.line}:${d.column}`);

/** What our reader should make of VTK's cells (cells.ts): written out independently here. */
function expectedCells(types: number[], points: number[][]): number[][] {
  const out: number[][] = [];
  types.forEach((t, c) => {
    const ids = points[c]!;
    if ([1, 2, 3, 4].includes(t)) return;
    if (t === 7 && ids.length === 4) out.push([9, ...ids]);
    else if (t === 7)
      for (let k = 1; k + 1 < ids.length; k++) out.push([5, ids[0]!, ids[k]!, ids[k + 1]!]);
    else if (t === 6)
      for (let k = 0; k + 2 < ids.length; k++)
        out.push(
          k % 2 === 0
            ? [5, ids[k]!, ids[k + 1]!, ids[k + 2]!]
            : [5, ids[k + 1]!, ids[k]!, ids[k + 2]!],
        );
    else if (t === 24) out.push([10, ...ids.slice(0, 4)]);
    else out.push([t, ...ids]);
  });
  return out;
}

/** Our cells as [type, ids…]. */
function ourCells(f: VtkFrame): number[][] {
  const nodes: Record<number, number> = { 5: 3, 9: 4, 10: 4, 12: 8, 13: 6, 14: 5 };
  const out: number[][] = [];
  for (let c = 0, at = 0; c < f.types.length; c++) {
    const k = nodes[f.types[c]!]!;
    out.push([f.types[c]!, ...f.connectivity.subarray(at, at + k)]);
    at += k;
  }
  return out;
}

/** [min, max] of the magnitude of each tuple (VTK's `GetRange(-1)`; the value for one component). */
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

const close = (a: number, b: number) =>
  expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(b)));

describe.skipIf(!HAS_VTK && !VTK_REQUIRED)("legacy .vtk written by VTK", () => {
  let dir = "";
  let written: Written[] = [];
  beforeAll(() => {
    if (!HAS_VTK) throw new Error("CI=true but /usr/bin/python3 cannot import vtk (python3-vtk9)");
    dir = mkdtempSync(join(tmpdir(), "deforma-legacy-"));
    written = python("write-legacy.py", dir) as Written[];
  });

  it("reads every file (grid and surface, ASCII and BINARY, 4.2 and 5.1) as VTK does: points, cells, arrays, ranges, time", async () => {
    expect(written).toHaveLength(8);
    const theirs = python("read-vtu.py", ...written.map((w) => w.file)) as VtkSays[];
    for (const [k, w] of written.entries()) {
      const t = theirs[k]!;
      const bytes = readFileSync(w.file);
      expect(new TextDecoder().decode(bytes.subarray(0, 26))).toBe(
        `# vtk DataFile Version ${w.version / 10}`,
      );
      const s = await readVtkSeries([{ name: basename(w.file), bytes }]);
      expect(s.report, w.file).toEqual([]);
      const f = s.frames[0]!;
      expect(f.pointCount).toBe(t.points);
      expect(ourCells(f)).toEqual(expectedCells(t.cellTypes, t.cellPoints));
      expect(f.skippedCells).toBe(t.cellTypes.filter((c) => c <= 4).length);
      expect(f.skippedCells).toBe(2);
      expect(f.time ?? null).toBe(t.time);
      // Every point array VTK reads, with its components and the range of its magnitude.
      expect(f.pointData.map((a) => a.name).sort()).toEqual(Object.keys(t.arrays).sort());
      for (const a of f.pointData) {
        const v = t.arrays[a.name]!;
        expect(a.components, a.name).toBe(v.components);
        const [lo, hi] = magnitudeRange(a.values, a.components);
        close(lo, v.range[0]);
        close(hi, v.range[1]);
        if (v.mises) {
          const m = scalarValues(f, `${a.name}:mises`) as Float64Array;
          close(Math.min(...m), v.mises[0]);
          close(Math.max(...m), v.mises[1]);
        }
      }
    }
    // decision 104
    // The 9-component tensor and the 6-component strain both give a von Mises range.
    expect(theirs[0]!.arrays.stress!.mises).toBeDefined();
    expect(theirs[0]!.arrays.strain!.mises).toBeDefined();
  });

  it("BINARY and ASCII, 4.2 and 5.1 of one mesh read to the same frame", async () => {
    for (const kind of ["grid", "surface"]) {
      const frames = await Promise.all(
        written
          .filter((w) => w.kind === kind)
          .map(
            async (w) =>
              (await readVtkSeries([{ name: w.file, bytes: readFileSync(w.file) }])).frames[0]!,
          ),
      );
      const [a, ...rest] = frames;
      for (const b of rest) {
        expect([...b.types]).toEqual([...a!.types]);
        expect([...b.connectivity]).toEqual([...a!.connectivity]);
        // ASCII holds fewer digits than the binary floats.
        for (let i = 0; i < a!.points.length; i++) close(b.points[i]!, a!.points[i]!);
      }
    }
  });

  // decision 102
  it("a .pvd and a .series naming legacy files make a series; from-vtk follows the displacement", async () => {
    const grids = written.filter((w) => w.kind === "grid").map((w) => basename(w.file));
    const pvd = `<?xml version="1.0"?>
<VTKFile type="Collection" version="0.1">
<Collection>
${grids.map((g, k) => `<DataSet timestep="${k * 0.5}" part="0" file="${g}"/>`).join("\n")}
</Collection>
</VTKFile>`;
    writeFileSync(join(dir, "g.pvd"), pvd);
    const series = JSON.stringify({
      "file-series-version": "1.0",
      files: grids.map((g, k) => ({ name: g, time: k })),
    });
    writeFileSync(join(dir, "g.vtk.series"), series);
    const read = async (p: string) => ({ status: "ok" as const, bytes: readFileSync(p) });
    for (const name of ["g.pvd", "g.vtk.series"]) {
      const s = await readVtkSeries(
        [{ name: join(dir, name), bytes: readFileSync(join(dir, name)) }],
        {
          read,
        },
      );
      expect(s.report).toEqual([]);
      expect(s.frames.map((f) => f.time)).toEqual(
        name === "g.pvd" ? [0, 0.5, 1, 1.5] : [0, 1, 2, 3],
      );
      const r = meshAnimationFromVtk(s.frames, { type: 1, scalar: "stress:mises" });
      const m = r.model!;
      expect(validateAgr(m).filter((d) => d.severity === "error")).toEqual([]);
      expect(m.nodeCount).toBe(16);
      expect(m.times).toHaveLength(4);
      // The displacement is the file's Displacement array: its peak |u| is VTK's max norm.
      const theirs = (python("read-vtu.py", join(dir, grids[0]!)) as VtkSays[])[0]!;
      const u = m.scalarValues[0]!.subarray(0, 16);
      expect(Math.max(...u)).toBeCloseTo(theirs.arrays.Displacement!.maxNorm, 6);
      const mises = m.scalarValues.at(-1)!;
      expect(Math.max(...mises.subarray(0, 16)) / theirs.arrays.stress!.mises![1]).toBeCloseTo(
        1,
        6,
      );
    }
  });

  it("agr from-vtk converts a .series of legacy files through the CLI", async () => {
    const grids = written.filter((w) => w.kind === "grid").map((w) => basename(w.file));
    writeFileSync(
      join(dir, "cli.series"),
      JSON.stringify({ files: grids.map((name, time) => ({ name, time })) }),
    );
    const r = await cli(["agr", "from-vtk", "cli.series", "--type", "1", "-o", "cli.agr"], dir);
    expect(r.out + r.err).toContain("16 nodes, 5 cells, 4 frames");
    expect(r.code).toBe(0);
  });
});

/** Area of triangle a b c of packed points `p`. */
function triangleArea(p: Float64Array, a: number, b: number, c: number): number {
  const u = [0, 1, 2].map((k) => p[3 * b + k]! - p[3 * a + k]!);
  const v = [0, 1, 2].map((k) => p[3 * c + k]! - p[3 * a + k]!);
  const x = u[1]! * v[2]! - u[2]! * v[1]!;
  const y = u[2]! * v[0]! - u[0]! * v[2]!;
  const z = u[0]! * v[1]! - u[1]! * v[0]!;
  return Math.hypot(x, y, z) / 2;
}

describe.skipIf(!HAS_VTK && !VTK_REQUIRED)("polyhedron cells (VTK type 42)", () => {
  // decision 106
  it("draw the faces of their surface, as VTK's surface filter finds it (.vtu faces, legacy 4.2 and 5.1 streams)", async () => {
    if (!HAS_VTK) throw new Error("CI=true but /usr/bin/python3 cannot import vtk (python3-vtk9)");
    const dir = mkdtempSync(join(tmpdir(), "deforma-polyhedra-"));
    const vtk = python("write-polyhedra.py", dir) as {
      files: string[];
      area: number;
      faces: number;
    };
    expect(vtk.files).toHaveLength(3);
    for (const file of vtk.files) {
      const s = await readVtkSeries([{ name: file, bytes: readFileSync(file) }]);
      expect(s.report, file).toEqual([]);
      const f = s.frames[0]!;
      // The tetrahedron, then the cube's five outer quads and the pyramid's four triangles (their shared face left out).
      expect([...f.types], file).toEqual([10, 9, 9, 9, 9, 9, 5, 5, 5, 5]);
      let area = 0;
      let faces = 0;
      for (const [t, ...ids] of ourCells(f)) {
        const tris =
          t === 5
            ? [ids]
            : t === 9
              ? [ids.slice(0, 3), [ids[0]!, ids[2]!, ids[3]!]]
              : [
                  [0, 1, 2],
                  [0, 1, 3],
                  [0, 2, 3],
                  [1, 2, 3],
                ].map((q) => q.map((k) => ids[k]!));
        faces += t === 10 ? 4 : 1;
        for (const [a, b, c] of tris) area += triangleArea(f.points, a!, b!, c!);
      }
      expect(faces).toBe(vtk.faces);
      close(area, vtk.area);
    }
  });

  it("report a face stream that does not fit (VTK007) instead of reading past it", async () => {
    const text = `# vtk DataFile Version 4.2
p
ASCII
DATASET UNSTRUCTURED_GRID
POINTS 4 float
0 0 0 1 0 0 0 1 0 0 0 1
CELLS 1 10
9 2 3 0 1 2 4 0 1 2
CELL_TYPES 1
42
`;
    const s = await readVtkSeries([{ name: "p.vtk", text }]);
    expect(codes(s.report)).toEqual(["VTK007@7:1"]);
    expect(s.report[0]!.diagnostics[0]!.message).toContain("cell 0 (polyhedron): face 1 of 2");
  });
});

const ASCII = `# vtk DataFile Version 4.2
made by hand
ASCII
DATASET UNSTRUCTURED_GRID
POINTS 5 float
0 0 0 1 0 0 0 1 0
0 0 1 1 1 1
CELLS 3 12
4 0 1 2 3
4 1 2 3 4
1 4
CELL_TYPES 3
10
10
1
CELL_DATA 3
SCALARS material int 1
LOOKUP_TABLE default
1 2 3
POINT_DATA 5
SCALARS T%20K double 1
LOOKUP_TABLE default
300 301 302 303 nan
VECTORS U float
0 0 0 0.1 0 0 0 0.2 0 0 0 0.3 -1e-3 2E-3 inf
`;

/** A BINARY 5.1 file written here, big-endian, as VTK writes it. */
function binaryFile(): Uint8Array {
  const parts: Uint8Array[] = [];
  const text = (s: string) => parts.push(new TextEncoder().encode(s));
  const data = (n: number, set: (v: DataView, i: number) => void, size: number) => {
    const b = new Uint8Array(n * size);
    const v = new DataView(b.buffer);
    for (let i = 0; i < n; i++) set(v, i);
    parts.push(b);
  };
  const pts = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0];
  text("# vtk DataFile Version 5.1\nb\nBINARY\nDATASET POLYDATA\nPOINTS 4 double\n");
  data(12, (v, i) => v.setFloat64(8 * i, pts[i]!), 8);
  text("\nPOLYGONS 2 4\nOFFSETS vtktypeint64\n");
  data(2, (v, i) => v.setBigInt64(8 * i, BigInt(4 * i)), 8);
  text("\nCONNECTIVITY vtktypeint64\n");
  data(4, (v, i) => v.setBigInt64(8 * i, BigInt(i)), 8);
  text("\nPOINT_DATA 4\nFIELD FieldData 2\np 1 4 int\n");
  data(4, (v, i) => v.setInt32(4 * i, -i * 1000), 4);
  text("\nq 2 4 unsigned_short\n");
  data(8, (v, i) => v.setUint16(2 * i, 60000 + i), 2);
  text("\n");
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

describe("legacy .vtk by hand", () => {
  it("reads an ASCII 4.2 grid: %20 in names, nan and inf, cell data parsed past, the vertex skipped", async () => {
    const s = await readVtkSeries([{ name: "h.vtk", text: ASCII }]);
    expect(s.report).toEqual([]);
    const f = s.frames[0]!;
    expect([...f.types]).toEqual([10, 10]);
    expect([...f.connectivity]).toEqual([0, 1, 2, 3, 1, 2, 3, 4]);
    expect(f.skippedCells).toBe(1);
    expect(f.pointData.map((a) => [a.name, a.components])).toEqual([
      ["T K", 1],
      ["U", 3],
    ]);
    expect([...f.pointData[0]!.values]).toEqual([300, 301, 302, 303, Number.NaN]);
    expect(f.pointData[1]!.values.slice(12)).toEqual(
      Float64Array.of(-1e-3, 2e-3, Number.POSITIVE_INFINITY),
    );
  });

  it("reads a BINARY 5.1 polydata: big-endian doubles, int64 offsets, int and unsigned short fields", async () => {
    const s = await readVtkSeries([{ name: "b.vtk", bytes: binaryFile() }]);
    expect(s.report).toEqual([]);
    const f = s.frames[0]!;
    expect([...f.types]).toEqual([9]);
    expect([...f.points]).toEqual([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
    expect([...f.pointData[0]!.values]).toEqual([0, -1000, -2000, -3000]);
    expect([...f.pointData[1]!.values]).toEqual([
      60000, 60001, 60002, 60003, 60004, 60005, 60006, 60007,
    ]);
  });

  // decision 103
  it("locates findings: line and column in ASCII, byte offsets in BINARY", async () => {
    const bad = ASCII.replace("0.1 0 0", "0.1 zero 0");
    const a = await readVtkSeries([{ name: "a.vtk", text: bad }]);
    expect(codes(a.report)).toEqual(["VTK004@25:11"]);
    expect(a.report[0]!.diagnostics[0]!.message).toContain("'zero' is not a number");
    const unknown = await readVtkSeries([
      { name: "k.vtk", text: ASCII.replace("CELL_TYPES", "CELL_KINDS") },
    ]);
    expect(codes(unknown.report)[0]).toBe("VTK023@12:1");
    const b = binaryFile();
    const cut = b.subarray(0, b.length - 10);
    const r = await readVtkSeries([{ name: "b.vtk", bytes: cut }]);
    const d = locateReport(r.report);
    expect(d.map((x) => x.code)).toEqual(["VTK019"]);
    // A binary file has no text: line 1, the byte offset + 1 of the section that does not fit.
    expect(r.report[0]!.text).toBeUndefined();
    expect(d[0]!.line).toBe(1);
    expect(d[0]!.column).toBe(new TextDecoder().decode(b).indexOf("q 2 4") + 1);
  });

  it("checks declared counts against the bytes left before allocating", async () => {
    const huge = ASCII.replace("POINTS 5 float", "POINTS 99999999999 float");
    const s = await readVtkSeries([{ name: "h.vtk", text: huge }]);
    expect(codes(s.report)).toEqual(["VTK019@5:1"]);
    expect(s.report[0]!.diagnostics[0]!.message).toContain("cannot fit");
    const small = await readVtkSeries([{ name: "h.vtk", text: ASCII }], { budgetBytes: 64 });
    expect(codes(small.report)).toEqual(["VTK019@5:1"]);
  });

  it("names what it cannot read: other datasets, a bad header, cells against their types", async () => {
    const grid = await readVtkSeries([
      { name: "s.vtk", text: ASCII.replace("UNSTRUCTURED_GRID", "IMAGE_DATA") },
    ]);
    expect(codes(grid.report)).toEqual(["VTK002@4:9"]);
    const types = await readVtkSeries([
      { name: "t.vtk", text: ASCII.replace("CELL_TYPES 3\n10\n10\n1", "CELL_TYPES 2\n10\n10") },
    ]);
    expect(codes(types.report)).toEqual(["VTK007@12:1"]);
    const stream = await readVtkSeries([
      { name: "c.vtk", text: ASCII.replace("4 1 2 3 4", "5 1 2 3 4") },
    ]);
    expect(codes(stream.report)).toEqual(["VTK007@8:1"]);
    const enc = await readVtkSeries([{ name: "e.vtk", text: ASCII.replace("ASCII", "TEXT") }]);
    expect(codes(enc.report)).toEqual(["VTK003@3:1"]);
  });
});

/** A tetrahedron as a polyhedron, in a .vtu (faces, faceoffsets) and in a legacy 5.1 file. */
const POLY_VTU = `<VTKFile type="UnstructuredGrid" version="0.1">
<UnstructuredGrid><Piece NumberOfPoints="4" NumberOfCells="1">
<Points><DataArray type="Float32" NumberOfComponents="3" format="ascii">0 0 0 1 0 0 0 1 0 0 0 1</DataArray></Points>
<Cells>
<DataArray type="Int64" Name="connectivity" format="ascii">0 1 2 3</DataArray>
<DataArray type="Int64" Name="offsets" format="ascii">4</DataArray>
<DataArray type="UInt8" Name="types" format="ascii">42</DataArray>
<DataArray type="Int64" Name="faces" format="ascii">4 3 0 2 1 3 0 1 3 3 1 2 3 3 2 0 3</DataArray>
<DataArray type="Int64" Name="faceoffsets" format="ascii">17</DataArray>
</Cells>
</Piece></UnstructuredGrid></VTKFile>
`;
const POLY_LEGACY = `# vtk DataFile Version 5.1
p
ASCII
DATASET UNSTRUCTURED_GRID
POINTS 4 float
0 0 0 1 0 0 0 1 0 0 0 1
CELLS 2 17
OFFSETS vtktypeint64
0 17
CONNECTIVITY vtktypeint64
4 3 0 2 1 3 0 1 3 3 1 2 3 3 2 0 3
CELL_TYPES 1
42
`;

describe("a polyhedron written by hand", () => {
  // decision 106
  it("reads to its four faces from a .vtu and a legacy file alike", async () => {
    for (const [name, text] of [
      ["p.vtu", POLY_VTU],
      ["p.vtk", POLY_LEGACY],
    ] as const) {
      const s = await readVtkSeries([{ name, text }]);
      expect(s.report).toEqual([]);
      expect([...s.frames[0]!.types]).toEqual([5, 5, 5, 5]);
      expect([...s.frames[0]!.connectivity]).toEqual([0, 2, 1, 0, 1, 3, 1, 2, 3, 2, 0, 3]);
    }
  });

  it("needs faces and faceoffsets in a .vtu (VTK005)", async () => {
    const text = POLY_VTU.replace(/<DataArray type="Int64" Name="faces".*\n/, "");
    const s = await readVtkSeries([{ name: "p.vtu", text }]);
    expect(codes(s.report)).toEqual(["VTK005@4:1"]);
  });
});

describe("legacy .vtk mutated", () => {
  const check = async (bytes: Uint8Array) => {
    const s = await readVtkSeries([{ name: "m", bytes }]);
    meshAnimationFromVtk(s.frames, { type: 1 });
    for (const r of s.report) {
      const length = r.text?.length ?? bytes.length;
      for (const d of r.diagnostics) {
        expect(d.code).toMatch(/^VTK0\d\d$/);
        expect(d.start).toBeGreaterThanOrEqual(0);
        expect(d.end).toBeGreaterThanOrEqual(d.start);
        expect(d.end).toBeLessThanOrEqual(length);
      }
    }
  };
  for (const [what, file] of [
    ["ASCII", new TextEncoder().encode(ASCII)],
    ["BINARY", binaryFile()],
    ["polyhedron .vtu", new TextEncoder().encode(POLY_VTU)],
    ["polyhedron legacy", new TextEncoder().encode(POLY_LEGACY)],
  ] as const) {
    it(`never throws on a cut or mutated ${what} file, every finding inside it`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.nat(file.length),
          fc.array(fc.tuple(fc.nat(file.length - 1), fc.integer({ min: 0, max: 255 })), {
            maxLength: 8,
          }),
          async (cut, edits) => {
            const b = file.slice(0, cut);
            for (const [at, v] of edits) if (at < b.length) b[at] = v;
            await check(b);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }
  it("never throws on token-level edits of the ASCII file (counts, keywords, types)", async () => {
    const tokens = ASCII.split(/(\s+)/);
    const words = [
      "0",
      "-1",
      "99999",
      "1e300",
      "nan",
      "POINTS",
      "CELLS",
      "OFFSETS",
      "FIELD",
      "METADATA",
      "bit",
      "string",
      "x",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(tokens.length - 1), fc.constantFrom(...words)), { maxLength: 4 }),
        async (edits) => {
          const t = [...tokens];
          for (const [at, w] of edits) if (/\S/.test(t[at]!)) t[at] = w;
          await check(new TextEncoder().encode(t.join("")));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
