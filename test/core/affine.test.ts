import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  affineEquals,
  affineFrom,
  applyToPoints,
  compose,
  identity,
  invert,
  isRotation,
  orthonormality,
} from "../../src/core/index.js";

/** Rotation by `angle` about z, then shift (tx, ty, tz). */
function rotZ(angle: number, tx = 0, ty = 0, tz = 0): Float64Array {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return Float64Array.of(c, -s, 0, tx, s, c, 0, ty, 0, 0, 1, tz);
}

describe("affine 3×4 matrices", () => {
  it("applies p' = A·p + b row-major, as the seed stores it", () => {
    const m = affineFrom([0, -1, 0, 10, 1, 0, 0, 20, 0, 0, 1, 30]);
    const out = new Float64Array(3);
    applyToPoints(m, [1, 2, 3], out);
    expect([...out]).toEqual([8, 21, 33]);
  });

  it("composes so that (a·b)(p) = a(b(p))", () => {
    const a = rotZ(0.3, 1, 2, 3);
    const b = rotZ(-1.1, -4, 0.5, 2);
    const p = Float32Array.of(0.7, -0.2, 5);
    const viaB = new Float64Array(3);
    applyToPoints(b, p, viaB);
    const twice = new Float64Array(3);
    applyToPoints(a, viaB, twice);
    const once = new Float64Array(3);
    applyToPoints(compose(a, b), p, once);
    for (let i = 0; i < 3; i++) expect(once[i]).toBeCloseTo(twice[i]!, 12);
  });

  it("inverts any invertible matrix; singular gives null", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 12, maxLength: 12 }),
        (v) => {
          const m = affineFrom(v);
          const inv = invert(m);
          if (inv === null) return;
          const det = orthonormality(m).det;
          if (Math.abs(det) < 1e-3) return;
          expect(affineEquals(compose(m, inv), identity(), 1e-6)).toBe(true);
        },
      ),
    );
    expect(invert(affineFrom([1, 2, 3, 0, 2, 4, 6, 0, 0, 0, 1, 0]))).toBeNull();
  });

  it("applies in place over packed typed arrays", () => {
    const pts = Float32Array.of(1, 0, 0, 0, 1, 0);
    applyToPoints(rotZ(Math.PI / 2), pts, pts);
    expect([...pts].map((x) => Math.round(x * 1e6) / 1e6 + 0)).toEqual([0, 1, 0, -1, 0, 0]);
  });

  it("tells proper rotations from reflections and shears", () => {
    expect(isRotation(rotZ(1.234, 5, 6, 7))).toBe(true);
    const reflection = affineFrom([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0]);
    expect(orthonormality(reflection)).toEqual({ deviation: 0, det: -1 });
    expect(isRotation(reflection)).toBe(false);
    expect(isRotation(affineFrom([1, 0.01, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]))).toBe(false);
    expect(isRotation(affineFrom([1, 0.0001, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]))).toBe(true);
  });
});
