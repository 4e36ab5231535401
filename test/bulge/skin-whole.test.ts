/** Skin that stays whole (issue 19): no step ring at the bone's ends or at the influence radius. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { armMesh, armRig as demoArmRig } from "../../scripts/demo/arm.js";
import type { BulgeDefinition, Keypoint } from "../../src/bulge/catalogue/model.js";
import {
  BulgeDeformer,
  boneFrame,
  isClosed,
  limbRadius,
  limitBreaches,
  poseAngles,
  signedVolume,
} from "../../src/bulge/deform/index.js";
import { propertyRuns } from "../helpers.js";
import { armRig, cylinder, GENERIC } from "./deform-fixtures.js";

/**
 * A section with any ends: keypoints on a grid of 0.05 bone lengths (so the
 * drawn slopes stay below 3 · 1 / 0.05 = 60), x increasing from any first
 * value to any last one, y anywhere in [−0.5, 0.5] (ends included).
 */
const anyEndsSection: fc.Arbitrary<Keypoint[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 19 }), { maxLength: 5 })
  .chain((inner) => {
    const us = [0, ...inner.sort((a, b) => a - b), 20].map((k) => k / 20);
    return fc.tuple(
      fc.constant(us),
      fc.uniqueArray(fc.integer({ min: 0, max: 1000 }), {
        minLength: us.length,
        maxLength: us.length,
      }),
      fc.array(fc.integer({ min: -500, max: 500 }), {
        minLength: us.length,
        maxLength: us.length,
      }),
    );
  })
  .map(([us, xs, ys]) => {
    const x = xs.sort((a, b) => a - b);
    return us.map((u, k): Keypoint => [u, x[k]! / 1000, ys[k]! / 1000]);
  });

const anyEndsDefinition: fc.Arbitrary<BulgeDefinition> = fc
  .uniqueArray(fc.integer({ min: 0, max: 35 }), { minLength: 1, maxLength: 3 })
  .chain((angles) =>
    fc.tuple(
      fc.constant(angles),
      fc.array(anyEndsSection, { minLength: angles.length, maxLength: angles.length }),
    ),
  )
  .map(([angles, kps]) => ({
    name: "random",
    code: 5,
    line: 0,
    sections: angles.map((a, i) => ({ angle: a * 10, keypoints: kps[i]! })),
  }));

/** Points along lines: `count` steps of `step` from `from` in direction `dir`. */
function line(from: number[], dir: number[], step: number, count: number): number[] {
  const out: number[] = [];
  for (let k = 0; k <= count; k++) out.push(...from.map((f, a) => f + dir[a]! * step * k));
  return out;
}

/** The largest ratio |p′ᵢ₊₁ − p′ᵢ| / |pᵢ₊₁ − pᵢ| over consecutive points of each line of `n + 1` points. */
function worstStretch(rest: Float32Array, bulged: ArrayLike<number>, n: number): number {
  let worst = 0;
  for (let i = 0; i + 1 < rest.length / 3; i++) {
    if ((i + 1) % (n + 1) === 0) continue; // the next point starts another line
    const d = (p: ArrayLike<number>) =>
      Math.hypot(
        p[i * 3 + 3]! - p[i * 3]!,
        p[i * 3 + 4]! - p[i * 3 + 1]!,
        p[i * 3 + 5]! - p[i * 3 + 2]!,
      );
    worst = Math.max(worst, d(bulged) / d(rest));
  }
  return worst;
}

describe("skin that stays whole", () => {
  // decision 225
  it("property: for any catalogue (any ends), adjacent vertices stay within 1 + 150 · amount · scale of their rest distance", () => {
    // The bound: along the bone the displacement's slope is at most the drawn
    // slopes (≤ 60 each for x and y) + 2 (the ends' line) + 15 · 0.5 (the end
    // window); across it 6 L/R · 1.5 (the radial window); 150 covers both. A
    // step (a value ≠ 0 where the bulge stops) would give a ratio of
    // jump / spacing, about 1000 for a jump of 0.05 bone lengths here.
    const rig = armRig(5, 90, 1);
    const L = 0.3;
    const R = 0.08;
    const n = 1200;
    const pts: number[] = [];
    for (const [rho, phi] of [
      [0.03, 0],
      [0.05, 1],
      [0.055, 3.5],
    ] as const) {
      const c = Math.cos(phi);
      const s = Math.sin(phi);
      pts.push(...line([-0.1 * L, rho * c, rho * s], [1, 0, 0], (1.2 * L) / n, n));
      for (const u of [0.02, 0.5, 0.97]) {
        pts.push(...line([u * L, 0.2 * R * c, 0.2 * R * s], [0, c, s], (1.2 * R) / n, n));
      }
    }
    const rest = new Float32Array(pts);
    fc.assert(
      fc.property(anyEndsDefinition, fc.integer({ min: 1, max: 90 }), (def, flex) => {
        const d = new BulgeDeformer(rig, [def], rest);
        const bulged = d.bulgedRest(poseAngles(rig, { elbow: flex }).angles);
        const amount = flex >= 90 ? 1 : (flex / 90) ** 2 * (3 - (2 * flex) / 90);
        expect(worstStretch(rest, bulged, n)).toBeLessThanOrEqual(1 + 150 * amount);
      }),
      { numRuns: propertyRuns(40) },
    );
  });

  /** The largest |Δ(a) − Δ(b)| (m) over the edges of the demo arm that cross the upper arm's span ends or radius. */
  function boundaryJump(rings: number, radius: number, ends: number): number {
    const mesh = armMesh(rings, 48);
    const rig = demoArmRig();
    rig.joints[0]!.radius = radius;
    const def: BulgeDefinition = {
      ...GENERIC,
      sections: [
        {
          angle: 0,
          keypoints: [
            [0, 0, ends],
            [0.5, 0.5, 0.25],
            [1, 1, ends],
          ],
        },
        GENERIC.sections[1]!,
      ],
    };
    const rest = mesh.positions;
    const d = new BulgeDeformer(rig, [def], rest);
    const b = d.bulgedRest(poseAngles(rig, { elbow: 120 }).angles);
    const inside = (v: number) =>
      rest[v * 3]! >= 0 &&
      rest[v * 3]! <= 0.3 &&
      Math.hypot(rest[v * 3 + 1]!, rest[v * 3 + 2]!) <= radius;
    let worst = 0;
    const t = mesh.triangles;
    for (let k = 0; k < t.length; k += 3) {
      for (let e = 0; e < 3; e++) {
        const i = t[k + e]!;
        const j = t[k + ((e + 1) % 3)]!;
        if (inside(i) === inside(j)) continue;
        const jump = [0, 1, 2].map(
          (a) => b[i * 3 + a]! - rest[i * 3 + a]! - (b[j * 3 + a]! - rest[j * 3 + a]!),
        );
        worst = Math.max(worst, Math.hypot(...jump));
      }
    }
    return worst;
  }

  it("the demo arm has no step ring: ends of 0.0125 and a radius smaller than the limb leave no jump", () => {
    // Before: 1.9 mm at the ends (y = 0.0125 at both), 11.4 mm at a radius of 35 mm.
    expect(boundaryJump(1024, 0.08, 0.0125)).toBeLessThan(1e-4);
    expect(boundaryJump(1024, 0.035, 0)).toBeLessThan(1e-4);
  });
});

describe("joint limits", () => {
  // decision 227
  it("the deformer clamps every angle to its joint's limits (720° is 180°, or the rig's max); limitBreaches names them", () => {
    const rest = cylinder(-0.05, 0.6, 0.04, 12, 8);
    const free = armRig();
    const d = new BulgeDeformer(free, [GENERIC], rest);
    const at = (deg: number) => Array.from(d.deform(poseAngles(free, { elbow: deg }).angles));
    expect(at(720)).toEqual(at(180));
    expect(at(-720)).toEqual(at(-180));
    expect(at(Number.NaN)).toEqual(at(0));
    const limited = armRig();
    limited.joints[1]!.limits = [0, 145];
    const l = new BulgeDeformer(limited, [GENERIC], rest);
    const lat = (deg: number) => Array.from(l.deform(poseAngles(limited, { elbow: deg }).angles));
    expect(lat(720)).toEqual(lat(145));
    expect(lat(-30)).toEqual(lat(0));
    expect(lat(100)).toEqual(at(100));
    expect(
      limitBreaches(limited, poseAngles(limited, { elbow: 150, shoulder: 190 }).angles),
    ).toEqual([
      { joint: "shoulder", angle: 190, min: -180, max: 180 },
      { joint: "elbow", angle: 150, min: 0, max: 145 },
    ]);
    expect(limitBreaches(limited, poseAngles(limited, { elbow: 145 }).angles)).toEqual([]);
  });
});

describe("volume and limb radius", () => {
  it("a unit cube encloses 1 (−1 turned inside out); an open box is not closed", () => {
    const p = new Float32Array([
      0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1,
    ]);
    const quads = [
      [0, 3, 2, 1],
      [4, 5, 6, 7],
      [0, 1, 5, 4],
      [1, 2, 6, 5],
      [2, 3, 7, 6],
      [3, 0, 4, 7],
    ];
    const tri = Uint32Array.from(quads.flatMap(([a, b, c, d]) => [a!, b!, c!, a!, c!, d!]));
    expect(isClosed(tri, 8)).toBe(true);
    expect(signedVolume(p, tri)).toBeCloseTo(1, 12);
    const flipped = Uint32Array.from(tri).reverse();
    expect(signedVolume(p, flipped)).toBeCloseTo(-1, 12);
    expect(isClosed(tri.slice(6), 8)).toBe(false);
  });

  it("the limb radius is the median distance from the bone of the vertices along it", () => {
    const rig = armRig();
    const rest = cylinder(-0.05, 0.6, 0.04);
    expect(limbRadius(boneFrame(rig, 0), rest)).toBeCloseTo(0.04, 6);
    // No vertex within the influence radius: the influence radius.
    expect(limbRadius(boneFrame(rig, 0), cylinder(0, 0.3, 0.5))).toBeCloseTo(0.08, 12);
  });
});
