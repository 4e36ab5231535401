/** Shared inputs of the deformation tests: a two-bone arm rig, cylinders of points, sections. */
import fc from "fast-check";
import { GENERIC_BULGE } from "../../src/bulge/catalogue/default.js";
import type { BulgeDefinition, BulgeSection, Keypoint } from "../../src/bulge/catalogue/model.js";
import type { Rig } from "../../src/bulge/rig/model.js";

/** The manual's "Generic" code 5 (the default catalogue's). */
export const GENERIC: BulgeDefinition = GENERIC_BULGE;

/**
 * Upper arm along +x from the origin (length 0.3), forearm from x = 0.3 to
 * 0.55; the elbow flexes about +z; its bulge (code 5, full at 90°) shapes
 * the upper arm.
 */
export function armRig(code = 5, fullAngle = 90, scale = 1): Rig {
  return {
    version: 1,
    joints: [
      {
        name: "shoulder",
        parent: null,
        head: [0, 0, 0],
        tail: [0.3, 0, 0],
        axis: [0, 1, 0],
        radius: 0.08,
        flexAxis: [0, 0, 1],
      },
      {
        name: "elbow",
        parent: "shoulder",
        head: [0.3, 0, 0],
        tail: [0.55, 0, 0],
        axis: [0, 1, 0],
        radius: 0.07,
        flexAxis: [0, 0, 1],
        bulge: { code, fullAngle, scale },
      },
    ],
  };
}

/** Points on a cylinder of `radius` around the x axis from x0 to x1: `rings` × `around`. */
export function cylinder(
  x0: number,
  x1: number,
  radius: number,
  rings = 24,
  around = 16,
): Float32Array {
  const p = new Float32Array(rings * around * 3);
  let k = 0;
  for (let r = 0; r < rings; r++) {
    const x = x0 + ((x1 - x0) * r) / (rings - 1);
    for (let a = 0; a < around; a++) {
      const phi = (2 * Math.PI * a) / around;
      p[k++] = x;
      p[k++] = radius * Math.cos(phi);
      p[k++] = radius * Math.sin(phi);
    }
  }
  return p;
}

/** A valid section: u and x strictly increasing from 0 to 1, y in [−0.5, 0.5]. */
export const sectionArb: fc.Arbitrary<Keypoint[]> = fc
  .integer({ min: 0, max: 6 })
  .chain((inner) =>
    fc.tuple(
      fc.uniqueArray(fc.integer({ min: 1, max: 999 }), { minLength: inner, maxLength: inner }),
      fc.uniqueArray(fc.integer({ min: 1, max: 999 }), { minLength: inner, maxLength: inner }),
      fc.array(fc.integer({ min: -500, max: 500 }), { minLength: inner + 2, maxLength: inner + 2 }),
      fc.integer({ min: 0, max: 1000 }),
    ),
  )
  .map(([us, xs, ys, x0]) => {
    const u = [0, ...us.sort((a, b) => a - b), 1000];
    const x = [0, ...xs.sort((a, b) => a - b), 1000];
    // The first X may sit anywhere below the second one.
    const first = Math.min(x0, x[1]! - 1) / 1000;
    return u.map(
      (ui, k): Keypoint => [ui / 1000, k === 0 ? Math.max(0, first) : x[k]! / 1000, ys[k]! / 1000],
    );
  });

/** A valid definition of 1–4 sections at distinct angles. */
export const definitionArb: fc.Arbitrary<BulgeDefinition> = fc
  .uniqueArray(fc.integer({ min: 0, max: 359 }), { minLength: 1, maxLength: 4 })
  .chain((angles) =>
    fc.tuple(
      fc.constant(angles),
      fc.array(sectionArb, { minLength: angles.length, maxLength: angles.length }),
    ),
  )
  .map(([angles, kps]) => ({
    name: "random",
    code: 5,
    line: 0,
    sections: angles.map((angle, i): BulgeSection => ({ angle, keypoints: kps[i]! })),
  }));
