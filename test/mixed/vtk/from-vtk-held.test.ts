/**
 * `agr from-vtk` on a series whose frames do not all have the same arrays
 * (CalculiX heat-then-static runs): a frame that lacks an array is read, its
 * values held, with one warning naming that frame; the errors point at the
 * frame that has the problem and list the arrays of the whole series.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readAgr } from "../../../src/mixed/agr/index.js";
import { cli, corpusFile } from "../../helpers.js";
import { type Arr, CUBE, pvd, vtu } from "./vtu-text.js";

const HEX = [[12, 0, 1, 2, 3, 4, 5, 6, 7]];
const T = (k: number): Arr => ({ name: "T", values: CUBE.map((p) => 300 + 10 * k + p[0]!) });
const U = (k: number): Arr => ({
  name: "Displacement",
  comps: "3",
  values: CUBE.flatMap((p) => [0, 0, (k + 1) * 0.1 * p[2]!]),
});
const V = (k: number): Arr => ({ name: "V", values: CUBE.map(() => k) });

/** A `.pvd` series `s_0.vtu` … of the unit cube in a fresh folder, frame k with `arrays[k]`; returns the .pvd's path. */
function series(arrays: readonly Arr[][]): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-vtk-held-"));
  const files = arrays.map((_, k) => `s_${k}.vtu`);
  for (const [k, a] of arrays.entries()) writeFileSync(join(dir, files[k]!), vtu(CUBE, HEX, a));
  writeFileSync(
    join(dir, "s.pvd"),
    pvd(
      files,
      arrays.map((_, k) => k),
    ),
  );
  return join(dir, "s.pvd");
}

/** `agr from-vtk` of `input` with `args`: exit code, the findings as `CODE file` and stderr, the model. */
async function convert(input: string, ...args: string[]) {
  const out = join(input, "..", "out.agr");
  const r = await cli(["agr", "from-vtk", input, ...args, "-o", out, "--force"]);
  const found = r.err.split("\n").flatMap((l) => {
    const m = /([^/\s]+):\d+:\d+: \w+ (VTK\d+)/.exec(l);
    return m ? [`${m[2]} ${m[1]}`] : [];
  });
  const model = existsSync(out) ? readAgr(readFileSync(out)).model : undefined;
  return { code: r.code, found, err: r.err, model };
}

const N = CUBE.length;
const frame = (v: Float32Array, k: number) => [...v.subarray(k * N, (k + 1) * N)];

describe("agr from-vtk: a frame that lacks an array", () => {
  // decision 171
  it("holds a scalar from the previous frame, with one warning naming the first frame without it", async () => {
    const pvdPath = series([[T(0)], [V(1)], [T(2)]]);
    const r = await convert(pvdPath, "--type", "0", "--scalar", "T");
    expect(r.code).toBe(0);
    expect(r.found).toEqual(["VTK027 s_1.vtu"]);
    expect(r.err).toContain("array 'T' is missing from 1 frame, first frame 1");
    const v = r.model!.scalarValues[0]!;
    expect(frame(v, 1)).toEqual(frame(v, 0));
    expect(frame(v, 2)).toEqual(T(2).values.map(Math.fround));
    // One warning for the array however many frames lack it; frames before the first that has it take its values.
    const late = await convert(series([[V(0)], [V(1)], [T(2)]]), "--type", "0", "--scalar", "T");
    expect(late.code).toBe(0);
    expect(late.found).toEqual(["VTK027 s_0.vtu"]);
    expect(late.err).toContain("missing from 2 frames, first frame 0");
    expect(frame(late.model!.scalarValues[0]!, 0)).toEqual(T(2).values.map(Math.fround));
  });

  // decision 172
  it("holds the displacement from the previous frame, 0 before the first that has it", async () => {
    const r = await convert(series([[T(0)], [U(1), T(1)], [T(2)]]), "--type", "1");
    expect(r.code).toBe(0);
    expect(r.found).toEqual(["VTK027 s_0.vtu"]);
    expect(r.err).toContain("array 'Displacement' is missing from 2 frames, first frame 0");
    const m = r.model!;
    const d = m.scalarValues[0]!;
    expect(frame(d, 0).every((x) => x === 0)).toBe(true);
    expect(Math.max(...frame(d, 1))).toBeCloseTo(0.2, 6);
    expect(frame(d, 2)).toEqual(frame(d, 1));
    const z = (k: number) => m.vectorValues[0]![k * 3 * N + 3 * 6 + 2]!; // node 6 at z = 1
    expect([z(0), z(1), z(2)].map((x) => +x.toFixed(6))).toEqual([1, 1.2, 1.2]);
  });

  // decision 173
  it("points VTK012 at the frame whose array does not fit, listing the arrays of every frame", async () => {
    const bad = { name: "Displacement", values: CUBE.map(() => 0) };
    const r = await convert(series([[U(0)], [U(1), V(1)], [bad]]), "--type", "1");
    expect(r.code).toBe(1);
    expect(r.found).toEqual(["VTK012 s_2.vtu"]);
    expect(r.err).toContain("no 3-component point array 'Displacement' in frame 2");
    const none = await convert(series([[T(0)], [V(1)], [T(2)]]), "--type", "0", "--scalar", "W");
    expect(none.code).toBe(1);
    expect(none.found).toEqual(["VTK012 s_0.vtu"]);
    expect(none.err).toContain("no point or cell array 'W' in any frame (arrays: 'T'(1), 'V'(1))");
    const wrong = await convert(
      series([[T(0)], [V(1)], [U(2)]]),
      "--type",
      "0",
      "--scalar",
      "Displacement",
    );
    expect(wrong.found).toEqual(["VTK012 s_2.vtu"]);
    expect(wrong.err).toContain("scalar 'Displacement', frame 2: 'Displacement' has 3 components");
  });

  // decision 175
  it("type 0 chooses its scalar among the arrays of every frame", async () => {
    const r = await convert(series([[V(0)], [T(1), V(1)], [T(2), V(2)]]), "--type", "0");
    expect(r.code).toBe(0);
    expect(r.found).toEqual(["VTK027 s_0.vtu"]);
    expect(r.model!.scalars.map((p) => p.name)).toEqual(["T"]);
    expect(frame(r.model!.scalarValues[0]!, 0)).toEqual(T(1).values.map(Math.fround));
  });

  const CORPUS = corpusFile("solver-output/calculix/thermomech.pvd");
  it.skipIf(CORPUS === undefined)(
    "reads CalculiX's heat-then-static run (when the corpus is present)",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "deforma-vtk-held-"));
      const out = join(dir, "t.agr");
      const r = await cli(["agr", "from-vtk", CORPUS!, "--type", "1", "-o", out]);
      expect(r.code).toBe(0);
      const report = r.err.split("\n").filter((l) => /VTK\d+/.test(l));
      // CalculiX names its displacement U, taken with the warning that names it (decision 176).
      expect(report).toHaveLength(2);
      expect(report.find((l) => l.includes("VTK027"))).toMatch(
        /thermomech\.2\.vtu:\d+:\d+: warning VTK027/,
      );
      expect(report.find((l) => l.includes("VTK030"))).toMatch(/warning VTK030: 'U' is taken/);
    },
  );
});
