import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locateReport } from "../../../src/core/report.js";
import { readAgr, validateAgr } from "../../../src/mixed/agr/index.js";
import {
  exportVtk,
  meshAnimationFromVtk,
  readVtkSeries,
  type VtkInputFile,
} from "../../../src/mixed/vtk/index.js";
import { readInput } from "../../../src/node/files.js";
import { expectSameBytes } from "../../helpers.js";
import { demoPath, HAS_VTK, python, singleMeshScene, VTK_REQUIRED } from "../export-helpers.js";

const rod = () => {
  const r = readAgr(readFileSync(demoPath("rod.agr")));
  if (!r.model) throw new Error("rod.agr");
  return r.model;
};

/** Reads in-memory files; `.pvd`/`.vtm` references resolve among them. */
async function readMemory(
  files: readonly VtkInputFile[],
  names: readonly string[],
  block?: string,
) {
  const byName = new Map(files.map((f) => [f.name, f]));
  return readVtkSeries(
    names.map((n) => byName.get(n)!),
    {
      read: async (p) => {
        const f = byName.get(p);
        return f
          ? { status: "ok", bytes: new TextEncoder().encode(f.text ?? "") }
          : { status: "missing" };
      },
      ...(block ? { block } : {}),
    },
  );
}

const codes = (report: Parameters<typeof locateReport>[0]) =>
  locateReport(report).map((d) => `${d.code}@${d.line}:${d.column}`);

describe("agr from VTK", () => {
  it("round-trips the demo rod through our VTK export (identity placement, the rod's own times)", async () => {
    const m = rod();
    const scene = singleMeshScene(m, { name: "rod" });
    const files = exportVtk(scene, { name: "rod" }).map((f) => ({
      name: f.name,
      text: String(f.data),
    }));
    const series = await readMemory(files, ["rod_rod.pvd"]);
    expect(series.report).toEqual([]);
    const r = meshAnimationFromVtk(series.frames, { type: 1 });
    expect(r.report).toEqual([]);
    const back = r.model!;
    expect(validateAgr(back)).toEqual([]);
    expect(back.nodeCount).toBe(m.nodeCount);
    expectSameBytes(back.cellTypes, m.cellTypes, "cellTypes");
    expectSameBytes(back.connectivity, m.connectivity, "connectivity");
    expectSameBytes(back.times, m.times, "times");
    expectSameBytes(back.positions, m.vectorValues[0]!.subarray(0, 3 * m.nodeCount), "positions");
    expectSameBytes(back.vectorValues[0], m.vectorValues[0]!, "vectorValues[0]");
    expectSameBytes(back.scalarValues[0], m.scalarValues[0]!, "scalarValues[0]");
  });

  // decision 126
  it("reads the same rod through the .vtm blocks of the model-wide .pvd", async () => {
    const m = rod();
    const scene = singleMeshScene(m, { name: "rod", times: m.times.subarray(0, 3) });
    const files = exportVtk(scene, { name: "all" }).map((f) => ({
      name: f.name,
      text: String(f.data),
    }));
    const series = await readMemory(files, ["all.pvd"], "rod");
    expect(series.frames).toHaveLength(3);
    expect(series.frames[2]!.time).toBe(m.times[2]);
  });

  it.skipIf(!HAS_VTK && !VTK_REQUIRED)(
    "reads series the VTK library wrote: appended zlib (default), inline binary, ascii, raw, UInt64 headers",
    async () => {
      if (!HAS_VTK)
        throw new Error("CI=true but /usr/bin/python3 cannot import vtk (python3-vtk9)");
      const dir = mkdtempSync(join(tmpdir(), "deforma-pyvtk-"));
      const expected = python("write-series.py", dir) as {
        times: number[];
        temperature: number[][];
        points: number[][];
        cells: number;
        modes: string[];
      };
      for (const mode of expected.modes) {
        const pvd = join(dir, mode, "series.pvd");
        const series = await readVtkSeries([{ name: pvd, bytes: readFileSync(pvd) }], {
          read: (p) => readInput(p),
        });
        expect(series.report, mode).toEqual([]);
        const r = meshAnimationFromVtk(series.frames, { type: 0 });
        expect(r.report, mode).toEqual([]);
        const m = r.model!;
        expect(validateAgr(m), mode).toEqual([]);
        expect(m.nodeCount, mode).toBe(expected.points.length);
        expect(m.cellTypes.length, mode).toBe(expected.cells);
        expect([...m.cellTypes], mode).toEqual([12, 12, 10]);
        expect([...m.times], mode).toEqual(expected.times);
        expect([...m.positions], mode).toEqual(expected.points.flat().map(Math.fround));
        expect(m.scalars[0]!.name).toBe("temperature");
        expect([...m.scalarValues[0]!], mode).toEqual(expected.temperature.flat().map(Math.fround));
      }
    },
  );
});

const GOOD = `<?xml version="1.0"?>
<VTKFile type="UnstructuredGrid" version="0.1" byte_order="LittleEndian">
<UnstructuredGrid>
<Piece NumberOfPoints="3" NumberOfCells="1">
<PointData><DataArray type="Float32" Name="temperature" format="ascii">1 2 3</DataArray></PointData>
<Points><DataArray type="Float32" NumberOfComponents="3" format="ascii">0 0 0 1 0 0 0 1 0</DataArray></Points>
<Cells>
<DataArray type="Int32" Name="connectivity" format="ascii">0 1 2</DataArray>
<DataArray type="Int32" Name="offsets" format="ascii">3</DataArray>
<DataArray type="UInt8" Name="types" format="ascii">5</DataArray>
</Cells>
</Piece>
</UnstructuredGrid>
</VTKFile>
`;

describe("VTK diagnostics (located, never thrown)", () => {
  const one = async (text: string) => readVtkSeries([{ name: "a.vtu", text }]);

  it("reads a minimal ascii file cleanly; frames without times are numbered with a warning", async () => {
    const s = await one(GOOD);
    expect(s.report).toEqual([]);
    const r = meshAnimationFromVtk(
      [...s.frames, ...s.frames.map((f) => ({ ...f, file: "b.vtu" }))],
      {
        type: 0,
      },
    );
    expect(codes(r.report)).toEqual(["VTK014@4:1"]);
    expect([...r.model!.times]).toEqual([0, 1]);
  });

  it("reports broken XML with its line and column", async () => {
    const s = await one(GOOD.replace("<Points>", "<Points"));
    expect(codes(s.report)[0]).toBe("VTK001@6:8");
    const t = await one(GOOD.replace("</Cells>", ""));
    expect(codes(t.report)).toContain("VTK001@12:1");
  });

  it("reports bad numbers, bad base64, unsupported cells, bad offsets and missing arrays", async () => {
    expect(codes((await one(GOOD.replace("1 2 3", "1 x 3"))).report)).toEqual(["VTK004@5:74"]);
    const b64 = GOOD.replace('format="ascii">1 2 3', 'format="binary">@@@@');
    expect(codes((await one(b64)).report)).toEqual(["VTK004@5:12"]);
    expect(codes((await one(GOOD.replace(">5<", ">17<"))).report)).toEqual(["VTK006@7:1"]);
    expect(
      codes(
        (
          await one(
            GOOD.replace(
              '>3</DataArray>\n<DataArray type="UInt8"',
              '>2</DataArray>\n<DataArray type="UInt8"',
            ),
          )
        ).report,
      ),
    ).toEqual(["VTK007@7:1"]);
    expect(codes((await one(GOOD.replace('Name="offsets"', 'Name="offset"'))).report)).toEqual([
      "VTK005@7:1",
    ]);
    expect(
      codes(
        (await one(GOOD.replace('UnstructuredGrid" version', 'HyperTreeGrid" version'))).report,
      ),
    ).toEqual(["VTK002@2:16"]);
    expect(codes((await one(GOOD.replace("LittleEndian", "BigEndian"))).report)).toEqual([
      "VTK003@2:60",
    ]);
  });

  // decision 126
  it("type 0 refuses moving points and a missing scalar", async () => {
    const a = (await one(GOOD)).frames[0]!;
    const b = (await one(GOOD.replace("0 1 0</DataArray>", "0 2 0</DataArray>"))).frames[0]!;
    const moved = meshAnimationFromVtk(
      [a, { ...b, file: "b.vtu", time: 1 }].map((f, i) => ({ ...f, time: i })),
      { type: 0 },
    );
    expect(moved.model).toBeUndefined();
    expect(codes(moved.report)).toEqual(["VTK011@4:1"]);
    const none = meshAnimationFromVtk([{ ...a, time: 0, pointData: [] }], { type: 0 });
    expect(codes(none.report)).toEqual(["VTK012@4:1"]);
    expect(meshAnimationFromVtk([], { type: 1 }).report[0]!.diagnostics[0]!.code).toBe("VTK015");
  });
});
