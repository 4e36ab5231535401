/**
 * Beam, truss and line-only models (issue 18, item 6): `agr from-vtk` of a
 * mesh whose cells are all vertex or line cells keeps no cell, so it is an
 * error (VTK026, exit 1), never an `.agr` with 0 cells; a mesh with some
 * faces still converts and warns of the skipped cells (VTK020).
 */
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { meshAnimationFromVtk, readVtkSeries } from "../../../src/mixed/vtk/index.js";
import { cli, corpusFile } from "../../helpers.js";
import { CUBE, vtu } from "./vtu-text.js";

/** A Kratos-style beam: four nodes on the x axis, three VTK_LINE (3) cells, a displacement. */
const BEAM = vtu(
  [0, 1, 2, 3].map((x) => [x, 0, 0]),
  [
    [3, 0, 1],
    [3, 1, 2],
    [3, 2, 3],
  ],
  [{ name: "DISPLACEMENT", comps: "3", values: [0, 0, 0, 0, 0.1, 0, 0, 0.2, 0, 0, 0.3, 0] }],
);
/** A truss and its joints: a poly-line (4), a vertex (1) and a poly-vertex (2). */
const TRUSS = vtu(
  [0, 1, 2].map((x) => [x, x, 0]),
  [
    [4, 0, 1, 2],
    [1, 0],
    [2, 1, 2],
  ],
  [{ name: "T", values: [300, 301, 302] }],
);

/** Kratos' static beam from the shared solver corpus, when present. */
const KRATOS_BEAM = corpusFile("solver-output/kratos-beam/Structure_0_1.vtk");

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-lines-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const codes = (r: { report: readonly { diagnostics: readonly { code: string }[] }[] }) =>
  r.report.flatMap((f) => f.diagnostics.map((d) => d.code));

describe("line-only models (decision 168)", () => {
  // decision 168
  it("a conversion that would keep no cell is VTK026, located, with no model", async () => {
    for (const [name, text, type, skipped] of [
      ["beam.vtu", BEAM, 1, 3],
      ["truss.vtu", TRUSS, 0, 3],
    ] as const) {
      const s = await readVtkSeries([{ name, text }]);
      expect(s.report).toEqual([]);
      const r = meshAnimationFromVtk(
        s.frames.map((f) => ({ ...f, time: 0 })),
        { type },
      );
      expect(r.model).toBeUndefined();
      expect(codes(r)).toEqual(["VTK020", "VTK026"]);
      const d = r.report[0]!.diagnostics.find((x) => x.code === "VTK026")!;
      expect(d.severity).toBe("error");
      expect(d.args).toEqual({ skipped });
      expect(d.message).toContain(`${skipped} vertex or line cells skipped`);
      expect(r.report[0]!.file).toBe(name);
      expect(d.start).toBe(s.frames[0]!.start);
      expect(d.start).toBeGreaterThan(0);
    }
  });

  // decision 168
  it("agr from-vtk of a beam exits 1 and writes no .agr", async () => {
    const dir = folder({ "beam.vtu": BEAM });
    const out = join(dir, "beam.agr");
    const r = await cli(["agr", "from-vtk", join(dir, "beam.vtu"), "--type", "1", "-o", out]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("VTK026");
    expect(existsSync(out)).toBe(false);
  });

  it("a mesh with a face and lines still converts, warning of the skipped cells", async () => {
    const pts = [...CUBE, [2, 0, 0]];
    const text = vtu(
      pts,
      [
        [12, 0, 1, 2, 3, 4, 5, 6, 7],
        [3, 1, 8],
      ],
      [{ name: "T", values: pts.map((_, i) => 300 + i) }],
    );
    const dir = folder({ "m.vtu": text });
    const out = join(dir, "m.agr");
    const r = await cli(["agr", "from-vtk", join(dir, "m.vtu"), "--type", "0", "-o", out]);
    expect(r.code).toBe(0);
    expect(r.err).toContain("VTK020");
    expect(r.err).not.toContain("VTK026");
    expect(existsSync(out)).toBe(true);
  });

  it.skipIf(KRATOS_BEAM === undefined)("refuses Kratos' real beam (20 line cells)", async () => {
    const out = join(folder({}), "beam.agr");
    const r = await cli(["agr", "from-vtk", KRATOS_BEAM!, "--type", "1", "-o", out]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("20 vertex or line cells skipped");
    expect(r.err).toContain("VTK026");
    expect(existsSync(out)).toBe(false);
  });
});
