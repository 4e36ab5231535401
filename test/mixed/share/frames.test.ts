/**
 * The packed series' decoder frame by frame (src/mixed/share/frames.ts,
 * decision 345): frame 0 first, the later frames in the background, the
 * values bit for bit those of the whole-array decoder it replaced (kept here
 * as the reference), and damage past frame 0 still reads nothing.
 */
import { describe, expect, it } from "vitest";
import { plateSeries } from "../../../bench/plate.js";
import { deflate } from "../../../src/mixed/share/deflate.js";
import { openMeshPack, packMesh, unpackMesh } from "../../../src/mixed/share/index.js";
import { encodeArray, type QuantLayout } from "../../../src/mixed/share/quantise.js";

/** The decoder before decision 345: every frame of an array at once (the reference). */
function referenceDecode(planes: Uint8Array, l: QuantLayout): Float32Array {
  const total = l.n * l.frames;
  const values = new Float32Array(total);
  const unzig = (z: number): number => (z >>> 1) ^ -(z & 1);
  let [cur, prev, prev2] = [new Uint16Array(l.n), new Uint16Array(l.n), new Uint16Array(l.n)];
  for (let f = 0; f < l.frames; f++) {
    const base = f * l.n;
    for (let i = 0; i < l.n; i++) {
      const r = unzig(planes[base + i]! | (planes[total + base + i]! << 8));
      if (f === 0) cur[i] = (i >= l.stride ? cur[i - l.stride]! : 0) + r;
      else if (l.order === 2 && f >= 2) cur[i] = 2 * prev[i]! - prev2[i]! + r;
      else cur[i] = prev[i]! + r;
      values[base + i] = l.min + cur[i]! * l.step;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return values;
}

/** A macrotask (what a page's pause is). */
const task = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A packed series of one array `values` with layout `l` (no cells). */
async function oneArray(values: Float32Array, l: QuantLayout): Promise<Uint8Array> {
  const planes = encodeArray((f) => values.subarray(f * l.n, (f + 1) * l.n), l);
  const packed = await deflate(planes);
  const cells = await deflate(new Uint8Array(0));
  const header = {
    type: 1,
    nodeCount: l.n / 3,
    times: Array.from({ length: l.frames }, (_, f) => f),
    scalars: [],
    vectors: [{ name: "u", unit: "m", varying: true }],
    floats: [
      { id: "positions", n: l.n, frames: 1, stride: 3, min: 0, step: 1, order: 1, packed: 0 },
      { id: "vector/0", ...l, packed: packed.length },
    ],
    ints: [
      { id: "cellTypes", count: 0, width: 1, packed: cells.length },
      { id: "connectivity", count: 0, width: 1, packed: cells.length },
    ],
  };
  const positions = await deflate(new Uint8Array(2 * l.n));
  header.floats[0]!.packed = positions.length;
  const json = new TextEncoder().encode(JSON.stringify(header));
  const prefix = new Uint8Array(16);
  prefix.set([0x89, 0x44, 0x4d, 0x45, 0x53, 0x48, 0x0d, 0x0a]);
  new DataView(prefix.buffer).setUint32(8, 1, true);
  new DataView(prefix.buffer).setUint32(12, json.length, true);
  const parts = [prefix, json, positions, packed, cells, cells];
  const out = new Uint8Array(parts.reduce((t, p) => t + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe("packed series decoded frame by frame", () => {
  // decision 345
  it("gives frame 0 before any later frame is decoded, then the rest in order", async () => {
    const series = plateSeries(40, 30, 12);
    const bytes = await packMesh(series);
    const seen: number[] = [];
    let opened = false;
    const o = await openMeshPack(bytes, {
      pause: task,
      onFrame: (n) => seen.push(opened ? n : -n),
    });
    opened = true;
    expect(o.decoded()).toBe(1);
    const n = 3 * series.nodeCount;
    const u = o.model!.vectorValues[0]!;
    // Frame 0 is in, frame 1 is not yet (zeros until decoded).
    expect(u.subarray(0, n).some((v) => v !== 0)).toBe(true);
    expect(u.subarray(n, 2 * n).every((v) => v === 0)).toBe(true);
    const done = await o.done;
    expect(seen).toEqual(Array.from({ length: 11 }, (_, k) => k + 2));
    expect(o.decoded()).toBe(12);
    expect(done.model).toBe(o.model);
    expect(done.diagnostics).toEqual([]);
  });

  // decision 345
  it("decodes bit for bit as the whole-array decoder, for both orders and strides", async () => {
    const [nodes, frames] = [500, 9];
    const values = new Float32Array(3 * nodes * frames);
    for (let i = 0; i < values.length; i++)
      values[i] = Math.sin(i * 0.37) * 40 + Math.floor(i / (3 * nodes)) * 3.1 + (i % 7);
    for (const order of [1, 2] as const) {
      const l: QuantLayout = { n: 3 * nodes, frames, stride: 3, min: -50, step: 0.01, order };
      const planes = encodeArray((f) => values.subarray(f * l.n, (f + 1) * l.n), l);
      const want = referenceDecode(planes, l);
      const got = (await unpackMesh(await oneArray(values, l))).model!.vectorValues[0]!;
      expect(got.length).toBe(want.length);
      expect(Buffer.from(got.buffer).equals(Buffer.from(want.buffer))).toBe(true);
    }
    // A real series (positions, a scalar and a vector, the writer's chosen orders).
    const series = plateSeries(30, 20, 7);
    const back = (await unpackMesh(await packMesh(series))).model!;
    expect(back.times.length).toBe(7);
    expect(back.vectorValues[0]!.every(Number.isFinite)).toBe(true);
  });

  // decision 345
  it("a section damaged past frame 0 gives frame 0, then FMT015 and no model when done", async () => {
    const series = plateSeries(60, 50, 20);
    const bytes = await packMesh(series);
    const json = JSON.parse(
      new TextDecoder().decode(
        bytes.subarray(16, 16 + new DataView(bytes.buffer).getUint32(12, true)),
      ),
    ) as { floats: { id: string; packed: number }[] };
    // The last float section's final bytes (its later frames and checksum) flipped.
    const end = 16 + new DataView(bytes.buffer).getUint32(12, true);
    const last = json.floats.reduce((at, s) => at + s.packed, end);
    const bad = bytes.slice();
    for (let i = last - 8; i < last; i++) bad[i] = bad[i]! ^ 0xff;
    const o = await openMeshPack(bad);
    expect(o.model).toBeDefined();
    const done = await o.done;
    expect(done.model).toBeUndefined();
    expect(done.diagnostics.map((d) => d.code)).toEqual(["FMT015"]);
    expect((await unpackMesh(bad)).model).toBeUndefined();
  });
});
