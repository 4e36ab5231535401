/**
 * A second reader of the files an index names (decision 400): the files it
 * takes come from it (read there in one session, as readNamedFrames reads
 * them), the others are read here; the mesh, the findings and the budget's
 * findings are those of one reader alone.
 */
import { describe, expect, it } from "vitest";
import type { FileReader, SecondModel, SecondReader } from "../../../src/core/file-source.js";
import { FORMATS } from "../../../src/formats.js";
import {
  loadMeshFile,
  readNamedFrames,
  readVtkSeries,
  VTK_FORMAT_BUDGET,
  type VtkReadOptions,
} from "../../../src/mixed/index.js";
import { cubeSeries } from "./vtu-text.js";

const TIMES = Array.from({ length: 12 }, (_, k) => k * 0.25);
const SERIES = cubeSeries("runs/beam", TIMES, ["displacement", "T"]);
// One member in the second half is cut short: its findings are the first reader's.
SERIES["runs/beam_9.vtu"] = SERIES["runs/beam_9.vtu"]!.slice(0, 700);
const enc = (name: string) => new TextEncoder().encode(SERIES[name]!);
const reader: FileReader = async (name) =>
  SERIES[name] === undefined ? { status: "missing" } : { status: "ok", bytes: enc(name) };

/**
 * A second reader in this thread, reading with `options` (the first reader's
 * budget): the second half of an index's files, read by readNamedFrames.
 */
function halfReader(options: VtkReadOptions) {
  const log = { offered: [] as string[][], given: 0, declined: 0 };
  let got: Map<string, SecondModel> | undefined;
  let reading: Promise<void> | undefined;
  const second: SecondReader = {
    take(names, from) {
      log.offered.push([...names]);
      if (reading) return [];
      const cut = Math.ceil(names.length / 2);
      const mine = names.slice(cut);
      const read = readNamedFrames(mine, from, { ...options, read: reader }, names[cut - 1]);
      reading = read.then((frames) => {
        got = new Map();
        for (const [i, f] of frames.entries()) {
          const bytes = enc(mine[i]!).length;
          if (f.frame) got.set(mine[i]!, { model: f.frame, bytes, charged: f.charged });
        }
      });
      return mine;
    },
    async model(name) {
      await reading;
      const m = got?.get(name);
      if (m) log.given++;
      else log.declined++;
      return m;
    },
  };
  return { second, log };
}

describe("a second reader of a series (decision 400)", () => {
  // decision 400
  it("gives the mesh and the findings one reader gives; a file with findings is read here", async () => {
    const alone = await loadMeshFile("runs/beam.pvd", enc("runs/beam.pvd"), reader, FORMATS);
    const { second, log } = halfReader(VTK_FORMAT_BUDGET);
    const two = await loadMeshFile("runs/beam.pvd", enc("runs/beam.pvd"), reader, FORMATS, second);
    expect(log.offered).toEqual([TIMES.map((_, k) => `runs/beam_${k}.vtu`)]);
    // Six files taken: five clean ones came from it, the cut one was read here.
    expect(log.given).toBe(5);
    expect(log.declined).toBe(1);
    expect(alone.report.some((r) => r.file === "runs/beam_9.vtu")).toBe(true);
    expect(two.report).toEqual(alone.report);
    expect(two.vtk).toEqual(alone.vtk);
    expect(two.model).toEqual(alone.model);
  });

  // decision 400
  it("charges its frames to the read's budget: past it, the same finding and frames as one reader", async () => {
    const pvd = { name: "runs/beam.pvd", bytes: enc("runs/beam.pvd") };
    const over: number[] = [];
    for (const budgetBytes of [2000, 2600, 3000, 2 ** 30]) {
      const alone = await readVtkSeries([pvd], { read: reader, budgetBytes });
      const found = alone.report.flatMap((r) => r.diagnostics.filter((d) => d.code === "VTK019"));
      over.push(found.length);
      const { second } = halfReader({ budgetBytes });
      const two = await readVtkSeries([pvd], { read: reader, budgetBytes, second });
      expect(two.frames.length).toBe(alone.frames.length);
      expect(two.frames.map((f) => f.time)).toEqual(alone.frames.map((f) => f.time));
      expect(two.report.map((r) => [r.file, r.diagnostics])).toEqual(
        alone.report.map((r) => [r.file, r.diagnostics]),
      );
    }
    // The small budgets are passed (in the second half too), the large one is not.
    expect(over[0]).toBeGreaterThan(2);
    expect(over[3]).toBe(0);
  });

  it("reads files it was not given alone: a frame with a finding is not handed on", async () => {
    const names = ["runs/beam_8.vtu", "runs/beam_9.vtu", "runs/beam_10.vtu"];
    const frames = await readNamedFrames(names, "runs/beam.pvd", { read: reader });
    expect(frames.map((f) => f.frame !== undefined)).toEqual([true, false, true]);
    expect(frames[0]!.frame!.points).toBeInstanceOf(Float64Array);
    // The first file decodes its points and cells; the next shares them and pays for its own arrays only.
    expect(frames[0]!.charged).toBeGreaterThan(frames[2]!.charged);
  });
});
