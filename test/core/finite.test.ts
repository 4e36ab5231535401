import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstNonFinite, hasSimdFiniteCheck } from "../../src/core/finite.js";

function naive(a: Float32Array): number {
  return a.findIndex((v) => !Number.isFinite(v));
}

describe("firstNonFinite", () => {
  it("finds the first NaN or infinity anywhere, at any length (the unrolled loop's head and body)", () => {
    const special = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
    const value = fc.oneof(fc.float({ noNaN: true, noDefaultInfinity: true }), special);
    fc.assert(
      fc.property(fc.array(value, { maxLength: 40 }), (values) => {
        const a = Float32Array.from(values);
        expect(firstNonFinite(a)).toBe(naive(a));
      }),
      { numRuns: 500 },
    );
  });

  it("finite values at the float32 extremes never add up to a false alarm", () => {
    const a = new Float32Array(100_003).fill(3.4028234663852886e38);
    expect(firstNonFinite(a)).toBe(-1);
    a[100_002] = Number.NEGATIVE_INFINITY;
    expect(firstNonFinite(a)).toBe(100_002);
    a[7] = Number.POSITIVE_INFINITY;
    expect(firstNonFinite(a)).toBe(7);
    expect(firstNonFinite(new Float32Array(0))).toBe(-1);
  });

  it("checks a subarray alone", () => {
    const a = Float32Array.of(Number.NaN, 1, 2, 3, 4, 5, 6, 7, 8, 9, Number.NaN);
    expect(firstNonFinite(a.subarray(1, 10))).toBe(-1);
    expect(firstNonFinite(a.subarray(1))).toBe(9);
  });
});

// decision 390
describe("firstNonFinite on large arrays (the WebAssembly SIMD check, decision 390)", () => {
  it("runs the SIMD kernel in Node", () => {
    expect(hasSimdFiniteCheck()).toBe(true);
  });

  // Every bit pattern with all exponent bits set is NaN or ±infinity: sign and payload vary.
  const nonFiniteBits = [0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7f800001, 0x7fffffff];
  // The largest finite magnitudes, a subnormal, -0 and an exponent one short of all ones.
  const finiteBits = [0x7f7fffff, 0xff7fffff, 0x00000001, 0x80000000, 0x7f000000, 0xff000000];

  it("finds a non-finite value at every place the kernel's pieces and tail meet", () => {
    const n = 3 * 65536 + 37;
    const a = new Float32Array(n).fill(-3.4028234663852886e38);
    const bits = new Uint32Array(a.buffer);
    const places = [0, 1, 15, 16, 63, 64, 65535, 65536, 65537, 131071, 131072, n - 38, n - 37];
    for (const at of [...places, n - 36, n - 22, n - 21, n - 1]) {
      for (const b of nonFiniteBits) {
        bits[at] = b;
        expect(firstNonFinite(a)).toBe(at);
        bits[at] = 0xff7fffff;
      }
    }
    for (const b of finiteBits) {
      bits[5000] = b;
      bits[n - 1] = b;
      expect(firstNonFinite(a)).toBe(-1);
    }
  });

  it("answers as a naive scan on random large arrays, views at any offset included", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4096, max: 70_000 }),
        fc.integer({ min: 0, max: 5 }),
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1, maxExcluded: true }),
            fc.constantFrom(...nonFiniteBits),
          ),
          { maxLength: 3 },
        ),
        fc.constantFrom(...finiteBits),
        (length, offset, bad, fill) => {
          const whole = new Uint32Array(length + offset).fill(fill);
          for (const [place, b] of bad) whole[offset + Math.floor(place * length)] = b;
          const a = new Float32Array(whole.buffer, 4 * offset, length);
          expect(firstNonFinite(a)).toBe(naive(a));
        },
      ),
      { numRuns: 60 },
    );
  });
});
