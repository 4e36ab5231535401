/**
 * The VTK inputs in the format registry: `deforma check` recognises .vtu,
 * .vtp, legacy .vtk, .pvtu, .pvtp, .vtm, .pvd and .series by content (or
 * name), reads the files they name through the companion reader (only inside
 * the naming file's folder) and reports each finding in its own file.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkFile } from "../../src/core/formats/index.js";
import { FORMATS } from "../../src/formats.js";
import { cli } from "../helpers.js";

const TET = `<?xml version="1.0"?>
<VTKFile type="UnstructuredGrid" version="0.1">
<UnstructuredGrid><Piece NumberOfPoints="4" NumberOfCells="1">
<Points><DataArray type="Float32" NumberOfComponents="3" format="ascii">0 0 0 1 0 0 0 1 0 0 0 1</DataArray></Points>
<Cells>
<DataArray type="Int32" Name="connectivity" format="ascii">0 1 2 3</DataArray>
<DataArray type="Int32" Name="offsets" format="ascii">4</DataArray>
<DataArray type="UInt8" Name="types" format="ascii">10</DataArray>
</Cells>
</Piece></UnstructuredGrid></VTKFile>
`;
const LEGACY = `# vtk DataFile Version 4.2
tet
ASCII
DATASET UNSTRUCTURED_GRID
POINTS 4 float
0 0 0 1 0 0 0 1 0 0 0 1
CELLS 1 5
4 0 1 2 3
CELL_TYPES 1
10
POINT_DATA 4
SCALARS T float
LOOKUP_TABLE default
1 2 3 4
`;
const pvd = (...files: string[]) => `<?xml version="1.0"?>
<VTKFile type="Collection" version="0.1">
<Collection>
${files.map((f, k) => `<DataSet timestep="${k}" part="0" file="${f}"/>`).join("\n")}
</Collection>
</VTKFile>
`;
const pvtu = (...files: string[]) => `<?xml version="1.0"?>
<VTKFile type="PUnstructuredGrid" version="0.1">
<PUnstructuredGrid>
<PPoints><PDataArray type="Float32" NumberOfComponents="3"/></PPoints>
${files.map((f) => `<Piece Source="${f}"/>`).join("\n")}
</PUnstructuredGrid>
</VTKFile>
`;
const vtm = (...files: string[]) => `<?xml version="1.0"?>
<VTKFile type="vtkMultiBlockDataSet" version="1.0">
<vtkMultiBlockDataSet>
${files.map((f, k) => `<DataSet index="${k}" name="b${k}" file="${f}"/>`).join("\n")}
</vtkMultiBlockDataSet>
</VTKFile>
`;
const PVTP = `<?xml version="1.0"?>
<VTKFile type="PPolyData" version="0.1">
<PPolyData><PPoints><PDataArray type="Float32" NumberOfComponents="3"/></PPoints>
<Piece Source="p.vtp"/></PPolyData></VTKFile>
`;
const VTP = `<?xml version="1.0"?>
<VTKFile type="PolyData" version="0.1">
<PolyData><Piece NumberOfPoints="3" NumberOfPolys="1">
<Points><DataArray type="Float32" NumberOfComponents="3" format="ascii">0 0 0 1 0 0 0 1 0</DataArray></Points>
<Polys>
<DataArray type="Int32" Name="connectivity" format="ascii">0 1 2</DataArray>
<DataArray type="Int32" Name="offsets" format="ascii">3</DataArray>
</Polys>
</Piece></PolyData></VTKFile>
`;
const series = (...files: string[]) =>
  JSON.stringify({
    "file-series-version": "1.0",
    files: files.map((name, time) => ({ name, time })),
  });

/** A project folder: good files, a broken .vtu and a legacy file, and collections naming them. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-check-vtk-"));
  const files: Record<string, string> = {
    "a.vtu": TET,
    "l.vtk": LEGACY,
    "p.vtp": VTP,
    "pp.pvtp": PVTP,
    "bad.vtu": TET.replace("0 1 0 0 0 1", "0 1 0 zero 0 1"),
    "good.pvd": pvd("a.vtu", "l.vtk"),
    "bad.pvd": pvd("a.vtu", "bad.vtu"),
    "g.pvtu": pvtu("a.vtu", "l.vtk"),
    "g.vtm": vtm("a.vtu", "p.vtp"),
    "g.vtk.series": series("l.vtk", "a.vtu"),
    "sub/out.pvd": pvd("../a.vtu"),
    "renamed.txt.vtk": TET,
  };
  for (const [name, text] of Object.entries(files)) {
    if (name.includes("/")) mkdirSync(join(dir, name.split("/")[0]!), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe("VTK inputs in the format registry", () => {
  it("recognises each VTK input by its content or name", async () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    const cases: [string, string, string][] = [
      ["x.bin", TET, "vtu"],
      ["x.bin", VTP, "vtp"],
      ["x.bin", LEGACY, "vtk-legacy"],
      ["x.bin", pvtu("a.vtu"), "pvtu"],
      ["x.bin", PVTP, "pvtp"],
      ["x.bin", vtm("a.vtu"), "vtm"],
      ["x.bin", pvd("a.vtu"), "pvd"],
      ["x.series", series("a.vtu"), "vtk-series"],
    ];
    for (const [name, text, id] of cases)
      expect(FORMATS.recognise(name, enc(text).subarray(0, 64))?.format.id, id).toBe(id);
    // A legacy file's variant is the encoding its third line names.
    const c = await checkFile(FORMATS, enc(LEGACY), "l.vtk");
    expect(c.variant).toBe("ASCII");
    expect(c.summary).toMatchObject({
      points: 4,
      cells: 1,
      pointData: [{ name: "T", components: 1 }],
    });
  });

  it("checks legacy .vtk, .pvd, .pvtu, .pvtp, .vtm and .series with the files they name", async () => {
    const dir = project();
    const r = await cli(
      ["check", "l.vtk", "good.pvd", "g.pvtu", "pp.pvtp", "g.vtm", "g.vtk.series"],
      dir,
    );
    expect(r.out).toContain("l.vtk: ok (legacy VTK data, ASCII; 0 errors, 0 warnings)");
    expect(r.out).toContain("good.pvd: ok (ParaView data collection, XML; 0 errors, 0 warnings)");
    expect(r.out).toContain("g.pvtu: ok (VTK parallel unstructured grid, XML;");
    expect(r.out).toContain("pp.pvtp: ok (VTK parallel polygonal data, XML;");
    expect(r.out).toContain("g.vtm: ok (VTK multiblock data set, XML;");
    expect(r.out).toContain("g.vtk.series: ok (ParaView file series; 0 errors, 0 warnings)");
    expect(r.code).toBe(0);
  });

  it("reports a finding in a named file as that file's, with its line and column; exit 1", async () => {
    const dir = project();
    const r = await cli(["check", "bad.pvd"], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain("bad.vtu:4:83: error VTK004: DataArray '': 'zero' is not a number");
    expect(r.out).toContain(
      "bad.pvd: invalid (ParaView data collection, XML; 1 error, 0 warnings)",
    );
    const json = JSON.parse((await cli(["check", "bad.pvd", "--json"], dir)).out);
    expect(json.ok).toBe(false);
    expect(
      json.diagnostics.map((d: { file: string; code: string }) => `${d.file} ${d.code}`),
    ).toEqual(["bad.vtu VTK004"]);
  });

  it("does not read a named file outside the naming file's folder (VTK009)", async () => {
    const dir = project();
    const r = await cli(["check", "sub/out.pvd"], dir);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /sub\/out\.pvd:4:\d+: error VTK009: '.*a\.vtu' cannot be read: it lies outside/,
    );
  });

  // decision 102
  it("reads a legacy file by content whatever its name", async () => {
    const dir = project();
    writeFileSync(join(dir, "legacy.dat.vtu"), LEGACY);
    const r = await cli(["check", "legacy.dat.vtu", "renamed.txt.vtk"], dir);
    expect(r.out).toContain("legacy.dat.vtu: ok (legacy VTK data, ASCII;");
    expect(r.out).toContain("renamed.txt.vtk: ok (VTK unstructured grid, XML;");
    expect(r.out).toContain("FMT002");
  });
});
