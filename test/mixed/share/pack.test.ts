/**
 * The packed mesh series (`*.dmesh`): a round trip keeps every value within
 * the stated error, constant and cell arrays and lines survive, the size of a
 * smooth series is a few bits per value, and every damaged file is a located
 * finding with no model (never a throw).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { plateSeries } from "../../../bench/plate.js";
import { readAgr } from "../../../src/mixed/agr/index.js";
import type { MeshAnimation } from "../../../src/mixed/agr/model.js";
import { modelSize, packMesh, unpackMesh } from "../../../src/mixed/share/index.js";
import { demoPath } from "../../helpers.js";

/** The largest Euclidean distance between the xyz triples of `a` and `b`. */
function vectorError(a: Float32Array, b: Float32Array): number {
  let e = 0;
  for (let i = 0; i < a.length; i += 3)
    e = Math.max(e, Math.hypot(a[i]! - b[i]!, a[i + 1]! - b[i + 1]!, a[i + 2]! - b[i + 2]!));
  return e;
}

function scalarError(a: Float32Array, b: Float32Array): [number, number] {
  let [e, lo, hi] = [0, Infinity, -Infinity];
  for (let i = 0; i < a.length; i++) {
    e = Math.max(e, Math.abs(a[i]! - b[i]!));
    lo = Math.min(lo, a[i]!);
    hi = Math.max(hi, a[i]!);
  }
  return [e, hi - lo];
}

/** Expects `b` to be `a` within `precision` (of the model size for positions and vectors, of the range for scalars). */
function expectClose(a: MeshAnimation, b: MeshAnimation, precision: number): void {
  const size = modelSize(a.positions);
  expect(b.nodeCount).toBe(a.nodeCount);
  expect([...b.times]).toEqual([...a.times]);
  expect([...b.cellTypes]).toEqual([...a.cellTypes]);
  expect([...b.connectivity]).toEqual([...a.connectivity]);
  expect(b.scalars).toEqual(a.scalars);
  expect(b.vectors).toEqual(a.vectors);
  expect(vectorError(a.positions, b.positions)).toBeLessThanOrEqual(precision * size);
  a.vectorValues.forEach((v, p) => {
    expect(vectorError(v, b.vectorValues[p]!)).toBeLessThanOrEqual(precision * size);
  });
  a.scalarValues.forEach((v, p) => {
    const [e, range] = scalarError(v, b.scalarValues[p]!);
    expect(e, a.scalars[p]!.name).toBeLessThanOrEqual(precision * range);
  });
}

describe("packed mesh series", () => {
  // decision 332
  it("round-trips a plate series within 1e-3 of the model size (positions, vectors) and of the range (scalars)", async () => {
    const m = plateSeries(40, 30, 12);
    const r = await unpackMesh(await packMesh(m));
    expect(r.diagnostics).toEqual([]);
    expectClose(m, r.model!, 1e-3);
  });

  it("keeps a finer precision when asked, and a coarser one packs smaller", async () => {
    const m = plateSeries(40, 30, 12);
    const fine = await packMesh(m, { precision: 1e-5 });
    expectClose(m, (await unpackMesh(fine)).model!, 1e-5);
    expect((await packMesh(m, { precision: 1e-2 })).length).toBeLessThan(fine.length);
  });

  it("keeps constant parameters, cell values, lines and points", async () => {
    const m = plateSeries(6, 5, 4);
    const cells = m.cellTypes.length;
    m.scalars.push({ name: "id", unit: "-", varying: false });
    m.scalarValues.push(Float32Array.from({ length: m.nodeCount }, (_, i) => i));
    m.cellValues = [Float32Array.from({ length: cells * 4 }, (_, i) => Math.sin(i)), undefined];
    m.lines = Uint32Array.from([0, 1, 1, 2]);
    m.vertices = Uint32Array.from([29]);
    const b = (await unpackMesh(await packMesh(m))).model!;
    expectClose(m, b, 1e-3);
    expect(b.scalarValues[1]!.length).toBe(m.nodeCount);
    expect(scalarError(m.cellValues[0]!, b.cellValues![0]!)[0]).toBeLessThanOrEqual(2e-3);
    expect(b.cellValues![1]).toBeUndefined();
    expect([...b.lines!]).toEqual([0, 1, 1, 2]);
    expect([...b.vertices!]).toEqual([29]);
  });

  it("packs the demo's rod within the error, in a tenth of its .agr bytes", async () => {
    const bytes = new Uint8Array(readFileSync(demoPath("rod.agr")));
    const rod = readAgr(bytes).model!;
    const packed = await packMesh(rod);
    expectClose(rod, (await unpackMesh(packed)).model!, 1e-3);
    expect(packed.length).toBeLessThan(bytes.length / 10);
  });

  it("packs a smooth series in under 4 bits per varying value", async () => {
    const m = plateSeries(100, 100, 20);
    const values = 20 * m.nodeCount * 4;
    expect(((await packMesh(m)).length * 8) / values).toBeLessThan(4);
  });
});

/** The codes and byte offsets of `bytes`' findings. */
async function findings(bytes: Uint8Array): Promise<string[]> {
  const r = await unpackMesh(bytes);
  if (r.diagnostics.length > 0) expect(r.model).toBeUndefined();
  return r.diagnostics.map((d) => `${d.code}@${d.start}`);
}

/** `bytes` with its header replaced by `edit(header)`. */
function withHeader(bytes: Uint8Array, edit: (h: Record<string, unknown>) => unknown): Uint8Array {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + length)));
  const json = new TextEncoder().encode(JSON.stringify(edit(header)));
  const out = new Uint8Array(16 + json.length + bytes.length - 16 - length);
  out.set(bytes.subarray(0, 16));
  new DataView(out.buffer).setUint32(12, json.length, true);
  out.set(json, 16);
  out.set(bytes.subarray(16 + length), 16 + json.length);
  return out;
}

describe("damaged packed mesh series", () => {
  const packed = packMesh(plateSeries(6, 5, 4));

  it("other bytes or another version are FMT013 at byte 0", async () => {
    expect(await findings(new TextEncoder().encode("DEFORMA-AGR 1\n"))).toEqual(["FMT013@0"]);
    const v2 = (await packed).slice();
    v2[8] = 2;
    expect(await findings(v2)).toEqual(["FMT013@0"]);
  });

  it("an unreadable or inconsistent header is FMT014 at the header", async () => {
    const bytes = await packed;
    const long = bytes.slice();
    new DataView(long.buffer).setUint32(12, 1e6, true);
    expect(await findings(long)).toEqual(["FMT014@12"]);
    const json = bytes.slice();
    json[16] = 0x5b; // "[" where "{" stands
    expect(await findings(json)).toEqual(["FMT014@16"]);
    expect(await findings(withHeader(bytes, (h) => ({ ...h, times: [] })))).toEqual(["FMT014@16"]);
    expect(await findings(withHeader(bytes, (h) => ({ ...h, nodeCount: 7 })))).toEqual([
      "FMT014@16",
    ]);
  });

  it("a header declaring more values than a player holds is FMT014, read in no time", async () => {
    const huge = withHeader(await packed, (h) => ({
      ...h,
      nodeCount: 1e7,
      floats: (h.floats as { id: string }[]).map((s) =>
        s.id === "positions"
          ? { ...s, n: 3e7 }
          : { ...s, n: s.id.startsWith("vector") ? 3e7 : 1e7 },
      ),
    }));
    const r = await unpackMesh(huge);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["FMT014"]);
    expect(r.diagnostics[0]!.message).toContain("more than the 100000000 values");
  });

  it("a section cut short or not inflating to its size is FMT015 at the section", async () => {
    const bytes = await packed;
    const cut = await findings(bytes.subarray(0, bytes.length - 3));
    expect(cut).toHaveLength(1);
    expect(cut[0]).toMatch(/^FMT015@\d+$/);
    const flipped = bytes.slice();
    const length = new DataView(bytes.buffer).getUint32(12, true);
    flipped[16 + length + 4] = flipped[16 + length + 4]! ^ 0xff;
    expect(await findings(flipped)).toEqual([`FMT015@${16 + length}`]);
  });

  it("a cell naming a node past the node count is FMT016", async () => {
    const m = plateSeries(6, 5, 2);
    m.connectivity[5] = 99;
    const r = await unpackMesh(await packMesh(m));
    expect(r.diagnostics.map((d) => [d.code, d.args])).toEqual([
      ["FMT016", { index: 99, nodes: 30 }],
    ]);
  });

  it("never throws on any prefix of a file", async () => {
    const bytes = await packed;
    for (let n = 0; n < bytes.length; n += 7) {
      const r = await unpackMesh(bytes.subarray(0, n));
      expect(r.model).toBeUndefined();
      expect(r.diagnostics.length).toBeGreaterThan(0);
    }
  });
});
