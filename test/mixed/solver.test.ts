import { describe, expect, it } from "vitest";
import { FORMATS } from "../../src/formats.js";
import { readSolverSeries } from "../../src/mixed/index.js";
import { vtu } from "./vtk/vtu-text.js";

const enc = new TextEncoder();
const tri = vtu(
  [
    [0, 0, 0],
    [1, 0, 0],
    [0, 1, 0],
  ],
  [[5, 0, 1, 2]],
  [{ name: "T", values: [1, 2, 3] }],
);

describe("readSolverSeries: one entry for every solver format", () => {
  it("reads VTK files as the VTK reader does, in the order given", async () => {
    const s = await readSolverSeries(
      [
        { name: "a.vtu", bytes: enc.encode(tri) },
        { name: "b.vtu", bytes: enc.encode(tri) },
      ],
      FORMATS,
    );
    expect(s.frames.map((f) => f.file)).toEqual(["a.vtu", "b.vtu"]);
    expect(s.report).toEqual([]);
  });

  it("refuses a file of ours that holds no solver results, naming it (FMT006)", async () => {
    const s = await readSolverSeries(
      [{ name: "x.amx", bytes: enc.encode("<?xml version='1.0'?><AMX/>") }],
      FORMATS,
    );
    expect(s.frames).toEqual([]);
    expect(s.report[0]?.file).toBe("x.amx");
    expect(s.report[0]?.diagnostics[0]?.code).toBe("FMT006");
  });
});
