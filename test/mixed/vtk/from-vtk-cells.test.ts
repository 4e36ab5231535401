/**
 * Issue 18, item 2 in `agr from`: `--scalar NAME` names a point or a cell
 * array; a cell array becomes node values by averaging over the cells that
 * use each node, and the one line of taken arrays says so; the error lists
 * both kinds; type 0's default looks at cell arrays when no point array fits.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FORMATS } from "../../../src/formats.js";
import { readAgr } from "../../../src/mixed/agr/index.js";
import { loadMeshFile } from "../../../src/mixed/load-mesh.js";
import { meshAnimationFromVtk, readVtkSeries } from "../../../src/mixed/vtk/index.js";
import { mises } from "../../../src/mixed/vtk/select.js";
import { cli } from "../../helpers.js";
import { type Arr, vtu } from "./vtu-text.js";

/** Two quads side by side (nodes 1 and 4 shared), point and cell arrays. */
function twoQuads(points: readonly Arr[], cells: readonly Arr[]): string {
  const text = vtu(
    [
      [0, 0, 0],
      [1, 0, 0],
      [2, 0, 0],
      [0, 1, 0],
      [1, 1, 0],
      [2, 1, 0],
    ],
    [
      [9, 0, 1, 4, 3],
      [9, 1, 2, 5, 4],
    ],
    points,
  );
  const data = cells
    .map(
      (a) =>
        `<DataArray type="Float64" Name="${a.name}"${a.comps ? ` NumberOfComponents="${a.comps}"` : ""} format="ascii">${a.values.join(" ")}</DataArray>`,
    )
    .join("\n");
  return text.replace("</Piece>", `<CellData>\n${data}\n</CellData>\n</Piece>`);
}

const S = { name: "S", comps: "6", values: [100, 0, 0, 0, 0, 0, 0, 50, 0, 10, 0, 0] };
const S_MISES = { name: "S_Mises", values: [100, 200] };
const T_POINTS = { name: "T", values: [1, 2, 3, 4, 5, 6] };
const T_CELLS = { name: "T", values: [-10, -20] };

const codes = (report: readonly { diagnostics: readonly { code: string }[] }[]) =>
  report.flatMap((f) => f.diagnostics.map((d) => d.code));

async function frames(text: string) {
  const s = await readVtkSeries([{ name: "q.vtu", text }]);
  expect(s.report).toEqual([]);
  return s.frames.map((f) => ({ ...f, time: 0 }));
}

describe("a cell array as the scalar of agr from (issue 18, item 2)", () => {
  it("--scalar names a cell array: node values are the mean of the cells at each node, and the line says so", async () => {
    const r = meshAnimationFromVtk(await frames(twoQuads([], [S, S_MISES])), {
      type: 0,
      scalar: "S_Mises",
    });
    expect(r.report).toEqual([]);
    expect(Array.from(r.model!.scalarValues[0]!)).toEqual([100, 150, 200, 100, 150, 200]);
    expect(r.chosen).toEqual([
      "scalar 'S_Mises' (--scalar; a cell array: each node takes the mean of the cells that use it)",
    ]);
    // The per-cell values travel with the model for the studio (not into the .agr).
    expect(Array.from(r.model!.cellValues![0]!)).toEqual([100, 200]);
  });

  it("NAME:mises of a 6-component cell stress: von Mises per cell, then averaged", async () => {
    const r = meshAnimationFromVtk(await frames(twoQuads([], [S])), { type: 0, scalar: "S:mises" });
    const a = mises(S.values, 0);
    const b = mises(S.values, 6);
    expect(Array.from(r.model!.cellValues![0]!)).toEqual([a, b].map(Math.fround));
    expect(r.model!.scalarValues[0]![1]).toBeCloseTo((a + b) / 2, 4);
    expect(r.model!.scalarValues[0]![0]).toBeCloseTo(a, 4);
  });

  // decision 180
  it("a name both kinds have means the point array; cell:NAME the cell array", async () => {
    const f = await frames(twoQuads([T_POINTS], [T_CELLS]));
    const point = meshAnimationFromVtk(f, { type: 0, scalar: "T" });
    expect(Array.from(point.model!.scalarValues[0]!)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(point.model!.cellValues).toBeUndefined();
    const cell = meshAnimationFromVtk(f, { type: 0, scalar: "cell:T" });
    expect(Array.from(cell.model!.scalarValues[0]!)).toEqual([-10, -15, -20, -10, -15, -20]);
    expect(cell.model!.scalars[0]!.name).toBe("cell_T");
  });

  // decision 181
  it("type 0 without --scalar takes a cell array only when no point array fits", async () => {
    const only = meshAnimationFromVtk(await frames(twoQuads([], [S, S_MISES])), { type: 0 });
    expect(only.report).toEqual([]);
    expect(only.chosen).toEqual([
      "scalar 'S_Mises' (the only one-component array; a cell array: each node takes the mean of the cells that use it)",
    ]);
    const withPoint = meshAnimationFromVtk(await frames(twoQuads([T_POINTS], [S_MISES])), {
      type: 0,
    });
    expect(withPoint.chosen).toEqual(["scalar 'T' (its name means temperature)"]);
  });

  it("the error of a missing --scalar lists the point and the cell arrays, marked", async () => {
    const r = meshAnimationFromVtk(await frames(twoQuads([T_POINTS], [S, S_MISES])), {
      type: 0,
      scalar: "W",
    });
    const d = r.report.flatMap((x) => x.diagnostics);
    expect(d.map((x) => x.code)).toEqual(["VTK012"]);
    expect(d[0]!.message).toContain(
      "no point or cell array 'W' in any frame (arrays: 'T'(1); cell arrays: 'S'(6), 'S_Mises'(1))",
    );
  });

  it("agr from writes the averaged values and says so on its one line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-cellscalar-"));
    writeFileSync(join(dir, "q.vtu"), twoQuads([], [S, S_MISES]));
    const o = join(dir, "out.agr");
    const r = await cli(["agr", "from", join(dir, "q.vtu"), "--type", "0", "-o", o]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      `${o}: arrays: scalar 'S_Mises' (the only one-component array; a cell array: each node takes the mean of the cells that use it)`,
    );
    const m = readAgr(new Uint8Array(readFileSync(o))).model!;
    expect(Array.from(m.scalarValues[0]!)).toEqual([100, 150, 200, 100, 150, 200]);
  });
});

describe("the studio's #/mesh of cell data and line cells (loadMeshFile)", () => {
  const open = (name: string, text: string) =>
    loadMeshFile(
      name,
      new TextEncoder().encode(text),
      async () => ({ status: "missing" }),
      FORMATS,
    );

  // decision 184
  it("offers cell arrays like point arrays, each with its values per cell", async () => {
    const m = await open("q.vtu", twoQuads([T_POINTS], [S, T_CELLS]));
    const model = m.model!;
    expect(model.scalars.map((p) => p.name)).toEqual(["T", "S_mises", "cell_T"]);
    expect(model.cellValues?.[0]).toBeUndefined();
    expect(Array.from(model.cellValues![2]!)).toEqual([-10, -20]);
    expect(model.cellValues![1]!.length).toBe(2);
    expect(Array.from(model.scalarValues[2]!)).toEqual([-10, -15, -20, -10, -15, -20]);
  });

  it("a cell-only stress result is coloured by its cell array (type 0 takes it)", async () => {
    const m = await open("q.vtu", twoQuads([], [S, S_MISES]));
    expect(m.vtk).toMatchObject({ type: 0, scalar: "S_Mises" });
    expect(Array.from(m.model!.cellValues![0]!)).toEqual([100, 200]);
    expect(codes(m.report)).toEqual(["VTK014"]);
  });

  // decision 183
  it("a beam of line cells opens with its segments and vertices, no VTK026 or VTK020", async () => {
    const beam = vtu(
      [0, 1, 2, 3].map((x) => [x, 0, 0]),
      [
        [3, 0, 1],
        [4, 1, 2, 3],
        [1, 3],
      ],
      [{ name: "DISPLACEMENT", comps: "3", values: [0, 0, 0, 0, 0.1, 0, 0, 0.2, 0, 0, 0.3, 0] }],
    );
    const m = await open("beam.vtu", beam);
    expect(codes(m.report)).toEqual(["VTK014"]);
    expect(m.model!.cellTypes.length).toBe(0);
    expect(Array.from(m.model!.lines!)).toEqual([0, 1, 1, 2, 2, 3]);
    expect(Array.from(m.model!.vertices!)).toEqual([3]);
  });
});
