/**
 * The FEniCSx fixtures read by Deforma against meshio's XDMF reader and h5py
 * (test/fixtures/xdmf/reference.py): points, cells, times, and every
 * function's count, components and range at every time. Skipped when
 * python3-meshio or python3-h5py is absent; required in CI.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, range, readFixture } from "./xdmf-helpers.js";

const HAS_REFERENCE =
  spawnSync("/usr/bin/python3", ["-c", "import meshio, h5py"], { stdio: "ignore" }).status === 0;
const REQUIRED = process.env.CI === "true";

if (REQUIRED && !HAS_REFERENCE) {
  throw new Error("CI=true but /usr/bin/python3 cannot import meshio and h5py");
}

interface Reference {
  points: number;
  cells: number;
  pointRange: [number, number];
  steps: { time: number; arrays: Record<string, [number, number, number, number]> }[];
}

describe.skipIf(!HAS_REFERENCE && !REQUIRED)("XDMF fixtures against meshio and h5py", () => {
  const files = ["heat_p1.xdmf", "plate_p2.xdmf"];
  const run = spawnSync(
    "/usr/bin/python3",
    [join(FIXTURES, "reference.py"), ...files.map((f) => join(FIXTURES, f))],
    { encoding: "utf8" },
  );
  for (const name of files) {
    it(name, async () => {
      expect(run.status, run.stderr).toBe(0);
      const ref = (JSON.parse(run.stdout) as Record<string, Reference>)[name]!;
      const r = await readFixture(name);
      expect(r.frames.map((f) => f.time)).toEqual(ref.steps.map((s) => s.time));
      for (const [k, step] of ref.steps.entries()) {
        const f = r.frames[k]!;
        expect([f.pointCount, f.types.length]).toEqual([ref.points, ref.cells]);
        expect(range(f.points)).toEqual(ref.pointRange);
        const arrays = [...f.pointData, ...f.cellData];
        expect(arrays.map((a) => a.name).sort()).toEqual(Object.keys(step.arrays).sort());
        for (const a of arrays) {
          const [components, lo, hi, count] = step.arrays[a.name]!;
          expect([a.components, a.values.length / a.components], a.name).toEqual([
            components,
            count,
          ]);
          expect(range(a.values), a.name).toEqual([lo, hi]);
        }
      }
    });
  }
});
