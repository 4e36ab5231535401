/**
 * `agr from-vtk` on what solvers write: pixel, voxel, quadratic, line and
 * vertex cells; `NumberOfComponents=""`; a displacement array; scalars with
 * components, magnitude and von Mises; type-0 scalar choice (ids never taken).
 * Read back against VTK's own reader where python3-vtk9 is present (required
 * under CI=true).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { locateReport } from "../../../src/core/report.js";
import { readAgr, validateAgr } from "../../../src/mixed/agr/index.js";
import { CELL_KINDS } from "../../../src/mixed/agr/model.js";
import { meshAnimationFromVtk, readVtkSeries } from "../../../src/mixed/vtk/index.js";
import { detectDisplacement, isIdName } from "../../../src/mixed/vtk/select.js";
import { readInput } from "../../../src/node/files.js";
import { cli, RUNS } from "../../helpers.js";
import { HAS_VTK, python, VTK_REQUIRED } from "../export-helpers.js";
import { type Arr, CUBE, vtu } from "./vtu-text.js";

const mid = (a: number[], b: number[]) => a.map((v, k) => (v + b[k]!) / 2);
const HEX = CUBE;
const VOXEL = [0, 1].flatMap((z) => [0, 1].flatMap((y) => [2, 3].map((x) => [x, y, z])));
const PIXEL = [0, 1].flatMap((y) => [4, 5].map((x) => [x, y, 0]));
const TET = [
  [6, 0, 0],
  [7, 0, 0],
  [6, 1, 0],
  [6, 0, 1],
];
const QTET = [
  ...TET,
  ...[
    [0, 1],
    [1, 2],
    [2, 0],
    [0, 3],
    [1, 3],
    [2, 3],
  ].map(([a, b]) => mid(TET[a!]!, TET[b!]!)),
];
const TRI = [
  [8, 0, 0],
  [9, 0, 0],
  [8, 1, 0],
];
const QTRI = [...TRI, mid(TRI[0]!, TRI[1]!), mid(TRI[1]!, TRI[2]!), mid(TRI[2]!, TRI[0]!)];
const MIXED_POINTS = [...HEX, ...VOXEL, ...PIXEL, ...QTET, ...QTRI];
const ids = (from: number, n: number) => Array.from({ length: n }, (_, k) => from + k);
const MIXED_CELLS = [
  [12, ...ids(0, 8)],
  [11, ...ids(8, 8)],
  [8, ...ids(16, 4)],
  [24, ...ids(20, 10)],
  [22, ...ids(30, 6)],
  [3, 0, 1],
  [1, 5],
];
const N = MIXED_POINTS.length;
const MIXED = vtu(MIXED_POINTS, MIXED_CELLS, [
  { name: "Density", comps: "", values: ids(0, N).map((i) => 1000 + i / 2) },
  { name: "GlobalNodeId", type: "Int32", values: ids(0, N) },
]);

const codes = (report: Parameters<typeof locateReport>[0]) =>
  locateReport(report).map((d) => d.code);
const readText = (name: string, text: string) => readVtkSeries([{ name, text }]);
const dist = (p: ArrayLike<number>, a: number, b: number) =>
  Math.hypot(p[3 * a]! - p[3 * b]!, p[3 * a + 1]! - p[3 * b + 1]!, p[3 * a + 2]! - p[3 * b + 2]!);

/** Writes `files` into a fresh folder; returns its path. */
/** A frame we read, written back as an ascii .vtu (its points and cells as our reader made them). */
function frameVtu(f: {
  pointCount: number;
  points: Float64Array;
  types: Uint8Array;
  connectivity: Uint32Array;
}): string {
  const points = Array.from({ length: f.pointCount }, (_, i) => [
    ...f.points.subarray(3 * i, 3 * i + 3),
  ]);
  const cells: number[][] = [];
  for (let c = 0, at = 0; c < f.types.length; c++) {
    const k = CELL_KINDS.get(f.types[c]!)!.nodes;
    cells.push([f.types[c]!, ...f.connectivity.subarray(at, at + k)]);
    at += k;
  }
  return vtu(points, cells, []);
}

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-vtk-in-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

interface VtkSays {
  points: number;
  cells: number;
  cellTypes: number[];
  cellPoints: number[][];
  sizes: number[];
  arrays: Record<
    string,
    { components: number; maxNorm: number; range: [number, number]; mises?: [number, number] }
  >;
}
const vtkReads = (...files: string[]) => python("read-vtu.py", ...files) as VtkSays[];
const needVtk = () => {
  if (!HAS_VTK) throw new Error("CI=true but /usr/bin/python3 cannot import vtk (python3-vtk9)");
};

describe("VTK cells: pixel, voxel, quadratic, lines and vertices", () => {
  it("maps pixel/voxel to quad/hex, quadratic cells to their corners (all points kept), skips lines with one warning", async () => {
    const s = await readText("m.vtu", MIXED);
    expect(s.report).toEqual([]);
    const f = s.frames[0]!;
    expect(f.skippedCells).toBe(2);
    expect([...f.types]).toEqual([12, 12, 9, 10, 5]);
    const c = [...f.connectivity];
    expect(c.slice(8, 16)).toEqual([8, 9, 11, 10, 12, 13, 15, 14]);
    expect(c.slice(16, 20)).toEqual([16, 17, 19, 18]);
    expect(c.slice(20)).toEqual([20, 21, 22, 23, 30, 31, 32]);
    // The turned voxel and pixel go round their faces: consecutive corners are edges of length 1.
    const p = f.points;
    for (const [a, b] of [
      [8, 9],
      [9, 11],
      [11, 10],
      [10, 8],
      [12, 13],
      [13, 15],
      [15, 14],
      [8, 12],
      [16, 17],
      [17, 19],
      [19, 18],
      [18, 16],
    ])
      expect(dist(p, a!, b!)).toBe(1);
    // Two frames: one warning for the series, with the count.
    const r = meshAnimationFromVtk(
      [0, 1].map((k) => ({ ...f, file: `m${k}.vtu`, time: k })),
      { type: 0 },
    );
    expect(codes(r.report)).toEqual(["VTK020"]);
    expect(r.report[0]!.diagnostics[0]!.message).toContain("2 vertex or line cells skipped");
    const m = r.model!;
    expect(validateAgr(m)).toEqual([]);
    expect(m.nodeCount).toBe(N);
    // NumberOfComponents="" reads as 1; the id array is not taken.
    expect(m.scalars[0]!.name).toBe("Density");
  });

  it.skipIf(!HAS_VTK && !VTK_REQUIRED)(
    "agrees with VTK's reader: points, cells (less the skipped), corners, the empty NumberOfComponents",
    async () => {
      needVtk();
      const dir = folder({ "m.vtu": MIXED });
      const [v] = vtkReads(join(dir, "m.vtu"));
      const f = (await readText("m.vtu", MIXED)).frames[0]!;
      expect(f.pointCount).toBe(v!.points);
      expect(f.types.length + f.skippedCells).toBe(v!.cells);
      expect(v!.cellTypes).toEqual([12, 11, 8, 24, 22, 3, 1]);
      expect(v!.arrays.Density!.components).toBe(1);
      // Each cell's corners are the points VTK lists for it (as sets: pixel/voxel are reordered).
      const corners = [8, 8, 4, 4, 3];
      let at = 0;
      corners.forEach((k, cell) => {
        const ours = [...f.connectivity.subarray(at, at + k)].sort((a, b) => a - b);
        expect(ours).toEqual(v!.cellPoints[cell]!.slice(0, k).sort((a, b) => a - b));
        at += k;
      });
      const m = meshAnimationFromVtk([f], { type: 0 }).model!;
      const d = m.scalarValues[0]!;
      expect(Math.min(...d)).toBe(Math.fround(v!.arrays.Density!.range[0]));
      expect(Math.max(...d)).toBe(Math.fround(v!.arrays.Density!.range[1]));
    },
  );
});

const TIMES = [0, 0.5, 1];
/** Frame k of a hexahedron whose points stay put, with a displacement, a stress and ids. */
const structural = (k: number, displacement = "Displacement") =>
  vtu(
    HEX,
    [[12, ...ids(0, 8)]],
    [
      {
        name: displacement,
        comps: "3",
        values: HEX.flatMap((_, i) => [0.001 * i * k, -0.002 * i * k, 0.0005 * i * i * k]),
      },
      {
        name: "S",
        comps: "6",
        values: HEX.flatMap((_, i) => [1, 2, 3, 0.5, 0.25, 0.125].map((s) => s * (i + 1) * k)),
      },
      { name: "GlobalNodeId", type: "Int64", values: ids(1, 8) },
    ],
  );
const series = (displacement?: string) =>
  folder({
    ...Object.fromEntries(TIMES.map((_, k) => [`f${k}.vtu`, structural(k, displacement)])),
    "s.pvd": `<?xml version="1.0"?>
<VTKFile type="Collection" version="0.1">
<Collection>
${TIMES.map((t, k) => `<DataSet timestep="${t}" file="f${k}.vtu"/>`).join("\n")}
</Collection>
</VTKFile>
`,
  });
const readDir = async (dir: string) => {
  const pvd = join(dir, "s.pvd");
  return readVtkSeries([{ name: pvd, bytes: readFileSync(pvd) }], { read: (p) => readInput(p) });
};

describe("type 1 follows the displacement array", () => {
  it("finds it by name: positions = points + u, displacement = |u|", async () => {
    const s = await readDir(series());
    expect(s.report).toEqual([]);
    const r = meshAnimationFromVtk(s.frames, { type: 1 });
    expect(r.report).toEqual([]);
    const m = r.model!;
    expect(validateAgr(m)).toEqual([]);
    expect([...m.positions]).toEqual(HEX.flat());
    const u = [0.001 * 7 * 2, -0.002 * 7 * 2, 0.0005 * 49 * 2];
    const at = 2 * 3 * 8 + 3 * 7;
    expect([...m.vectorValues[0]!.subarray(at, at + 3)]).toEqual(
      HEX[7]!.map((p, c) => Math.fround(p + u[c]!)),
    );
    expect(m.scalarValues[0]![2 * 8 + 7]).toBe(Math.fround(Math.hypot(...u)));
    expect(m.scalarValues[0]!.subarray(0, 8).every((v) => v === 0)).toBe(true);
  });

  it("detects DISPL, DISPLACEMENT_, Nodal Displacement (3 components), not u; not ids", () => {
    const frame = (names: string[], comps = 3) =>
      ({
        pointData: names.map((name) => ({ name, components: comps, values: new Float64Array() })),
      }) as never;
    for (const n of ["DISPL", "Displacement", "DISPLACEMENT_", "Nodal Displacement"])
      expect(detectDisplacement(frame([n, "V"])), n).toBe(n);
    // U/u alone may be velocity (decision 176).
    expect(detectDisplacement(frame(["U"]))).toBeUndefined();
    expect(detectDisplacement(frame(["u"]))).toBeUndefined();
    expect(detectDisplacement(frame(["DISPL"], 1))).toBeUndefined();
    expect(detectDisplacement(frame(["velocity"]))).toBeUndefined();
    for (const n of [
      "GlobalNodeId",
      "PedigreeNodeId",
      "vtkOriginalPointIds",
      "origNodeNums",
      "cellID",
    ])
      expect(isIdName(n), n).toBe(true);
    expect(isIdName("Solid")).toBe(false);
  });

  it("--displacement names it; a missing one is VTK012; none and still points warn VTK021", async () => {
    const s = await readDir(series("field_a"));
    const named = meshAnimationFromVtk(s.frames, { type: 1, displacement: "field_a" });
    expect(named.report).toEqual([]);
    expect(Math.max(...named.model!.scalarValues[0]!)).toBeGreaterThan(0);
    const none = meshAnimationFromVtk(s.frames, { type: 1 });
    expect(codes(none.report)).toEqual(["VTK021"]);
    expect(none.model!.scalarValues[0]!.every((v) => v === 0)).toBe(true);
    const wrong = meshAnimationFromVtk(s.frames, { type: 1, displacement: "S" });
    expect(codes(wrong.report)).toEqual(["VTK012"]);
    expect(wrong.model).toBeUndefined();
  });

  it("--scalar: NAME:mises, NAME:K, NAME:magnitude; a tensor without a suffix is refused", async () => {
    const s = await readDir(series());
    const m = meshAnimationFromVtk(s.frames, { type: 1, scalar: "S:mises" }).model!;
    expect(m.scalars.map((p) => p.name)).toEqual(["displacement", "S_mises"]);
    const t = [1, 2, 3, 0.5, 0.25, 0.125].map((v) => v * 8 * 2);
    const vm = Math.sqrt(
      0.5 * ((t[0]! - t[1]!) ** 2 + (t[1]! - t[2]!) ** 2 + (t[2]! - t[0]!) ** 2) +
        3 * (t[3]! ** 2 + t[4]! ** 2 + t[5]! ** 2),
    );
    expect(m.scalarValues[1]![2 * 8 + 7]).toBe(Math.fround(vm));
    const k = meshAnimationFromVtk(s.frames, { type: 1, scalar: "S:2" }).model!;
    expect(k.scalarValues[1]![2 * 8 + 7]).toBe(3 * 8 * 2);
    const mag = meshAnimationFromVtk(s.frames, { type: 1, scalar: "Displacement:magnitude" });
    expect(mag.model!.scalarValues[1]).toEqual(mag.model!.scalarValues[0]);
    const bare = meshAnimationFromVtk(s.frames, { type: 0, scalar: "S" });
    expect(codes(bare.report)).toEqual(["VTK012"]);
    expect(bare.report[0]!.diagnostics[0]!.message).toContain("'S:mises'");
    expect(codes(meshAnimationFromVtk(s.frames, { type: 0, scalar: "S:6" }).report)).toEqual([
      "VTK012",
    ]);
  });

  it.skipIf(!HAS_VTK && !VTK_REQUIRED)(
    "the CLI's .agr: peak |u| and the von Mises range equal VTK's",
    async () => {
      needVtk();
      const dir = series("Nodal Displacement");
      const out = join(dir, "out.agr");
      const r = await cli([
        "agr",
        "from-vtk",
        join(dir, "s.pvd"),
        "--type",
        "1",
        "--scalar",
        "S:mises",
        "-o",
        out,
      ]);
      expect(r.err).toContain("8 nodes, 1 cells, 3 frames");
      expect(r.code).toBe(0);
      const m = readAgr(readFileSync(out)).model!;
      const v = vtkReads(...TIMES.map((_, k) => join(dir, `f${k}.vtu`)));
      const peak = Math.max(...v.map((f) => f.arrays["Nodal Displacement"]!.maxNorm));
      expect(Math.max(...m.scalarValues[0]!)).toBe(Math.fround(peak));
      const lo = Math.min(...v.map((f) => f.arrays.S!.mises![0]));
      const hi = Math.max(...v.map((f) => f.arrays.S!.mises![1]));
      expect(Math.min(...m.scalarValues[1]!)).toBe(Math.fround(lo));
      expect(Math.max(...m.scalarValues[1]!)).toBe(Math.fround(hi));
      // agr info --json reports each parameter's range over all frames.
      const info = JSON.parse((await cli(["agr", "info", out, "--json"])).out);
      // (shortest decimals of the float32 values: compared as float32)
      expect(info.scalars[0]).toMatchObject({ name: "displacement", min: 0 });
      expect(Math.fround(info.scalars[0].max)).toBe(Math.fround(peak));
      expect(info.scalars[1].name).toBe("S_mises");
      expect(Math.fround(info.scalars[1].min)).toBe(Math.fround(lo));
      // A vector's range is that of its change from frame 0 (for coordinates: the displacement).
      const c = m.vectorValues[0]!;
      const n3 = m.nodeCount * 3;
      let change = 0;
      for (let o = 0; o < c.length; o += n3)
        for (let i = 0; i < n3; i += 3)
          change = Math.max(
            change,
            Math.hypot(c[o + i]! - c[i]!, c[o + i + 1]! - c[i + 1]!, c[o + i + 2]! - c[i + 2]!),
          );
      expect(info.vectors[0].min).toBe(0);
      expect(Math.fround(info.vectors[0].max)).toBe(Math.fround(change));
    },
  );
});

describe("type 0 chooses its scalar", () => {
  const frame = async (arrays: Arr[]) => ({
    ...(await readText("t.vtu", vtu(HEX, [[12, ...ids(0, 8)]], arrays))).frames[0]!,
    time: 0,
  });
  const one = (name: string, comps?: string): Arr => ({
    name,
    ...(comps === undefined ? {} : { comps }),
    values: ids(0, 8),
  });

  it("takes a temperature by name (K), else the only non-id array; refuses several, listing them", async () => {
    const nt = meshAnimationFromVtk([await frame([one("Density"), one("NT")])], { type: 0 });
    expect(nt.model!.scalars[0]).toEqual({ name: "NT", unit: "K", varying: true });
    const ids1 = [one("GlobalNodeId"), one("vtkOriginalPointIds"), one("origNodeNums")];
    const amb = meshAnimationFromVtk(
      [await frame([...ids1, one("Density"), one("Pressure", "")])],
      {
        type: 0,
      },
    );
    expect(codes(amb.report)).toEqual(["VTK022"]);
    const message = amb.report[0]!.diagnostics[0]!.message;
    expect(message).toContain("'Density', 'Pressure'");
    expect(message).not.toContain("GlobalNodeId");
    expect(amb.model).toBeUndefined();
    const onlyIds = meshAnimationFromVtk([await frame(ids1)], { type: 0 });
    expect(codes(onlyIds.report)).toEqual(["VTK012"]);
    const chosen = meshAnimationFromVtk([await frame([...ids1, one("Pressure")])], { type: 0 });
    expect(chosen.model!.scalars[0]!.name).toBe("Pressure");
    const pa = meshAnimationFromVtk([await frame([one("P")])], {
      type: 0,
      scalar: "P",
      unit: "Pa",
    });
    expect(pa.model!.scalars[0]).toEqual({ name: "P", unit: "Pa", varying: true });
  });
});

describe("every readable cell type against VTK", () => {
  it.skipIf(!HAS_VTK && !VTK_REQUIRED)(
    "VTK-written cells of types 1–34 (prisms: their wedges): all points kept; the drawn cell has the size VTK gives its linear kind",
    async () => {
      needVtk();
      const dir = mkdtempSync(join(tmpdir(), "deforma-vtk-cells-"));
      const written = python("write-cells.py", dir) as {
        type: number;
        file: string;
        points: number;
        size: number;
      }[];
      const sizeOf = new Map(written.map((w) => [w.type, w.size]));
      const ours: string[] = [];
      const expected: number[] = [];
      for (const w of written) {
        const s = await readVtkSeries([{ name: w.file, bytes: readFileSync(w.file) }]);
        expect(s.report, `type ${w.type}`).toEqual([]);
        const f = s.frames[0]!;
        expect(f.pointCount, `type ${w.type}`).toBe(w.points);
        if ([1, 3, 21].includes(w.type)) {
          expect([f.skippedCells, f.types.length], `type ${w.type}`).toEqual([1, 0]);
          continue;
        }
        // Prisms become wedges; every other kind one cell.
        const prism = w.type === 15 || w.type === 16;
        expect(f.types.length, `type ${w.type}`).toBe(prism ? w.type - 12 : 1);
        const file = join(dir, `ours_${w.type}.vtu`);
        writeFileSync(file, frameVtu(f));
        ours.push(file);
        // VTK's sizes of quadratic cells are approximate: compare with its linear kind's (same corners).
        // A prism's wedges are oriented like VTK's own reference wedge, whose signed size VTK gives.
        expected.push(
          prism ? Math.abs(w.size) * Math.sign(sizeOf.get(13)!) : sizeOf.get(f.types[0]!)!,
        );
      }
      const sizes = vtkReads(...ours).map((v) => v.sizes.reduce((a, b) => a + b, 0));
      sizes.forEach((size, k) => {
        expect(size, ours[k]).toBeCloseTo(expected[k]!, 9);
        expect(size, ours[k]).not.toBe(0);
      });
    },
  );
});

describe("polygons and triangle strips", () => {
  // A convex pentagon (points 0–4) and a strip of 6 points zig-zagging along x (5–10), in z = 0.
  const POLY = [
    [0, 0, 0],
    [2, 0, 0],
    [3, 1.5, 0],
    [1, 3, 0],
    [-1, 1.5, 0],
  ];
  const STRIP = [0, 1, 2, 3, 4, 5].map((k) => [5 + k, k % 2 === 0 ? 0 : 1.5, 0]);
  const TEXT = vtu(
    [...POLY, ...STRIP],
    [
      [7, ...ids(0, 5)],
      [6, ...ids(5, 6)],
    ],
    [],
  );
  const normalZ = (p: ArrayLike<number>, a: number, b: number, c: number) =>
    (p[3 * b]! - p[3 * a]!) * (p[3 * c + 1]! - p[3 * a + 1]!) -
    (p[3 * b + 1]! - p[3 * a + 1]!) * (p[3 * c]! - p[3 * a]!);

  it("cuts them into triangles that keep one orientation", async () => {
    const s = await readText("p.vtu", TEXT);
    expect(s.report).toEqual([]);
    const f = s.frames[0]!;
    expect([...f.types]).toEqual([5, 5, 5, 5, 5, 5, 5]);
    const c = f.connectivity;
    const signs = Array.from({ length: 7 }, (_, t) =>
      Math.sign(normalZ(f.points, c[3 * t]!, c[3 * t + 1]!, c[3 * t + 2]!)),
    );
    expect(signs.slice(0, 3)).toEqual([1, 1, 1]);
    expect(new Set(signs.slice(3)).size).toBe(1);
    // A polygon of two points is no cell.
    const two = vtu(POLY, [[7, 0, 1]], []);
    expect(codes((await readText("q.vtu", two)).report)).toEqual(["VTK007"]);
  });

  it.skipIf(!HAS_VTK && !VTK_REQUIRED)("their triangles' areas sum to VTK's", async () => {
    needVtk();
    const dir = folder({ "p.vtu": TEXT });
    const f = (await readText("p.vtu", TEXT)).frames[0]!;
    expect([...f.types].every((t) => t === 5)).toBe(true);
    writeFileSync(join(dir, "ours.vtu"), frameVtu(f));
    const [theirs, ours] = vtkReads(join(dir, "p.vtu"), join(dir, "ours.vtu"));
    const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
    expect(theirs!.cellTypes).toEqual([7, 6]);
    expect(sum(ours!.sizes.slice(0, 3))).toBeCloseTo(theirs!.sizes[0]!, 9);
    expect(sum(ours!.sizes.slice(3))).toBeCloseTo(theirs!.sizes[1]!, 9);
  });
});

describe("PolyData (.vtp)", () => {
  const pts = [
    [0, 0, 0],
    [1, 0, 0],
    [1, 1, 0],
    [0, 1, 0],
    [2, 0, 0],
    [3, 0.5, 0],
    [2.5, 2, 0],
    [1.5, 2, 0],
    [4, 0, 0],
    [5, 1, 0],
    [6, 0, 0],
    [7, 1, 0],
    [8, 0, 0],
  ];
  const section = (name: string, cells: number[][]) => {
    let end = 0;
    return `<${name}>
<DataArray type="Int32" Name="connectivity" format="ascii">${cells.flat().join(" ")}</DataArray>
<DataArray type="Int32" Name="offsets" format="ascii">${cells.map((c) => (end += c.length)).join(" ")}</DataArray>
</${name}>`;
  };
  const VTP = `<?xml version="1.0"?>
<VTKFile type="PolyData" version="0.1" byte_order="LittleEndian">
<PolyData>
<Piece NumberOfPoints="${pts.length}" NumberOfVerts="1" NumberOfLines="1" NumberOfStrips="1" NumberOfPolys="3">
<PointData><DataArray type="Float32" Name="T" format="ascii">${pts.map((_, i) => 300 + i).join(" ")}</DataArray></PointData>
<Points><DataArray type="Float32" NumberOfComponents="3" format="ascii">${pts.flat().join(" ")}</DataArray></Points>
${section("Verts", [[12]])}
${section("Lines", [[0, 4]])}
${section("Strips", [[8, 9, 10, 11, 12]])}
${section("Polys", [
  [0, 1, 2, 3],
  [1, 4, 2],
  [4, 5, 6, 7, 2],
])}
</Piece>
</PolyData>
</VTKFile>
`;

  it("reads polys (quads kept), strips as triangles, verts and lines skipped", async () => {
    const s = await readText("p.vtp", VTP);
    expect(s.report).toEqual([]);
    const f = s.frames[0]!;
    expect(f.skippedCells).toBe(2);
    // VTK's order: verts, lines, polys, strips.
    expect([...f.types]).toEqual([9, 5, 5, 5, 5, 5, 5, 5]);
    expect([...f.connectivity.subarray(0, 7)]).toEqual([0, 1, 2, 3, 1, 4, 2]);
    const r = meshAnimationFromVtk([{ ...f, time: 0 }], { type: 0 });
    expect(codes(r.report)).toEqual(["VTK020"]);
    expect(r.model!.scalars[0]).toEqual({ name: "T", unit: "K", varying: true });
    const bad = VTP.replace('NumberOfPolys="3"', 'NumberOfPolys="2"');
    expect(codes((await readText("q.vtp", bad)).report)).toEqual(["VTK007"]);
  });

  it.skipIf(!HAS_VTK && !VTK_REQUIRED)(
    "agrees with VTK's PolyData reader: points, cells, areas",
    async () => {
      needVtk();
      const dir = folder({ "p.vtp": VTP });
      const f = (await readText("p.vtp", VTP)).frames[0]!;
      writeFileSync(join(dir, "ours.vtu"), frameVtu(f));
      const [theirs, ours] = vtkReads(join(dir, "p.vtp"), join(dir, "ours.vtu"));
      expect(theirs!.points).toBe(f.pointCount);
      expect(theirs!.cells).toBe(6);
      const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
      expect(sum(ours!.sizes)).toBeCloseTo(
        sum(theirs!.sizes.filter((_, c) => theirs!.cellTypes[c]! > 4)),
        6,
      );
    },
  );
});

describe("ParaView .series (JSON)", () => {
  const SERIES = JSON.stringify({
    "file-series-version": "1.0",
    files: TIMES.map((t, k) => ({ name: `f${k}.vtu`, time: t * 2 })),
  });

  it("reads its files with their times; bad JSON and a missing file are reported", async () => {
    const dir = series();
    writeFileSync(join(dir, "s.vtu.series"), SERIES);
    const name = join(dir, "s.vtu.series");
    const s = await readVtkSeries([{ name, bytes: readFileSync(name) }], {
      read: (p) => readInput(p),
    });
    expect(s.report).toEqual([]);
    expect(s.frames.map((f) => f.time)).toEqual([0, 1, 2]);
    const bad = await readVtkSeries([{ name: "b.series", text: "{ nope" }]);
    expect(codes(bad.report)).toEqual(["VTK002"]);
    const missing = await readVtkSeries([
      { name: "c.series", text: '{"files": [{"name": "gone.vtu", "time": 0}]}' },
    ]);
    expect(codes(missing.report)).toEqual(["VTK009"]);
  });

  it("converts through the CLI", async () => {
    const dir = series();
    writeFileSync(join(dir, "s.vtu.series"), SERIES);
    const out = join(dir, "s.agr");
    const r = await cli(["agr", "from-vtk", join(dir, "s.vtu.series"), "--type", "1", "-o", out]);
    expect(r.err).toContain("8 nodes, 1 cells, 3 frames");
    expect(r.code).toBe(0);
    expect([...readAgr(readFileSync(out)).model!.times]).toEqual([0, 1, 2]);
  });
});

describe(".pvd with several parts per timestep", () => {
  const shifted = (k: number) =>
    structural(k).replace(
      /(<Points><DataArray[^>]*>)([^<]*)/,
      (_, open: string, xyz: string) =>
        open +
        xyz
          .trim()
          .split(/\s+/)
          .map((v, i) => (i % 3 === 0 ? Number(v) + 2 : Number(v)))
          .join(" "),
    );
  const dir = () =>
    folder({
      ...Object.fromEntries(TIMES.map((_, k) => [`f${k}.vtu`, structural(k)])),
      ...Object.fromEntries(TIMES.map((_, k) => [`g${k}.vtu`, shifted(k)])),
      "s.pvd": `<?xml version="1.0"?>
<VTKFile type="Collection" version="0.1">
<Collection>
${TIMES.map((t, k) => `<DataSet timestep="${t}" part="0" file="f${k}.vtu"/>\n<DataSet timestep="${t}" part="1" file="g${k}.vtu"/>`).join("\n")}
</Collection>
</VTKFile>
`,
    });

  it("merges the parts of a timestep; --part N takes one; a missing part is VTK018", async () => {
    const d = dir();
    const pvd = join(d, "s.pvd");
    const read = (part?: number) =>
      readVtkSeries([{ name: pvd, bytes: readFileSync(pvd) }], {
        read: (p) => readInput(p),
        ...(part === undefined ? {} : { part }),
      });
    const all = await read();
    expect(all.report).toEqual([]);
    expect(all.frames).toHaveLength(3);
    const f = all.frames[2]!;
    expect(f.pointCount).toBe(16);
    expect([...f.types]).toEqual([12, 12]);
    expect([...f.connectivity.subarray(8)]).toEqual(ids(8, 8));
    expect(f.points[3 * 8]).toBe(2);
    const m = meshAnimationFromVtk(all.frames, { type: 1 });
    expect(m.report).toEqual([]);
    // Both parts' displacements are followed: the same |u| at node 7 of each.
    expect(m.model!.scalarValues[0]![2 * 16 + 15]).toBe(m.model!.scalarValues[0]![2 * 16 + 7]);
    const one = await read(1);
    expect(one.frames.map((x) => x.pointCount)).toEqual([8, 8, 8]);
    expect(one.frames[0]!.points[0]).toBe(2);
    expect(codes((await read(5)).report)).toEqual(["VTK018"]);
  });
});

describe(".vtm blocks and pieces", () => {
  const VTM = `<?xml version="1.0"?>
<VTKFile type="vtkMultiBlockDataSet" version="1.0">
<vtkMultiBlockDataSet>
<Block index="0" name="solid">
<Piece index="0" name="p0"><DataSet index="0" file="f0.vtu"/></Piece>
<Piece index="1"><DataSet index="0" file="g0.vtu"/></Piece>
</Block>
<DataSet index="1" name="other" file="f1.vtu"/>
</vtkMultiBlockDataSet>
</VTKFile>
`;
  const shifted = structural(0).replace(
    /(<Points><DataArray[^>]*>)([^<]*)/,
    (_, open: string, xyz: string) =>
      open +
      xyz
        .trim()
        .split(/\s+/)
        .map((v, i) => (i % 3 === 0 ? Number(v) + 2 : Number(v)))
        .join(" "),
  );

  it("merges every block by default; --block takes a name (a block's pieces too) or an index path", async () => {
    const d = folder({
      "m.vtm": VTM,
      "f0.vtu": structural(0),
      "g0.vtu": shifted,
      "f1.vtu": structural(1),
    });
    const vtm = join(d, "m.vtm");
    const read = (block?: string) =>
      readVtkSeries([{ name: vtm, bytes: readFileSync(vtm) }], {
        read: (p) => readInput(p),
        ...(block === undefined ? {} : { block }),
      });
    const all = await read();
    expect(all.report).toEqual([]);
    expect(all.frames.map((f) => f.pointCount)).toEqual([24]);
    expect((await read("solid")).frames.map((f) => f.pointCount)).toEqual([16]);
    const piece = (await read("0/1")).frames;
    expect(piece.map((f) => [f.pointCount, f.points[0]])).toEqual([[8, 2]]);
    expect((await read("other")).frames.map((f) => f.pointCount)).toEqual([8]);
    expect(codes((await read("none")).report)).toEqual(["VTK018"]);
  });
});

describe("parallel .pvtu", () => {
  const shifted = structural(2).replace(
    /(<Points><DataArray[^>]*>)([^<]*)/,
    (_, open: string, xyz: string) =>
      open +
      xyz
        .trim()
        .split(/\s+/)
        .map((v, i) => (i % 3 === 0 ? Number(v) + 2 : Number(v)))
        .join(" "),
  );
  const PVTU = `<?xml version="1.0"?>
<VTKFile type="PUnstructuredGrid" version="0.1" byte_order="LittleEndian" header_type="UInt64">
<PUnstructuredGrid GhostLevel="0">
<PPointData>
<PDataArray type="Float64" Name="Displacement" NumberOfComponents="3"/>
<PDataArray type="Float64" Name="S" NumberOfComponents="6"/>
<PDataArray type="Int64" Name="GlobalNodeId"/>
</PPointData>
<PPoints><PDataArray type="Float64" NumberOfComponents="3"/></PPoints>
<Piece Source="f1.vtu"/>
<Piece Source="g2.vtu"/>
</PUnstructuredGrid>
</VTKFile>
`;

  it("merges its pieces into one frame; peak |u| and point count equal VTK's", async () => {
    const d = folder({ "p.pvtu": PVTU, "f1.vtu": structural(1), "g2.vtu": shifted });
    const name = join(d, "p.pvtu");
    const s = await readVtkSeries([{ name, bytes: readFileSync(name) }], {
      read: (p) => readInput(p),
    });
    expect(s.report).toEqual([]);
    const f = s.frames[0]!;
    expect([f.pointCount, f.types.length]).toEqual([16, 2]);
    const m = meshAnimationFromVtk([{ ...f, time: 0 }], { type: 1 }).model!;
    if (!HAS_VTK && !VTK_REQUIRED) return;
    needVtk();
    const [v] = vtkReads(name);
    expect(v!.points).toBe(16);
    expect(v!.cells).toBe(2);
    expect(Math.max(...m.scalarValues[0]!)).toBe(Math.fround(v!.arrays.Displacement!.maxNorm));
  });
});

describe("Lagrange and Bézier cells", () => {
  it.skipIf(!HAS_VTK && !VTK_REQUIRED)(
    "VTK-written cells of order 2 (68–73, 75–80): all points kept; the corner cells' size is VTK's for the linear block",
    async () => {
      needVtk();
      const dir = mkdtempSync(join(tmpdir(), "deforma-vtk-higher-"));
      const written = python("write-higher.py", dir) as {
        type: number;
        file: string;
        points: number;
        cells: number;
        linearSize: number;
      }[];
      const ours: string[] = [];
      const expected: number[] = [];
      for (const w of written) {
        const s = await readVtkSeries([{ name: w.file, bytes: readFileSync(w.file) }]);
        expect(s.report, `type ${w.type}`).toEqual([]);
        const f = s.frames[0]!;
        expect(f.pointCount, `type ${w.type}`).toBe(w.points);
        if (w.type === 68 || w.type === 75) {
          expect([f.skippedCells, f.types.length], `type ${w.type}`).toEqual([w.cells, 0]);
          continue;
        }
        expect(f.types.length, `type ${w.type}`).toBe(w.cells);
        const file = join(dir, `ours_${w.type}.vtu`);
        writeFileSync(file, frameVtu(f));
        ours.push(file);
        expected.push(w.linearSize);
      }
      const sizes = vtkReads(...ours).map((v) => v.sizes.reduce((a, b) => a + b, 0));
      sizes.forEach((size, k) => {
        expect(size, ours[k]).toBeCloseTo(expected[k]!, 9);
        expect(size, ours[k]).not.toBe(0);
      });
    },
  );
});

describe("the new inputs on mangled files", () => {
  const VTP_SMALL = `<VTKFile type="PolyData" version="0.1" byte_order="LittleEndian"><PolyData>
<Piece NumberOfPoints="4" NumberOfPolys="1" NumberOfStrips="1" NumberOfLines="1">
<PointData><DataArray type="Float32" Name="T" NumberOfComponents="" format="ascii">1 2 3 4</DataArray></PointData>
<Points><DataArray type="Float32" NumberOfComponents="3" format="ascii">0 0 0 1 0 0 1 1 0 0 1 0</DataArray></Points>
<Lines><DataArray type="Int32" Name="connectivity" format="ascii">0 1</DataArray><DataArray type="Int32" Name="offsets" format="ascii">2</DataArray></Lines>
<Polys><DataArray type="Int32" Name="connectivity" format="ascii">0 1 2 3</DataArray><DataArray type="Int32" Name="offsets" format="ascii">4</DataArray></Polys>
<Strips><DataArray type="Int32" Name="connectivity" format="ascii">0 1 3 2</DataArray><DataArray type="Int32" Name="offsets" format="ascii">4</DataArray></Strips>
</Piece></PolyData></VTKFile>`;
  const inputs: [string, string][] = [
    ["m.vtu", MIXED],
    ["p.vtp", VTP_SMALL],
    ["s.series", '{"files": [{"name": "f0.vtu", "time": 0}, {"name": "f1.vtu", "time": 1}]}'],
    [
      "p.pvtu",
      '<VTKFile type="PUnstructuredGrid"><PUnstructuredGrid><Piece Source="f0.vtu"/><Piece Source="f1.vtu"/></PUnstructuredGrid></VTKFile>',
    ],
    [
      "b.vtm",
      '<VTKFile type="vtkMultiBlockDataSet"><vtkMultiBlockDataSet><Block name="a"><Piece><DataSet file="f0.vtu"/></Piece><Piece name="q"><DataSet file="f1.vtu"/></Piece></Block></vtkMultiBlockDataSet></VTKFile>',
    ],
  ];
  const companions = new Map([
    ["f0.vtu", structural(0)],
    ["f1.vtu", structural(1)],
  ]);

  it("never throw; every finding lies inside its file", async () => {
    for (const [name, text] of inputs) {
      const bytes = new TextEncoder().encode(text);
      await fc.assert(
        fc.asyncProperty(
          fc.nat(bytes.length),
          fc.array(fc.tuple(fc.nat(bytes.length - 1), fc.integer({ min: 0, max: 255 })), {
            maxLength: 6,
          }),
          fc.constantFrom(undefined, "a", "0/1"),
          async (cut, edits, block) => {
            const b = bytes.slice(0, cut);
            for (const [at, v] of edits) if (at < b.length) b[at] = v;
            const s = await readVtkSeries([{ name, bytes: b }], {
              read: async (p) => {
                const t = companions.get(p);
                return t
                  ? { status: "ok", bytes: new TextEncoder().encode(t) }
                  : { status: "missing" };
              },
              ...(block === undefined ? {} : { block }),
            });
            for (const type of [0, 1] as const)
              meshAnimationFromVtk(s.frames, { type, scalar: "S:mises" });
            for (const r of s.report) {
              const length = r.text?.length ?? b.length;
              for (const d of r.diagnostics) {
                expect(d.code).toMatch(/^VTK0\d\d$/);
                expect(d.start).toBeGreaterThanOrEqual(0);
                expect(d.end).toBeLessThanOrEqual(length);
              }
            }
          },
        ),
        { numRuns: Math.max(20, Math.floor(RUNS / 4)) },
      );
    }
  });
});
