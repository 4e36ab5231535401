/**
 * A binary `.agr` read through byte ranges: the mesh from a few reads, frame
 * values on demand into a cache whose bytes (held and being read) never
 * exceed its budget, read ahead of the playhead, evicting the oldest frames.
 */
import { describe, expect, it } from "vitest";
import {
  AgrFrameCache,
  agrFrameSpans,
  openAgrStream,
  readAgr,
  scalarAt,
  vectorAt,
  writeAgrBinary,
  writeAgrText,
} from "../../src/mixed/agr/index.js";
import { columnAgr } from "./agr-stream-helpers.js";

/** A range reader over `bytes` that records its reads and answers on a later tick. */
function ranges(bytes: Uint8Array) {
  const log: [number, number][] = [];
  const read = async (offset: number, length: number) => {
    log.push([offset, length]);
    await new Promise((r) => setTimeout(r, 0));
    return bytes.slice(offset, offset + length);
  };
  return { read, log };
}

const settle = () => new Promise((r) => setTimeout(r, 5));

describe("openAgrStream", () => {
  it("reads the mesh, times and constant parameters in a few ranges, no frame", async () => {
    const m = columnAgr(10, 30);
    const bytes = writeAgrBinary(m);
    const { read, log } = ranges(bytes);
    const r = await openAgrStream(read, bytes.length);
    expect(r.diagnostics).toEqual([]);
    expect([...r.model!.positions]).toEqual([...m.positions]);
    expect([...r.model!.connectivity]).toEqual([...m.connectivity]);
    expect([...r.model!.times]).toEqual([...m.times]);
    expect(r.model!.vectorValues[0]!.length).toBe(0);
    expect(log.length).toBe(3);
    // Nothing past the mesh was read.
    const firstValues = agrFrameSpans(r.header!, 0)[0]!.offset;
    expect(Math.max(...log.map(([o, l]) => o + l))).toBeLessThanOrEqual(firstValues);
  });

  it("locates what is wrong: a text file, a bad node index", async () => {
    const text = new TextEncoder().encode(writeAgrText(columnAgr(1, 2)));
    expect((await openAgrStream(ranges(text).read, text.length)).diagnostics[0]?.code).toBe(
      "AGR001",
    );
    const m = columnAgr(2, 3);
    m.connectivity[5] = 999;
    const bytes = writeAgrBinary(m);
    const r = await openAgrStream(ranges(bytes).read, bytes.length);
    const d = r.diagnostics.find((x) => x.severity === "error")!;
    expect(d.code).toBe(readAgr(bytes).diagnostics.find((x) => x.severity === "error")!.code);
    expect(d.start).toBe(r.header!.layout.connectivity + 4 * 5);
  });
});

describe("AgrFrameCache", () => {
  // decision 46
  it("plays every frame within its budget, reading ahead, values exact", async () => {
    const m = columnAgr(20, 40);
    const n = m.nodeCount;
    const bytes = writeAgrBinary(m);
    const { read, log } = ranges(bytes);
    const { header } = await openAgrStream(read, bytes.length);
    const frame = 16 * n;
    const budget = 6 * frame;
    const cache = new AgrFrameCache(header!, read, { budgetBytes: budget, ahead: 3 });
    const params = [
      { vector: true, param: 0 },
      { vector: false, param: 0 },
    ];
    const start = log.length;
    let missed = 0;
    for (let f = 0; f + 1 < 40; f++) {
      cache.want(params, [f, f + 1]);
      expect(cache.bytes).toBeLessThanOrEqual(budget);
      await settle();
      for (const g of [f, f + 1]) {
        const v = cache.get(params[0]!, g);
        const s = cache.get(params[1]!, g);
        if (!v || !s) {
          missed++;
          continue;
        }
        expect(v).toEqual(vectorAt(m, 0, g));
        expect(s).toEqual(scalarAt(m, 0, g));
      }
    }
    expect(missed).toBe(0);
    expect(cache.peakBytes).toBeLessThanOrEqual(budget);
    expect(cache.peakBytes).toBeGreaterThan(3 * frame);
    // One range read per parameter and frame: every frame once, none twice.
    const reads = log.slice(start);
    expect(reads.length).toBe(cache.reads);
    expect(new Set(reads.map(([o]) => o)).size).toBe(reads.length);
    expect(reads.length).toBe(2 * 40);
    expect(Math.max(...reads.map(([, l]) => l))).toBe(12 * n);
  });

  // decision 46
  it("raises a budget below one interval to two frames, and never reads past it", async () => {
    const m = columnAgr(4, 12);
    const bytes = writeAgrBinary(m);
    const { read } = ranges(bytes);
    const { header } = await openAgrStream(read, bytes.length);
    const cache = new AgrFrameCache(header!, read, { budgetBytes: 1, ahead: 8 });
    expect(cache.budgetBytes).toBe(2 * 16 * m.nodeCount);
    const params = [
      { vector: true, param: 0 },
      { vector: false, param: 0 },
    ];
    for (let f = 0; f < 11; f++) {
      cache.want(params, [f, f + 1]);
      await settle();
      expect(cache.get(params[0]!, f + 1)).toEqual(vectorAt(m, 0, f + 1));
    }
    expect(cache.peakBytes).toBeLessThanOrEqual(cache.budgetBytes);
  });
});
