/**
 * Structured data by hand: what a broken or hostile file gets (located
 * findings, never an allocation for a grid it cannot hold, never a throw),
 * and the structured formats in the registry: `deforma check`, `agr from`,
 * and a `.pvd` naming them.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FORMATS } from "../../../src/formats.js";
import { readAgr } from "../../../src/mixed/agr/index.js";
import { isMeshFile, loadMeshFile } from "../../../src/mixed/load-mesh.js";
import { readVtkSeries } from "../../../src/mixed/vtk/index.js";
import { cli, pos, propertyRuns } from "../../helpers.js";

const VTI = `<?xml version="1.0"?>
<VTKFile type="ImageData" version="0.1" byte_order="LittleEndian">
<ImageData WholeExtent="0 2 0 1 0 1" Origin="1 2 3" Spacing="0.5 1 2">
<Piece Extent="0 2 0 1 0 1">
<PointData><DataArray type="Float64" Name="T" format="ascii">1 2 3 4 5 6 7 8 9 10 11 12</DataArray></PointData>
<CellData><DataArray type="Float64" Name="S" format="ascii">10 20</DataArray></CellData>
</Piece></ImageData></VTKFile>
`;
const VTS = `<?xml version="1.0"?>
<VTKFile type="StructuredGrid" version="0.1">
<StructuredGrid WholeExtent="0 1 0 1 0 0">
<Piece Extent="0 1 0 1 0 0">
<Points><DataArray type="Float32" NumberOfComponents="3" format="ascii">0 0 0 1 0 0 0 1 0 1 1 0</DataArray></Points>
<PointData><DataArray type="Float32" Name="temperature" format="ascii">300 310 320 330</DataArray></PointData>
</Piece></StructuredGrid></VTKFile>
`;
const LEGACY = `# vtk DataFile Version 3.0
grid
ASCII
DATASET RECTILINEAR_GRID
DIMENSIONS 2 2 1
X_COORDINATES 2 float
0 1
Y_COORDINATES 2 float
0 2
Z_COORDINATES 1 float
0
CELL_DATA 1
SCALARS S double 1
LOOKUP_TABLE default
7
POINT_DATA 4
SCALARS T float
LOOKUP_TABLE default
1 2 3 4
`;

const codes = async (name: string, text: string) => {
  const s = await readVtkSeries([{ name, text }]);
  return s.report.flatMap((r) =>
    r.diagnostics.map((d) => `${d.code}@${pos(text, text.slice(d.start, d.start + 12))}`),
  );
};
const only = async (name: string, text: string) =>
  (await readVtkSeries([{ name, text }])).report.flatMap((r) => r.diagnostics.map((d) => d.code));

describe("structured data by hand", () => {
  it("reads an image's origin, spacing and extent, its point and cell data", async () => {
    const s = await readVtkSeries([{ name: "a.vti", text: VTI }]);
    expect(s.report).toEqual([]);
    const f = s.frames[0]!;
    expect(f.pointCount).toBe(12);
    expect([...f.points.subarray(0, 6)]).toEqual([1, 2, 3, 1.5, 2, 3]);
    expect([...f.points.subarray(33)]).toEqual([2, 3, 5]);
    expect([...f.types]).toEqual([12, 12]);
    expect([...f.connectivity.subarray(0, 8)]).toEqual([0, 1, 4, 3, 6, 7, 10, 9]);
    expect(f.cellData).toEqual([{ name: "S", components: 1, values: Float64Array.of(10, 20) }]);
    const r = await readVtkSeries([{ name: "r.vtk", text: LEGACY }]);
    expect(r.report).toEqual([]);
    expect([...r.frames[0]!.points]).toEqual([0, 0, 0, 1, 0, 0, 0, 2, 0, 1, 2, 0]);
    expect([...r.frames[0]!.connectivity]).toEqual([0, 1, 3, 2]);
    expect(r.frames[0]!.cellData.map((a) => [a.name, ...a.values])).toEqual([["S", 7]]);
  });

  // decision 196
  it("refuses a grid larger than the budget at its extent, before allocating anything", async () => {
    const huge = `<VTKFile type="ImageData"><ImageData WholeExtent="0 1000000 0 1000000 0 1000000"><Piece Extent="0 1000000 0 1000000 0 1000000"/></ImageData></VTKFile>`;
    expect(huge.length).toBeLessThan(200);
    const s = await readVtkSeries([{ name: "h.vti", text: huge }]);
    const d = s.report[0]!.diagnostics;
    expect(d.map((x) => [x.code, x.start])).toEqual([["VTK036", huge.indexOf("0 1000000")]]);
    expect(d[0]!.args).toEqual({ points: 1000001 ** 3, cells: 1e18 });
    // Small enough to count, too large for a budget of 300 bytes.
    const small = await readVtkSeries([{ name: "a.vti", text: VTI }], { budgetBytes: 300 });
    expect(small.report[0]!.diagnostics.map((x) => x.code)).toEqual(["VTK036"]);
    const legacy = LEGACY.replace("DIMENSIONS 2 2 1", "DIMENSIONS 100000 100000 100000");
    expect(await codes("l.vtk", legacy)).toEqual(["VTK036@5:1"]);
  });

  it("locates broken extents, geometry, coordinates and cell data", async () => {
    expect(
      await codes("a.vti", VTI.replace('WholeExtent="0 2 0 1 0 1"', 'WholeExtent="0 2 0 1 1"')),
    ).toEqual(["VTK035@3:25"]);
    expect(
      await codes("a.vti", VTI.replace('Extent="0 2 0 1 0 1">', 'Extent="0 3 0 1 0 1">')),
    ).toEqual(["VTK035@4:16"]);
    expect(await only("a.vti", VTI.replace('Spacing="0.5 1 2"', 'Spacing="0.5 1"'))).toEqual([
      "VTK037",
    ]);
    expect(await only("a.vti", VTI.replace(">10 20<", ">10 20 30<"))).toEqual(["VTK039"]);
    expect(await only("a.vti", VTI.replace(">1 2 3 4 5", ">2 3 4 5"))).toEqual(["VTK016"]);
    expect(
      await only(
        "r.vtk",
        LEGACY.replace("X_COORDINATES 2 float\n0 1", "X_COORDINATES 3 float\n0 1 2"),
      ),
    ).toEqual(["VTK037"]);
    expect(
      await only("r.vtk", LEGACY.replace("CELL_DATA 1", "CELL_DATA 2").replace("\n7\n", "\n7 8\n")),
    ).toEqual(["VTK039"]);
    expect(await only("r.vtk", LEGACY.replace("DIMENSIONS 2 2 1", "DIMENSIONS 2 0 1"))).toEqual([
      "VTK035",
    ]);
    expect(
      await only("r.vtk", LEGACY.replace("CELL_DATA 1", "CELLS 1 2\n1 0\nCELL_DATA 1")),
    ).toEqual(["VTK023"]);
    const sp =
      "# vtk DataFile Version 3.0\nx\nASCII\nDATASET STRUCTURED_GRID\nDIMENSIONS 2 2 1\nPOINTS 3 float\n0 0 0 1 0 0 0 1 0\n";
    expect(await only("g.vtk", sp)).toEqual(["VTK037"]);
  });

  it("never throws on a cut or mutated structured file, every finding inside it", async () => {
    const texts = [VTI, VTS, LEGACY];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom("", "9", "-", "99999999", " ", "<", '"', "x"),
        async (k, at, cut, insert) => {
          const base = texts[k]!;
          const i = at % base.length;
          const text = (base.slice(0, i) + insert + base.slice(i + 1)).slice(
            0,
            base.length - (cut % 20),
          );
          const name = ["a.vti", "b.vts", "c.vtk"][k]!;
          const s = await readVtkSeries([{ name, text }]);
          for (const d of s.report.flatMap((r) => r.diagnostics)) {
            expect(d.start).toBeGreaterThanOrEqual(0);
            expect(d.end).toBeLessThanOrEqual(Math.max(text.length, 1));
          }
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe("structured formats in the registry", () => {
  it("recognises .vti, .vts and .vtr by content; check names them; agr from converts; a .pvd names them", async () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    const vtr = `<?xml version="1.0"?>\n<VTKFile type="RectilinearGrid" version="0.1">`;
    expect(FORMATS.recognise("x.bin", enc(VTI).subarray(0, 120))?.format.id).toBe("vti");
    expect(FORMATS.recognise("x.bin", enc(VTS).subarray(0, 120))?.format.id).toBe("vts");
    expect(FORMATS.recognise("x.bin", enc(vtr))?.format.id).toBe("vtr");
    const dir = mkdtempSync(join(tmpdir(), "deforma-structured-cli-"));
    writeFileSync(join(dir, "x.vti"), VTI);
    writeFileSync(join(dir, "x.vts"), VTS);
    writeFileSync(join(dir, "r.vtk"), LEGACY);
    writeFileSync(
      join(dir, "s.pvd"),
      `<VTKFile type="Collection"><Collection><DataSet timestep="0" file="x.vts"/><DataSet timestep="1" file="x.vts"/></Collection></VTKFile>`,
    );
    const c = await cli(["check", "x.vti", "x.vts", "r.vtk", "s.pvd"], dir);
    expect(c.out).toContain("x.vti: ok (VTK image data, XML; 0 errors, 0 warnings)");
    expect(c.out).toContain("x.vts: ok (VTK structured grid, XML; 0 errors, 0 warnings)");
    expect(c.out).toContain("r.vtk: ok (legacy VTK data, ASCII; 0 errors, 0 warnings)");
    expect(c.code).toBe(0);
    const a = await cli(["agr", "from", "x.vts", "--type", "0", "-o", "x.agr"], dir);
    expect(a.code, a.err).toBe(0);
    const agr = readAgr(readFileSync(join(dir, "x.agr")));
    expect(agr.model!.nodeCount).toBe(4);
    expect([...agr.model!.cellTypes]).toEqual([9]);
    const p = await cli(["agr", "from", "s.pvd", "--type", "0", "-o", "s.agr"], dir);
    expect(p.code, p.err).toBe(0);
    // A 1-D grid keeps only line cells: no face, so nothing is written (VTK026).
    writeFileSync(join(dir, "line.vts"), VTS.replaceAll("0 1 0 1 0 0", "0 3 0 0 0 0"));
    const line = await cli(["agr", "from", "line.vts", "--type", "0", "-o", "line.agr"], dir);
    expect(line.code).toBe(1);
    expect(line.err).toContain("VTK026");
  });

  it("reads a parallel .pvts through the files it names, reporting a missing or wrong one", async () => {
    const pvts = (...sources: string[]) =>
      `<VTKFile type="PStructuredGrid"><PStructuredGrid WholeExtent="0 1 0 1 0 0">${sources
        .map((f) => `<Piece Extent="0 1 0 1 0 0" Source="${f}"/>`)
        .join("")}</PStructuredGrid></VTKFile>`;
    const files: Record<string, string> = { "x.vts": VTS, "a.vti": VTI };
    const read = async (name: string) =>
      files[name] === undefined
        ? ({ status: "missing" } as const)
        : ({ status: "ok", bytes: new TextEncoder().encode(files[name]) } as const);
    const ok = await readVtkSeries([{ name: "p.pvts", text: pvts("x.vts") }], { read });
    expect(ok.report).toEqual([]);
    expect(ok.frames[0]!.pointCount).toBe(4);
    expect(ok.frames[0]!.pointData.map((a) => a.name)).toEqual(["temperature"]);
    const missing = await readVtkSeries([{ name: "p.pvts", text: pvts("x.vts", "y.vts") }], {
      read,
    });
    expect(missing.report.flatMap((r) => r.diagnostics.map((d) => d.code))).toEqual(["VTK009"]);
    const wrong = await readVtkSeries([{ name: "p.pvts", text: pvts("a.vti") }], { read });
    expect(wrong.report.flatMap((r) => r.diagnostics.map((d) => d.code))).toEqual(["VTK002"]);
    expect(FORMATS.recognise("q.bin", new TextEncoder().encode(pvts()))?.format.id).toBe("pvts");
  });

  it("opens alone in the studio's Mesh workspace (#/mesh)", async () => {
    for (const name of ["a.vti", "b.vts", "c.vtr", "d.VTI"])
      expect(isMeshFile(name, FORMATS)).toBe(true);
    const none = async () => ({ status: "missing" }) as const;
    const m = await loadMeshFile("x.vti", new TextEncoder().encode(VTI), none, FORMATS);
    // Like any one frame without a time (a .vtu too): numbered 0.
    expect(m.report.flatMap((r) => r.diagnostics.map((d) => d.code))).toEqual(["VTK014"]);
    expect(m.model?.nodeCount).toBe(12);
    expect([...m.model!.cellTypes]).toEqual([12, 12]);
  });
});
