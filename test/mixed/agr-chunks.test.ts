/**
 * The `.agr` text read through a chunk cursor (the file a window at a time,
 * never whole): wherever the windows end, the model and the findings are
 * those of one pass over the whole bytes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChunkTokenCursor } from "../../src/core/chunk-tokenizer.js";
import { encodeUtf8 } from "../../src/core/index.js";
import { type MeshAnimation, writeAgrText } from "../../src/mixed/agr/index.js";
import { readAgrText } from "../../src/mixed/agr/read-text.js";
import { AGR_TEXT_SEEDS } from "../formats.js";
import { fixture, framesModel, RUNS } from "../helpers.js";
import { inputsFrom } from "../property-suites.js";

/** A cursor over `bytes` read through windows of `chunk` bytes, each read giving at most `step` bytes. */
function chunked(bytes: Uint8Array, chunk: number, step = Number.POSITIVE_INFINITY) {
  return new ChunkTokenCursor(
    bytes.length,
    (into, offset, count, position) => {
      const n = Math.max(0, Math.min(count, step, bytes.length - position));
      into.set(bytes.subarray(position, position + n), offset);
      return n;
    },
    new Uint8Array(chunk),
  );
}

/** A model with its typed arrays as arrays of their bits (so -0 and NaN compare). */
function plain(m: MeshAnimation | undefined): unknown {
  if (!m) return m;
  const bits = (a: Float32Array | Float64Array | Uint8Array | Uint32Array) =>
    a instanceof Float32Array
      ? Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length))
      : Array.from(a, (v) => (Object.is(v, -0) ? "-0" : Number.isNaN(v) ? "NaN" : v));
  return {
    ...m,
    positions: bits(m.positions),
    cellTypes: bits(m.cellTypes),
    connectivity: bits(m.connectivity),
    times: bits(m.times),
    scalarValues: m.scalarValues.map(bits),
    vectorValues: m.vectorValues.map(bits),
  };
}

function expectSame(bytes: Uint8Array, chunk: number, step?: number): void {
  const whole = readAgrText(bytes);
  const parts = readAgrText(chunked(bytes, chunk, step));
  expect(parts.diagnostics).toEqual(whole.diagnostics);
  expect(plain(parts.model)).toEqual(plain(whole.model));
}

describe(".agr text in chunks", () => {
  const clean = writeAgrText(framesModel(6, 3));
  const cells = fixture("agr/thermal-tets.agr");
  const defects = [
    clean,
    cells,
    `\ufeff${cells}`,
    cells.replace("tet 0 1 2 3", "tet 0 1 2 9"),
    cells.replace("tet 0 1 2 3", "cube 0 1 2 3"),
    cells.replace("tet 0 1 2 3", "tet 0 1 x 3"),
    clean.replace(/frame 1 \S+/, "frame 1 oops"),
    clean.slice(0, clean.length - 1),
    clean.slice(0, Math.floor(clean.length * 0.7)),
    `${clean}frame 9 1\n`,
  ];

  // decision 310
  it("gives one pass's model and findings for windows ending at every byte", () => {
    for (const text of defects) {
      const bytes = encodeUtf8(text);
      for (let chunk = 1; chunk <= bytes.length + 1; chunk++) expectSame(bytes, chunk);
    }
  });

  it("gives one pass's answer when reads return a few bytes at a time", () => {
    for (const text of defects) {
      const bytes = encodeUtf8(text);
      for (const step of [1, 2, 3, 7]) expectSame(bytes, 16, step);
    }
  });

  it("gives one pass's answer for any mutated file and any window size", () => {
    fc.assert(
      fc.property(inputsFrom(AGR_TEXT_SEEDS), fc.integer({ min: 1, max: 200 }), (input, chunk) =>
        expectSame(typeof input === "string" ? encodeUtf8(input) : input, chunk),
      ),
      { numRuns: RUNS },
    );
  });

  it("holds one window at a time: a long file is read through its small buffer", () => {
    const bytes = encodeUtf8(writeAgrText(framesModel(400, 6)));
    const cursor = chunked(bytes, 1024);
    const read = readAgrText(cursor);
    expect(read.diagnostics).toEqual([]);
    expect(cursor.chunkBuffer.length).toBe(1024);
    expect(cursor.windows).toBeGreaterThan(bytes.length / 1024);
  });
});
