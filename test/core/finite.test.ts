import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstNonFinite } from "../../src/core/finite.js";

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
