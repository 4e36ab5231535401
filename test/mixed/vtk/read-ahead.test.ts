/**
 * The read-ahead of a series (src/mixed/vtk/read-ahead.ts): the files an
 * index names are asked for together, before the first is parsed, so a
 * reader that batches (the studio's `POST /api/read`) answers them in one
 * request; the frames are the same as when each file is read alone.
 */
import { describe, expect, it } from "vitest";
import type { FileReader } from "../../../src/core/file-source.js";
import { readVtkSeries } from "../../../src/mixed/vtk/read.js";
import { READ_AHEAD } from "../../../src/mixed/vtk/read-ahead.js";
import { cubeSeries } from "./vtu-text.js";

/** A reader over `files` that records each ask and how many reads had been answered by then. */
function recordingReader(files: Record<string, string>) {
  const asks: { name: string; answered: number }[] = [];
  let answered = 0;
  const read: FileReader = async (name) => {
    asks.push({ name, answered });
    await new Promise((r) => setTimeout(r, 1));
    answered++;
    const text = files[name];
    return text === undefined
      ? { status: "missing" }
      : { status: "ok", bytes: new TextEncoder().encode(text) };
  };
  return { asks, read };
}

const encode = (name: string, text: string) => ({
  name,
  bytes: new TextEncoder().encode(text),
});

describe("reading a series ahead", () => {
  // decision 213
  it("asks for the files of a .pvd together, before the first is answered", async () => {
    const times = Array.from({ length: 10 }, (_, k) => k * 0.1);
    const files = cubeSeries("run/beam", times, ["displacement", "T"]);
    const { asks, read } = recordingReader(files);
    const r = await readVtkSeries([encode("run/beam.pvd", files["run/beam.pvd"]!)], { read });
    expect(r.report).toEqual([]);
    expect(r.frames.map((f) => f.time)).toEqual(times);
    expect(asks.map((a) => a.name)).toEqual(times.map((_, k) => `run/beam_${k}.vtu`));
    // Every file was asked for before any answer came back (a batching reader sends them in one request).
    expect(asks.every((a) => a.answered === 0)).toBe(true);
  });

  // decision 213
  it("asks in groups within the window, and gives the frames a file-by-file read gives", async () => {
    const n = READ_AHEAD.first * 3;
    const times = Array.from({ length: n }, (_, k) => k);
    const files = cubeSeries("s", times, ["T"]);
    const { asks, read } = recordingReader(files);
    const ahead = await readVtkSeries([encode("s.pvd", files["s.pvd"]!)], { read });
    const alone = await readVtkSeries(
      times.map((_, k) => encode(`s_${k}.vtu`, files[`s_${k}.vtu`]!)),
    );
    expect(ahead.frames.map((f) => [...f.points, ...f.pointData[0]!.values])).toEqual(
      alone.frames.map((f) => [...f.points, ...f.pointData[0]!.values]),
    );
    expect(asks).toHaveLength(n);
    // The first group is asked at once; never more than the window is waiting.
    expect(asks.slice(0, READ_AHEAD.first).every((a) => a.answered === 0)).toBe(true);
    expect(asks.every((a, i) => i - a.answered <= READ_AHEAD.most)).toBe(true);
  });

  // decision 223
  it("asks for the rest of the window as soon as the first file has arrived", async () => {
    // A 300-file series of small files (as the bench's): one group, then all the rest.
    const n = 300;
    const files = cubeSeries(
      "w",
      Array.from({ length: n }, (_, k) => k),
      ["T"],
    );
    const { asks, read } = recordingReader(files);
    const r = await readVtkSeries([encode("w.pvd", files["w.pvd"]!)], { read });
    expect(r.frames).toHaveLength(n);
    // The small files fit the byte window: all asked once one answer gave their size.
    expect(asks.slice(READ_AHEAD.first).every((a) => a.answered === 1)).toBe(true);
  });

  it("asks for a .series' files together too, and a missing one is still reported", async () => {
    const files = cubeSeries("r", [0, 1, 2], ["T"]);
    const series = JSON.stringify({
      files: [0, 1, 2, 3].map((k) => ({ name: `r_${k}.vtu`, time: k })),
    });
    const { asks, read } = recordingReader(files);
    const r = await readVtkSeries([encode("r.vtu.series", series)], { read });
    expect(r.frames).toHaveLength(3);
    expect(asks.every((a) => a.answered === 0)).toBe(true);
    expect(r.report.flatMap((f) => f.diagnostics.map((d) => d.message)).join()).toMatch(/r_3\.vtu/);
  });
});
