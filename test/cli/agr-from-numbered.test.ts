/**
 * `agr from` on a numbered series without an index: a shell glob's
 * lexicographic order (`a_0 a_100 a_1000 a_200`) and a folder both give the
 * frames in the order of their numbers, timed by them; a folder of several
 * series is refused with them listed.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readAgr } from "../../src/mixed/agr/index.js";
import { cli, corpusFile } from "../helpers.js";
import { vtu } from "../mixed/vtk/vtu-text.js";

const NUMBERS = [0, 100, 1000, 200];
/** foamToVTK's pitzDaily, 5 of 21 numbered BINARY legacy files, no index (the corpus, when present). */
const PITZ = corpusFile("solver-output/openfoam-pitz");

/** A triangle with `T` = `value` everywhere. */
function frame(value: number): string {
  return vtu(
    [
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [[5, 0, 1, 2]],
    [{ name: "T", values: [value, value, value] }],
  );
}

/** A temporary project with `run/a_<n>.vtu` for each number (T = n), plus `extra` files. */
function project(extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-numbered-"));
  mkdirSync(join(dir, "run"));
  for (const n of NUMBERS) writeFileSync(join(dir, "run", `a_${n}.vtu`), frame(n));
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
  return dir;
}

/** The times and first T value of each frame of the written `.agr`. */
function frames(file: string): { times: number[]; values: number[] } {
  const m = readAgr(new Uint8Array(readFileSync(file))).model!;
  const values = Array.from(m.times, (_, f) => Number(m.scalarValues[0]![f * m.nodeCount]));
  return { times: [...m.times], values };
}

describe("agr from a numbered series without an index", () => {
  // decision 186
  it("reads a shell glob's files in the order of their numbers, timed by them, and says so", async () => {
    const dir = project();
    const glob = NUMBERS.map((n) => `run/a_${n}.vtu`).sort();
    expect(glob).toEqual(["run/a_0.vtu", "run/a_100.vtu", "run/a_1000.vtu", "run/a_200.vtu"]);
    const r = await cli(["agr", "from", ...glob, "--type", "0", "-o", "out.agr"], dir);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain("info VTK040");
    expect(r.err).toContain("'run/a_#.vtu'");
    expect(frames(join(dir, "out.agr"))).toEqual({
      times: [0, 100, 200, 1000],
      values: [0, 100, 200, 1000],
    });
  });

  // decision 187
  it("reads a folder's one numbered set in the order of its numbers", async () => {
    const dir = project();
    const r = await cli(["agr", "from", "run", "--type", "0", "-o", "out.agr"], dir);
    expect(r.code, r.err).toBe(0);
    expect(frames(join(dir, "out.agr")).times).toEqual([0, 100, 200, 1000]);
  });

  // decision 187
  it("refuses a folder of several series, listing them, and a folder among other inputs", async () => {
    const dir = project();
    writeFileSync(join(dir, "run", "b_1.vtu"), frame(1));
    writeFileSync(join(dir, "run", "b_2.vtu"), frame(2));
    const r = await cli(["agr", "from", "run/", "--type", "0", "-o", "out.agr"], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain("error VTK042");
    expect(r.err).toContain("run/a_#.vtu (4 files), run/b_#.vtu (2 files)");
    const mixed = await cli(
      ["agr", "from", "run", "run/a_0.vtu", "--type", "0", "-o", "o.agr"],
      dir,
    );
    expect(mixed.code).toBe(2);
    expect(mixed.err).toContain("a folder is read alone");
  });

  // decision 187: counts as VTK 9.1's vtkGenericDataObjectReader reads them (14421 points, 12000 cells, no TimeValue)
  it.skipIf(!PITZ)(
    "reads foamToVTK's pitzDaily folder as one series timed by its numbers",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "deforma-pitz-"));
      const out = join(dir, "pitz.agr");
      const r = await cli(["agr", "from", PITZ!, "--type", "0", "--scalar", "p", "-o", out], dir);
      expect(r.code, r.err).toBe(0);
      expect(r.err).toContain("info VTK040: 5 files");
      const m = readAgr(new Uint8Array(readFileSync(out))).model!;
      expect([m.nodeCount, m.cellTypes.length]).toEqual([14421, 12000]);
      expect([...m.times]).toEqual([0, 100, 200, 1000, 1100]);
    },
  );
});
