/**
 * Numbered series without an index: files that differ only in their number
 * are one series in the order of their numbers (not the shell's
 * lexicographic order), timed by their numbers or by their TimeValue; a
 * folder's one series is chosen, several are refused.
 */
import { describe, expect, it } from "vitest";
import { FORMATS } from "../../src/formats.js";
import {
  folderSeries,
  numberedSets,
  patternMembers,
  readSolverSeries,
} from "../../src/mixed/index.js";
import { vtu } from "./vtk/vtu-text.js";

const enc = new TextEncoder();

/** A triangle whose `T` is `value` everywhere, with a TimeValue field when `time` is given. */
function frame(value: number, time?: number): Uint8Array {
  const text = vtu(
    [
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [[5, 0, 1, 2]],
    [{ name: "T", values: [value, value, value] }],
  );
  const field =
    time === undefined
      ? ""
      : `<FieldData><DataArray type="Float64" Name="TimeValue" NumberOfTuples="1" format="ascii">${time}</DataArray></FieldData>\n`;
  return enc.encode(text.replace("<UnstructuredGrid>\n", `<UnstructuredGrid>\n${field}`));
}

/** A shell glob's order: lexicographic. */
const GLOB = ["run/a_0.vtu", "run/a_100.vtu", "run/a_1000.vtu", "run/a_200.vtu"];
const number = (name: string) => Number(/_(\d+)\./.exec(name)![1]);

const codes = (report: readonly { diagnostics: readonly { code: string }[] }[]) =>
  report.flatMap((r) => r.diagnostics.map((d) => d.code));

describe("a numbered set given without an index", () => {
  // decision 186
  it("is read in the order of its numbers, not the glob's, timed by the numbers (VTK040)", async () => {
    const s = await readSolverSeries(
      GLOB.map((name) => ({ name, bytes: frame(number(name)) })),
      FORMATS,
    );
    expect(s.frames.map((f) => f.file)).toEqual([
      "run/a_0.vtu",
      "run/a_100.vtu",
      "run/a_200.vtu",
      "run/a_1000.vtu",
    ]);
    expect(s.frames.map((f) => f.time)).toEqual([0, 100, 200, 1000]);
    expect(s.frames.map((f) => f.pointData[0]!.values[0])).toEqual([0, 100, 200, 1000]);
    expect(codes(s.report)).toEqual(["VTK040"]);
    expect(s.report[0]!.diagnostics[0]!.message).toContain("'run/a_#.vtu'");
    expect(s.report[0]!.diagnostics[0]!.severity).toBe("info");
  });

  // decision 185
  it("takes the files' TimeValue when every file has one (VTK041)", async () => {
    const s = await readSolverSeries(
      GLOB.map((name) => ({ name, bytes: frame(number(name), number(name) / 1000) })),
      FORMATS,
    );
    expect(s.frames.map((f) => f.time)).toEqual([0, 0.1, 0.2, 1]);
    expect(codes(s.report)).toEqual(["VTK041"]);
  });

  // decision 185
  it("times all frames by their numbers when only some files have a TimeValue (VTK043)", async () => {
    const s = await readSolverSeries(
      GLOB.map((name, k) => ({ name, bytes: frame(number(name), k === 0 ? 5 : undefined) })),
      FORMATS,
    );
    expect(s.frames.map((f) => f.time)).toEqual([0, 100, 200, 1000]);
    expect(codes(s.report)).toEqual(["VTK040", "VTK043"]);
  });

  it("keeps the order given for files that are not one numbered set", async () => {
    const names = ["b_2.vtu", "b_10.vtu", "c_1.vtu"];
    const s = await readSolverSeries(
      names.map((name) => ({ name, bytes: frame(1) })),
      FORMATS,
    );
    expect(s.frames.map((f) => f.file)).toEqual(names);
    expect(codes(s.report)).toEqual([]);
  });
});

describe("numbered sets and patterns", () => {
  it("groups names alike but for their number, each set in number order", () => {
    const sets = numberedSets(["x/f_10.vtk", "x/f_9.vtk", "x/g.vtk", "x/h_1.vtu", "x/h_2.vtu"]);
    expect(sets).toEqual([
      {
        pattern: "x/f_#.vtk",
        members: [
          { path: "x/f_9.vtk", number: 9 },
          { path: "x/f_10.vtk", number: 10 },
        ],
      },
      {
        pattern: "x/h_#.vtu",
        members: [
          { path: "x/h_1.vtu", number: 1 },
          { path: "x/h_2.vtu", number: 2 },
        ],
      },
    ]);
  });

  it("a tree's pattern names its members whatever the digits' count", () => {
    const paths = ["d/p_1000.vtk", "d/p_0.vtk", "d/p_200.vtk", "d/q_1.vtk", "e/p_1.vtk"];
    expect(patternMembers("d/p_#.vtk", paths).map((m) => m.path)).toEqual([
      "d/p_0.vtk",
      "d/p_200.vtk",
      "d/p_1000.vtk",
    ]);
    expect(patternMembers("d/p_####.vtk", paths)).toHaveLength(3);
  });
});

describe("the series of a folder (agr from DIR)", () => {
  // decision 187
  it("is its one numbered set, in number order, or its one index", () => {
    const set = folderSeries("run", [...GLOB, "run/notes.txt"], FORMATS);
    expect(set).toEqual({
      files: ["run/a_0.vtu", "run/a_100.vtu", "run/a_200.vtu", "run/a_1000.vtu"],
      pattern: "run/a_#.vtu",
    });
    expect(folderSeries("run", [...GLOB, "run/a.pvd"], FORMATS)).toEqual({ files: ["run/a.pvd"] });
    expect(folderSeries("run", ["run/one.vtu"], FORMATS)).toEqual({ files: ["run/one.vtu"] });
  });

  // decision 187
  it("refuses several series, listing them (VTK042), and a folder without one (VTK044)", () => {
    const two = folderSeries("run", [...GLOB, "run/b_1.vtk", "run/b_2.vtk"], FORMATS);
    expect("report" in two && two.report.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "VTK042",
        "the folder holds 2 series: run/a_#.vtu (4 files), run/b_#.vtk (2 files); give the one to read",
      ],
    ]);
    const indexes = folderSeries("run", ["run/a.pvd", "run/b.series"], FORMATS);
    expect("report" in indexes && indexes.report.diagnostics[0]!.code).toBe("VTK042");
    const none = folderSeries("run", ["run/a.vtu", "run/b.vtu", "run/x.txt"], FORMATS);
    expect("report" in none && none.report.diagnostics[0]!.code).toBe("VTK044");
  });
});
