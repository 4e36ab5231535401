import { describe, expect, it } from "vitest";
import {
  affineFromQuaternion,
  quaternionFromAffine,
  slerpFlat,
} from "../../src/core/quaternion.js";

/** Rotation by `deg` degrees about the unit axis (x, y, z), as a 3×4 row-major matrix. */
function rotation(deg: number, x: number, y: number, z: number): number[] {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const t = 1 - c;
  return [
    t * x * x + c,
    t * x * y - s * z,
    t * x * z + s * y,
    0,
    t * x * y + s * z,
    t * y * y + c,
    t * y * z - s * x,
    0,
    t * x * z - s * y,
    t * y * z + s * x,
    t * z * z + c,
    0,
  ];
}

describe("quaternions", () => {
  it("round-trips rotations through quaternions, including turns near 180°", () => {
    const axis = [0.48, -0.6, 0.64];
    for (const deg of [0, 30, 90, 179.9, 180, -120]) {
      const m = rotation(deg, axis[0]!, axis[1]!, axis[2]!);
      const q = new Float64Array(4);
      quaternionFromAffine(m, q);
      expect(Math.hypot(...q)).toBeCloseTo(1, 12);
      const back = new Float64Array(12);
      affineFromQuaternion(q, back);
      for (const i of [0, 1, 2, 4, 5, 6, 8, 9, 10]) expect(back[i]).toBeCloseTo(m[i]!, 9);
    }
  });

  it("slerps along the shortest arc at constant speed", () => {
    const q = new Float64Array(8);
    quaternionFromAffine(rotation(10, 0, 0, 1), q, 0);
    quaternionFromAffine(rotation(350, 0, 0, 1), q, 4); // −10°: the short way passes through 0°
    const mid = new Float64Array(4);
    slerpFlat(q, 0, q, 4, 0.5, mid);
    expect(Math.abs(mid[3]!)).toBeCloseTo(1, 12);
    quaternionFromAffine(rotation(0, 0, 0, 1), q, 0);
    quaternionFromAffine(rotation(90, 0, 0, 1), q, 4);
    slerpFlat(q, 0, q, 4, 1 / 3, mid);
    expect(2 * Math.atan2(mid[2]!, mid[3]!)).toBeCloseTo(Math.PI / 6, 12);
  });
});
