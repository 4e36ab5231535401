import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ByteSource,
  bytesSource,
  type MeshAnimation,
  openAgrFrames,
  readAgr,
  readAllFrames,
  scalarAt,
  vectorAt,
  writeAgrBinary,
} from "../../src/mixed/agr/index.js";
import { agrArb } from "../arbitraries.js";
import { bytesOf, cli, demoPath } from "../helpers.js";

/** A stress-strain plate of `n` nodes (quads in a strip) and `frames` frames, values all different. */
function plate(n: number, frames: number): MeshAnimation {
  const quads = (n >> 1) - 1;
  const connectivity = new Uint32Array(4 * quads);
  for (let q = 0; q < quads; q++) connectivity.set([2 * q, 2 * q + 2, 2 * q + 3, 2 * q + 1], 4 * q);
  const positions = Float32Array.from({ length: 3 * n }, (_, i) => (i % 3 === 2 ? 0 : i * 1e-3));
  return {
    type: 1,
    nodeCount: n,
    positions,
    cellTypes: new Uint8Array(quads).fill(9),
    connectivity,
    scalars: [{ name: "displacement", unit: "m", varying: true }],
    vectors: [{ name: "coordinates", unit: "m", varying: true }],
    times: Float64Array.from({ length: frames }, (_, f) => f * 0.1),
    scalarValues: [Float32Array.from({ length: n * frames }, (_, i) => i * 1e-4)],
    vectorValues: [
      Float32Array.from({ length: 3 * n * frames }, (_, i) => positions[i % (3 * n)]! + i * 1e-6),
    ],
  };
}

/** Whether two float arrays hold the same bits (fast for large arrays, unlike deep equality). */
function sameBits(a: Float32Array, b: Float32Array): boolean {
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  return Buffer.compare(x, y) === 0;
}

/** A byte source that counts the bytes it hands out. */
function counted(bytes: Uint8Array): ByteSource & { served: number } {
  const inner = bytesSource(bytes);
  const s = {
    served: 0,
    length: inner.length,
    read(offset: number, length: number, into: Uint8Array) {
      const got = inner.read(offset, length, into);
      s.served += got;
      return got;
    },
  };
  return s;
}

describe("openAgrFrames: a binary .agr read frame by frame", () => {
  // decision 41
  it("gives every frame's values and, once every frame is read, the whole-file reader's findings", () => {
    const special = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 0);
    fc.assert(
      fc.property(agrArb, fc.array(fc.tuple(fc.nat(), special), { maxLength: 3 }), (m, edits) => {
        // Some values made non-finite, so that frames have findings too.
        const arrays = [...m.scalarValues, ...m.vectorValues].filter((a) => a.length > 0);
        for (const [k, v] of edits) {
          const a = arrays[k % Math.max(1, arrays.length)];
          if (a) a[k % a.length] = v;
        }
        const bin = writeAgrBinary(m);
        const whole = readAgr(bin);
        const r = openAgrFrames(bytesSource(bin), { budget: 64 });
        expect(r.model === undefined).toBe(whole.model === undefined);
        if (!r.model) return;
        for (let f = 0; f < m.times.length; f++) {
          for (let p = 0; p < m.scalars.length; p++) {
            expect(bytesOf(scalarAt(r.model, p, f))).toEqual(bytesOf(scalarAt(m, p, f)));
          }
          for (let p = 0; p < m.vectors.length; p++) {
            expect(bytesOf(vectorAt(r.model, p, f))).toEqual(bytesOf(vectorAt(m, p, f)));
          }
        }
        const key = (d: { code: string; message: string; start: number; end: number }) =>
          `${d.start}-${d.end} ${d.code} ${d.message}`;
        expect(r.diagnostics.map(key).sort()).toEqual(whole.diagnostics.map(key).sort());
        expect(r.frames!.peakHeld).toBeLessThanOrEqual(64);
      }),
      { numRuns: 150 },
    );
  });

  // decision 39
  it("never holds more than its budget: a 5 MB file through a 1 MB cache", () => {
    const m = plate(20_000, 16); // 16 frames × 320 kB = 5.1 MB of frame values
    const bin = writeAgrBinary(m);
    expect(bin.length).toBeGreaterThan(5_000_000);
    const source = counted(bin);
    const budget = 2 ** 20;
    const r = openAgrFrames(source, { budget });
    expect(r.diagnostics).toEqual([]);
    const eager = source.served;
    expect(eager).toBeLessThan(bin.length / 10);
    const frames = r.frames!;
    const order = [0, 1, 2, 15, 3, 1, 14, 0, 7, 8, 8, 9, 2, 5, 12, 11, 10, 4, 6, 13];
    for (const f of [...order, ...order.reverse()]) {
      expect(sameBits(vectorAt(r.model!, 0, f), vectorAt(m, 0, f))).toBe(true);
      expect(sameBits(scalarAt(r.model!, 0, f), scalarAt(m, 0, f))).toBe(true);
      expect(frames.held).toBeLessThanOrEqual(budget);
    }
    expect(frames.peakHeld).toBeLessThanOrEqual(budget);
    // It did hold something, and evicted: more blocks were read than there are.
    expect(frames.peakHeld).toBeGreaterThan(budget / 2);
    expect(frames.reads).toBeGreaterThan(2 * 16);
    // A recently read frame comes from the cache.
    const reads = frames.reads;
    scalarAt(r.model!, 0, 1);
    expect(frames.reads).toBe(reads);
    scalarAt(r.model!, 0, 9);
    expect(frames.reads).toBe(reads + 1);
  });

  it("a block larger than the budget is read each time and never kept", () => {
    const m = plate(2_000, 3);
    const r = openAgrFrames(bytesSource(writeAgrBinary(m)), { budget: 1000 });
    vectorAt(r.model!, 0, 1);
    vectorAt(r.model!, 0, 1);
    expect(r.frames!.reads).toBe(2);
    expect(r.frames!.peakHeld).toBe(0);
  });

  it("reports a file that shrinks or fails under it at the byte where reading stopped, never throws", () => {
    const m = plate(1_000, 4);
    const bin = writeAgrBinary(m);
    let limit = bin.length;
    let fail = false;
    const source: ByteSource = {
      length: bin.length,
      read(offset, length, into) {
        if (fail) throw new Error("EIO: i/o error");
        const part = bin.subarray(offset, Math.min(limit, offset + length));
        into.set(part);
        return part.length;
      },
    };
    const r = openAgrFrames(source, { budget: 0 });
    expect(r.diagnostics).toEqual([]);
    limit = bin.length - 100;
    expect(vectorAt(r.model!, 0, 3).length).toBe(3000);
    expect(r.diagnostics.map((d) => [d.code, d.start])).toEqual([["AGR003", bin.length - 100]]);
    fail = true;
    scalarAt(r.model!, 0, 2);
    expect(r.diagnostics[1]!.message).toContain("EIO: i/o error");
    // The header itself unreadable: no model, one finding.
    expect(openAgrFrames(source).model).toBeUndefined();
    expect(
      openAgrFrames(bytesSource(new TextEncoder().encode("DEFORMA-AGR 1\n"))).diagnostics[0]!.code,
    ).toBe("AGR001");
  });

  // decision 40
  it("readAllFrames reads each varying block once and reports a non-finite frame at its byte", () => {
    const m = plate(100, 5);
    m.scalarValues[0]![3 * 100 + 7] = Number.NaN;
    const bin = writeAgrBinary(m);
    const r = openAgrFrames(bytesSource(bin), { budget: 0 });
    expect(r.diagnostics).toEqual([]);
    readAllFrames(r.model!);
    expect(r.frames!.reads).toBe(10);
    expect(r.diagnostics).toEqual(readAgr(bin).diagnostics);
    const d = r.diagnostics[0]!;
    expect(new DataView(bin.buffer).getFloat32(d.start, true)).toBeNaN();
  });
});

/** A fresh folder holding the demo's slider-crank model (its rod.agr is binary, 2 MB). */
function demoCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-frames-"));
  for (const f of [
    "slider-crank.amx",
    "slider-crank.amb",
    "rod.agr",
    "piston.agr",
    "CAD_Matrixes.dat",
  ]) {
    cpSync(demoPath(f), join(dir, f));
  }
  return dir;
}

describe("the CLI on a binary .agr larger than --frame-budget", () => {
  // decision 39
  it("agr info and validate give what the whole-file read gives", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-frames-"));
    const file = join(dir, "plate.agr");
    writeFileSync(file, writeAgrBinary(plate(20_000, 8)));
    const whole = await cli(["agr", "info", file, "--json"]);
    const streamed = await cli(["agr", "info", file, "--json", "--frame-budget", "0.5"]);
    expect(streamed).toEqual(whole);
    expect(whole.code).toBe(0);
    const m = plate(20_000, 8);
    m.vectorValues[0]![3 * 20_000 * 6 + 5] = Number.POSITIVE_INFINITY;
    writeFileSync(file, writeAgrBinary(m));
    const bad = await cli(["agr", "validate", file, "--frame-budget", "0.5"]);
    expect(bad.code).toBe(1);
    expect(bad).toEqual(await cli(["agr", "validate", file]));
    expect(bad.out + bad.err).toContain("AGR021");
  });

  it("mixed export --vtk and --gltf write the same bytes streamed as read whole", async () => {
    const dir = demoCopy();
    const amx = join(dir, "slider-crank.amx");
    const rodBytes = readFileSync(join(dir, "rod.agr")).length;
    const budget = String(rodBytes / 8 / 2 ** 20);
    const vtk = async (out: string, more: string[]) => {
      const r = await cli(["mixed", "export", amx, "--vtk", join(dir, out), "--fps", "2", ...more]);
      expect(r.code).toBe(0);
      return Object.fromEntries(
        readdirSync(join(dir, out), { recursive: true, encoding: "utf8" })
          .filter((f) => f.endsWith(".vtu"))
          .map((f) => [f, readFileSync(join(dir, out, f), "utf8")]),
      );
    };
    const whole = await vtk("whole", []);
    expect(Object.keys(whole).length).toBeGreaterThan(6);
    expect(await vtk("streamed", ["--frame-budget", budget])).toEqual(whole);
    const glb = async (out: string, more: string[]) => {
      const r = await cli([
        "mixed",
        "export",
        amx,
        "--gltf",
        join(dir, out),
        "--frame-step",
        "6",
        ...more,
      ]);
      expect(r.code).toBe(0);
      return readFileSync(join(dir, out));
    };
    expect(await glb("s.glb", ["--frame-budget", budget])).toEqual(await glb("w.glb", []));
  });

  // decision 40
  it("mixed export checks the frames it reads: stops at a non-finite one, located at its byte, writing nothing", async () => {
    const dir = demoCopy();
    const rod = readAgr(new Uint8Array(readFileSync(join(dir, "rod.agr")))).model!;
    const n = rod.nodeCount;
    const exportVtk = (out: string, more: string[]) =>
      cli([
        "mixed",
        "export",
        join(dir, "slider-crank.amx"),
        "--vtk",
        join(dir, out),
        "--fps",
        "2",
        ...more,
      ]);
    // Frame 13 (t = 0.65 s) lies between the samples at 0.5 s (frames 10, 11) and 1 s: never read.
    rod.scalarValues[0]![13 * n + 11] = Number.NaN;
    writeFileSync(join(dir, "rod.agr"), writeAgrBinary(rod));
    expect((await exportVtk("whole", [])).code).toBe(1);
    expect((await exportVtk("unread", ["--frame-budget", "0.1"])).code).toBe(0);
    // Frame 40 (t = 2 s) is read.
    rod.scalarValues[0]![13 * n + 11] = 0;
    rod.scalarValues[0]![40 * n + 11] = Number.NaN;
    const bin = writeAgrBinary(rod);
    writeFileSync(join(dir, "rod.agr"), bin);
    const want = readAgr(bin).diagnostics;
    expect(want.map((d) => d.code)).toEqual(["AGR021"]);
    const r = await exportVtk("read", ["--frame-budget", "0.1"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(want[0]!.message);
    expect(r.err).toContain(`byte ${want[0]!.start}`);
    expect(r.err).toContain("not exported");
    expect(() => readdirSync(join(dir, "read"))).toThrow();
  });
});
