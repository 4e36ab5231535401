/**
 * A series' repeated arrays are decoded once (src/mixed/vtk/read-memo.ts):
 * the points and cells every file of a `.pvd` repeats are shared between
 * its frames, the values are those of a file-by-file read, and an array
 * that only starts like the last one is never taken for it.
 */
import { describe, expect, it } from "vitest";
import type { FileReader } from "../../../src/core/file-source.js";
import { VTK } from "../../../src/mixed/vtk/codes.js";
import { readVtkSeries } from "../../../src/mixed/vtk/read.js";
import { writePvd, writeVtu } from "../../../src/mixed/vtk/write-xml.js";
import { cubeSeries } from "./vtu-text.js";

const bytes = (text: string) => new TextEncoder().encode(text);

/** A reader over `files` (name → text). */
function readerOf(files: Record<string, string>): FileReader {
  return async (name) => {
    const text = files[name];
    return text === undefined ? { status: "missing" } : { status: "ok", bytes: bytes(text) };
  };
}

/** A binary `.vtu` (base64 inline, as VTK's `binary` format) of two hexahedra, bent by `k`. */
function binaryFrame(k: number, types = [12, 12]): string {
  const points = new Float32Array(12 * 3);
  for (let p = 0; p < 12; p++) points.set([p % 2, Math.floor(p / 2) % 2, Math.floor(p / 4)], p * 3);
  const displacement = new Float32Array(12 * 3).map((_, i) => (i % 3 === 2 ? k * 0.1 * i : 0));
  return writeVtu({
    points,
    connectivity: new Int32Array([0, 1, 3, 2, 4, 5, 7, 6, 4, 5, 7, 6, 8, 9, 11, 10]),
    offsets: new Int32Array([8, 16]),
    types: new Uint8Array(types),
    pointData: [{ name: "displacement", components: 3, values: displacement }],
    time: k,
  });
}

describe("a series' repeated arrays", () => {
  // decision 222
  it("are decoded once and shared by the frames, with a file-by-file read's values", async () => {
    const files: Record<string, string> = {};
    const entries = [0, 1, 2, 3, 4].map((k) => ({ time: k, file: `beam_${k}.vtu` }));
    for (const [k, e] of entries.entries()) files[e.file] = binaryFrame(k);
    const pvd = writePvd(entries);
    const r = await readVtkSeries([{ name: "beam.pvd", bytes: bytes(pvd) }], {
      read: readerOf(files),
    });
    expect(r.report).toEqual([]);
    const [first, ...rest] = r.frames;
    for (const f of rest) {
      expect(f.points).toBe(first!.points);
      expect(f.connectivity).toBe(first!.connectivity);
      expect(f.types).toBe(first!.types);
    }
    // Each file read alone (no index, so nothing shared) gives the same numbers.
    const alone = await Promise.all(
      entries.map((e) => readVtkSeries([{ name: e.file, bytes: bytes(files[e.file]!) }])),
    );
    const numbers = (f: (typeof r.frames)[number]) => [
      [...f.points],
      [...f.connectivity],
      [...f.types],
      [...f.pointData[0]!.values],
    ];
    expect(r.frames.map(numbers)).toEqual(alone.map((a) => numbers(a.frames[0]!)));
    // The displacement differs between frames: not shared.
    expect(r.frames[1]!.pointData[0]!.values).not.toBe(r.frames[2]!.pointData[0]!.values);
  });

  it("still sees a frame whose cells differ", async () => {
    const files: Record<string, string> = {};
    const entries = [0, 1, 2].map((k) => ({ time: k, file: `m_${k}.vtu` }));
    files["m_0.vtu"] = binaryFrame(0);
    files["m_1.vtu"] = binaryFrame(1);
    // A voxel (VTK 11, its corners in another order) over the same ids: other cells.
    files["m_2.vtu"] = binaryFrame(2, [12, 11]);
    const r = await readVtkSeries([{ name: "m.pvd", bytes: bytes(writePvd(entries)) }], {
      read: readerOf(files),
    });
    expect(r.frames[2]!.connectivity).not.toBe(r.frames[0]!.connectivity);
    expect([...r.frames[2]!.connectivity]).not.toEqual([...r.frames[0]!.connectivity]);
    expect(r.frames[1]!.connectivity).toBe(r.frames[0]!.connectivity);
  });

  it("never takes an ascii array that only starts like the last one for it", async () => {
    const files = cubeSeries("c", [0, 1], ["T"]);
    // The second file's T: the first file's numbers and one more (9 values for 8 points).
    const first = files["c_0.vtu"]!;
    const t0 = /Name="T" format="ascii">([^<]*)</.exec(first)![1]!;
    files["c_1.vtu"] = first.replace(`>${t0}<`, `>${t0} 999<`);
    const r = await readVtkSeries([{ name: "c.pvd", bytes: bytes(files["c.pvd"]!) }], {
      read: readerOf(files),
    });
    const codes = r.report.flatMap((f) => f.diagnostics.map((d) => `${f.file} ${d.code}`));
    expect(codes).toContain(`c_1.vtu ${VTK.arrayLength.code}`);
    expect(r.frames[1]!.pointData.map((a) => a.name)).not.toContain("T");
  });

  it("shares the ascii arrays a series repeats", async () => {
    const files = cubeSeries("d", [0, 1, 2], ["T"]);
    const r = await readVtkSeries([{ name: "d.pvd", bytes: bytes(files["d.pvd"]!) }], {
      read: readerOf(files),
    });
    expect(r.report).toEqual([]);
    expect(r.frames[2]!.points).toBe(r.frames[0]!.points);
    expect(r.frames[2]!.pointData[0]!.values).not.toBe(r.frames[0]!.pointData[0]!.values);
  });
});
