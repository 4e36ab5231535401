/** The byte ranges of a binary `.agr`'s values from its header alone, and a read told they are finite (decision 391). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AGR,
  agrHeaderBytes,
  agrValueRanges,
  readAgr,
  readAgrBinary,
  writeAgrBinary,
} from "../../src/mixed/agr/index.js";
import { agrArb } from "../arbitraries.js";
import { framesModel, RUNS } from "../helpers.js";

const span = (a: Float32Array, base: Uint8Array): [number, number] => [
  a.byteOffset - base.byteOffset,
  a.byteOffset - base.byteOffset + a.byteLength,
];

// decision 391
describe("agrValueRanges", () => {
  it("are exactly the bytes of the arrays readAgr checks for finiteness, from the header's bytes alone", () => {
    fc.assert(
      fc.property(agrArb, (m) => {
        const bytes = writeAgrBinary(m);
        const model = readAgr(bytes).model!;
        const want = [model.positions, ...model.scalarValues, ...model.vectorValues].map((a) =>
          span(a, bytes),
        );
        expect(agrValueRanges(bytes, bytes.length)).toEqual(want);
        const head = agrHeaderBytes(bytes)!;
        expect(agrValueRanges(bytes.subarray(0, head), bytes.length)).toEqual(want);
        expect(agrValueRanges(bytes.subarray(0, head - 1), bytes.length)).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  });

  it("are undefined for a header that cannot be read or a file shorter than it promises", () => {
    const bytes = writeAgrBinary(framesModel(50, 3));
    expect(agrValueRanges(bytes.subarray(0, 20), bytes.length)).toBeUndefined();
    expect(agrValueRanges(bytes, bytes.length - 8)).toBeUndefined();
    const broken = bytes.slice();
    new DataView(broken.buffer).setUint32(32, 0xffffffff, true);
    expect(agrValueRanges(broken, broken.length)).toBeUndefined();
  });
});

describe("readAgrBinary told its values are finite", () => {
  it("skips only the finiteness check (its caller's promise), every other finding stays", () => {
    const m = framesModel(50, 3);
    m.vectorValues[0]![7] = Number.NaN;
    m.times[2] = m.times[1]!;
    const bytes = writeAgrBinary(m);
    const all = readAgrBinary(bytes).diagnostics.map((d) => d.code);
    const told = readAgrBinary(bytes, { valuesFinite: true }).diagnostics.map((d) => d.code);
    expect(all).toContain(AGR.nonFinite.code);
    expect(told).toEqual(all.filter((c) => c !== AGR.nonFinite.code));
    expect(told.length).toBeGreaterThan(0);
  });
});
