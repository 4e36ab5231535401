import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BulgeDeformer,
  bulgeAmount,
  bulgeAt,
  compileBulge,
  endFalloff,
  jointMatrices,
  parentIndices,
  poseAngles,
  sectionAt,
  skinWeights,
} from "../../src/bulge/deform/index.js";
import { RUNS } from "../helpers.js";
import { armRig, cylinder, definitionArb, GENERIC, sectionArb } from "./deform-fixtures.js";

const pair = () => new Float64Array(2);

/** Max |a − b| over two position arrays. */
function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

describe("profile (Fritsch–Carlson)", () => {
  it("passes through every keypoint: (x − u, y)", () => {
    fc.assert(
      fc.property(sectionArb, (keypoints) => {
        const c = compileBulge({ sections: [{ angle: 0, keypoints }] });
        const out = pair();
        for (const [u, x, y] of keypoints) {
          sectionAt(c, 0, u, out);
          expect(out[0]).toBeCloseTo(x - u, 12);
          expect(out[1]).toBeCloseTo(y, 12);
        }
      }),
      { numRuns: RUNS },
    );
  });

  // decision 61
  it("x(u) is monotone, so the skin never folds along the bone", () => {
    fc.assert(
      fc.property(sectionArb, (keypoints) => {
        const c = compileBulge({ sections: [{ angle: 0, keypoints }] });
        const out = pair();
        let last = Number.NEGATIVE_INFINITY;
        let worst = 0;
        for (let k = 0; k <= 1000; k++) {
          const u = k / 1000;
          sectionAt(c, 0, u, out);
          const x = out[0]! + u;
          worst = Math.max(worst, last - x);
          last = x;
        }
        expect(worst).toBeLessThanOrEqual(1e-12);
      }),
      { numRuns: RUNS },
    );
  });

  // decision 61
  it("a monotone cubic, not a plain cubic spline: no overshoot of y between keypoints", () => {
    const c = compileBulge({
      sections: [
        {
          angle: 0,
          keypoints: [
            [0, 0, 0],
            [0.2, 0.2, 0],
            [0.4, 0.4, 0.5],
            [1, 1, 0.5],
          ],
        },
      ],
    });
    const out = pair();
    for (let k = 0; k <= 100; k++) {
      sectionAt(c, 0, k / 100, out);
      expect(out[1]).toBeGreaterThanOrEqual(-1e-12);
      expect(out[1]).toBeLessThanOrEqual(0.5 + 1e-12);
    }
    // And C¹: the slope on both sides of a keypoint agrees.
    const h = 1e-6;
    sectionAt(c, 0, 0.4 - h, out);
    const left = out[1]!;
    sectionAt(c, 0, 0.4, out);
    const mid = out[1]!;
    sectionAt(c, 0, 0.4 + h, out);
    expect((mid - left) / h).toBeCloseTo((out[1]! - mid) / h, 3);
  });
});

describe("periodic interpolation over the section angles", () => {
  it("at a section's angle, exactly that section", () => {
    fc.assert(
      fc.property(definitionArb, fc.integer({ min: 0, max: 1000 }), (def, k) => {
        const c = compileBulge(def);
        const u = k / 1000;
        const got = pair();
        const want = pair();
        const sorted = [...def.sections].sort((a, b) => a.angle - b.angle);
        sorted.forEach((s, i) => {
          bulgeAt(c, u, (s.angle * Math.PI) / 180, got, pair());
          sectionAt(c, i, u, want);
          expect(got[0]).toBeCloseTo(want[0]!, 12);
          expect(got[1]).toBeCloseTo(want[1]!, 12);
        });
      }),
      { numRuns: RUNS },
    );
  });

  // decision 63
  it("is continuous across 360° → 0° and periodic", () => {
    fc.assert(
      fc.property(definitionArb, fc.integer({ min: 0, max: 1000 }), (def, k) => {
        const c = compileBulge(def);
        const u = k / 1000;
        const a = pair();
        const b = pair();
        bulgeAt(c, u, 2 * Math.PI - 1e-9, a, pair());
        bulgeAt(c, u, 0, b, pair());
        expect(Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!)).toBeLessThan(1e-6);
        bulgeAt(c, u, 1 + 2 * Math.PI, a, pair());
        bulgeAt(c, u, 1 - 4 * Math.PI, b, pair());
        expect(a[1]).toBeCloseTo(b[1]!, 9);
      }),
      { numRuns: RUNS },
    );
  });

  it("Generic: halfway between 0° and 180° is halfway between the sections", () => {
    const c = compileBulge(GENERIC);
    const out = pair();
    bulgeAt(c, 0.5, Math.PI / 2, out, pair());
    expect(out[1]).toBeCloseTo(0.125, 12);
    bulgeAt(c, 0.5, -Math.PI / 2, out, pair());
    expect(out[1]).toBeCloseTo(0.125, 12);
    bulgeAt(c, 0.5, Math.PI, out, pair());
    expect(out[1]).toBe(0);
  });

  it("one section applies all around the bone", () => {
    const c = compileBulge({ sections: [GENERIC.sections[0]!] });
    const a = pair();
    const b = pair();
    bulgeAt(c, 0.5, 0, a, pair());
    bulgeAt(c, 0.5, 2.5, b, pair());
    expect([...b]).toEqual([...a]);
  });
});

describe("amount", () => {
  // decision 64
  it("0 at rest and when flexed the other way, 1 at the full angle and beyond, smooth and monotone between", () => {
    expect(bulgeAmount(0, 90)).toBe(0);
    expect(bulgeAmount(-30, 90)).toBe(0);
    expect(bulgeAmount(90, 90)).toBe(1);
    expect(bulgeAmount(120, 90)).toBe(1);
    expect(bulgeAmount(45, 90)).toBe(0.5);
    let last = 0;
    for (let a = 0; a <= 90; a += 0.5) {
      const v = bulgeAmount(a, 90);
      expect(v).toBeGreaterThanOrEqual(last);
      last = v;
    }
    // Zero slope at both ends (no jump in speed as the bulge starts or stops).
    expect(bulgeAmount(0.01, 90) / 0.01).toBeLessThan(1e-3);
  });
});

describe("the deformer", () => {
  const rig = armRig();
  const rest = new Float32Array([...cylinder(-0.05, 0.6, 0.04), 0.15, 0, 0.2, 0.15, 0.5, 0]);

  // decision 65
  it("amount 0 is the identity of the bulge: a pure linear-blend skin", () => {
    const flat = new BulgeDeformer(rig, [GENERIC], rest);
    const noBulge = new BulgeDeformer(rig, [], rest);
    for (const elbow of [0, -40, 60]) {
      const angles = poseAngles(rig, { elbow: Math.min(elbow, 0), shoulder: 10 }).angles;
      expect(maxDiff(flat.deform(angles), noBulge.deform(angles))).toBe(0);
    }
    // At rest everything is where it was.
    expect(maxDiff(flat.deform(new Float64Array(2)), rest)).toBeLessThan(1e-7);
    // And a scale of 0 is a flat bulge whatever the angle.
    const zero = new BulgeDeformer(armRig(5, 90, 0), [GENERIC], rest);
    const angles = poseAngles(rig, { elbow: 90 }).angles;
    expect(maxDiff(zero.deform(angles), noBulge.deform(angles))).toBe(0);
  });

  it("deform is skin of bulgedRest; jointMatrices writes the same into a reused array", () => {
    const d = new BulgeDeformer(rig, [GENERIC], rest);
    const angles = poseAngles(rig, { elbow: 70, shoulder: -25 }).angles;
    const once = d.deform(angles);
    expect(maxDiff(d.skin(d.bulgedRest(angles), angles), once)).toBe(0);
    const parents = parentIndices(rig);
    const reused = jointMatrices(rig, parents, poseAngles(rig, { elbow: 10 }).angles);
    jointMatrices(rig, parents, angles, reused);
    expect(maxDiff(reused, jointMatrices(rig, parents, angles))).toBe(0);
    expect(maxDiff(d.deform(angles), once)).toBe(0);
    // A definition set compiled is the same as set as is.
    const flat = new BulgeDeformer(rig, [], rest);
    flat.setCompiled(GENERIC.code, compileBulge(GENERIC));
    expect(maxDiff(flat.deform(angles), once)).toBe(0);
  });

  it("vertices outside the span or beyond the radius are not moved by the bulge", () => {
    const d = new BulgeDeformer(rig, [GENERIC], rest);
    const bulged = d.bulgedRest(poseAngles(rig, { elbow: 90 }).angles);
    let moved = 0;
    for (let i = 0; i < rest.length / 3; i++) {
      const x = rest[i * 3]!;
      const r = Math.hypot(rest[i * 3 + 1]!, rest[i * 3 + 2]!);
      const dist = Math.hypot(
        bulged[i * 3]! - x,
        bulged[i * 3 + 1]! - rest[i * 3 + 1]!,
        bulged[i * 3 + 2]! - rest[i * 3 + 2]!,
      );
      if (x < 0 || x > 0.3 || r > 0.08) expect(dist).toBe(0);
      else if (dist > 0) moved++;
    }
    expect(moved).toBeGreaterThan(100);
  });

  it("property: any vertex outside u ∈ [0, 1] or beyond the radius is not moved by the bulge", () => {
    fc.assert(
      fc.property(
        definitionArb,
        fc.array(
          fc.tuple(
            fc.double({ min: -0.3, max: 0.9, noNaN: true }),
            fc.double({ min: 0, max: 0.2, noNaN: true }),
            fc.double({ min: 0, max: 7, noNaN: true }),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 180 }),
        (def, points, flex) => {
          const pts = new Float32Array(
            points.flatMap(([x, r, phi]) => [x, r * Math.cos(phi), r * Math.sin(phi)]),
          );
          const d = new BulgeDeformer(rig, [def], pts);
          const bulged = d.bulgedRest(poseAngles(rig, { elbow: flex }).angles);
          for (let i = 0; i < pts.length / 3; i++) {
            const x = pts[i * 3]!;
            const r = Math.hypot(pts[i * 3 + 1]!, pts[i * 3 + 2]!);
            if (x < -1e-6 || x > 0.3 + 1e-6 || r > 0.08 + 1e-9) {
              for (let a = 0; a < 3; a++) expect(bulged[i * 3 + a]).toBe(pts[i * 3 + a]);
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  // decision 225
  it("at a keypoint the displacement is (x − u less the line through its ends, y × end falloff) × bone length × amount, for one section at any angle", () => {
    fc.assert(
      fc.property(
        sectionArb,
        fc.integer({ min: 0, max: 359 }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.integer({ min: 1, max: 120 }),
        (keypoints, angle, phi, flex) => {
          const def = { code: 7, sections: [{ angle, keypoints }] };
          const r = 0.05;
          const pts = new Float32Array(
            keypoints.flatMap(([u]) => [0.3 * u, r * Math.cos(phi), r * Math.sin(phi)]),
          );
          const d = new BulgeDeformer(armRig(7, 90, 1), [def], pts, {
            index: new Uint16Array((pts.length / 3) * 2),
            weight: new Float32Array((pts.length / 3) * 2).map((_, i) => (i % 2 === 0 ? 1 : 0)),
          });
          const amount = bulgeAmount(flex, 90);
          const out = d.deform(poseAngles(armRig(), { elbow: flex }).angles);
          const a0 = keypoints[0]![1] - keypoints[0]![0];
          const a1 = keypoints.at(-1)![1] - 1;
          keypoints.forEach(([u, x, y0], k) => {
            const along = x - u - (a0 + u * (a1 - a0));
            const y = y0 * endFalloff(u);
            const c = Math.fround(r * Math.cos(phi));
            const s = Math.fround(r * Math.sin(phi));
            const rr = Math.hypot(c, s);
            const want = [
              0.3 * u + along * 0.3 * amount,
              c + (y * 0.3 * amount * c) / rr,
              s + (y * 0.3 * amount * s) / rr,
            ];
            for (let a = 0; a < 3; a++) expect(out[k * 3 + a]).toBeCloseTo(want[a]!, 5);
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("a vertex fully weighted to one bone moves rigidly with it", () => {
    const weights = skinWeights(rig, rest);
    const d = new BulgeDeformer(rig, [], rest, weights);
    const out = d.deform(poseAngles(rig, { shoulder: 30, elbow: 50 }).angles);
    const c1 = Math.cos(Math.PI / 6);
    const s1 = Math.sin(Math.PI / 6);
    const c2 = Math.cos((80 * Math.PI) / 180);
    const s2 = Math.sin((80 * Math.PI) / 180);
    const elbow = [0.3 * c1, 0.3 * s1];
    let checked = 0;
    for (let i = 0; i < rest.length / 3; i++) {
      if (weights.weight[i * 2] !== 1) continue;
      const [x, y, z] = [rest[i * 3]!, rest[i * 3 + 1]!, rest[i * 3 + 2]!];
      const want =
        weights.index[i * 2] === 0
          ? [c1 * x - s1 * y, s1 * x + c1 * y, z]
          : [elbow[0]! + c2 * (x - 0.3) - s2 * y, elbow[1]! + s2 * (x - 0.3) + c2 * y, z];
      for (let a = 0; a < 3; a++) expect(out[i * 3 + a]).toBeCloseTo(want[a]!, 6);
      checked++;
    }
    expect(checked).toBeGreaterThan(rest.length / 3 / 2);
  });

  // decision 66
  it("skin weights: rigid far from the joint, half and half at it, always summing to 1", () => {
    const pts = Float32Array.of(0.1, 0.04, 0, 0.3, 0.04, 0, 0.5, 0.04, 0, 0.31, 0.04, 0);
    const w = skinWeights(rig, pts);
    expect([w.index[0], w.weight[0]]).toEqual([0, 1]);
    expect([w.index[4], w.weight[4]]).toEqual([1, 1]);
    expect(w.weight[2]).toBeCloseTo(0.5, 6);
    expect(w.weight[6]! + w.weight[7]!).toBeCloseTo(1, 6);
    expect(w.weight[7]).toBeGreaterThan(0);
    expect(w.weight[7]).toBeLessThan(0.5);
  });

  // decision 47
  it("the elbow's bulge grows on the upper arm as the elbow flexes; the forearm is not bulged", () => {
    const d = new BulgeDeformer(rig, [GENERIC], rest);
    const top = (flex: number) => {
      const b = d.bulgedRest(poseAngles(rig, { elbow: flex }).angles);
      // The vertex at u ≈ 0.5 on the +y side (angle 0 from the axis +y).
      let best = 0;
      for (let i = 0; i < rest.length / 3; i++) {
        if (rest[i * 3 + 1]! > 0.039 && Math.abs(rest[i * 3]! - 0.15) < 0.02)
          best = Math.max(best, b[i * 3 + 1]! - rest[i * 3 + 1]!);
      }
      return best;
    };
    expect(top(0)).toBe(0);
    expect(top(30)).toBeGreaterThan(0);
    expect(top(60)).toBeGreaterThan(top(30));
    expect(top(90)).toBeCloseTo(0.25 * 0.3, 2);
  });

  it("a code the catalogue lacks is listed and does nothing", () => {
    const d = new BulgeDeformer(armRig(99), [GENERIC], rest);
    expect(d.missingCodes).toEqual([99]);
    expect(maxDiff(d.bulgedRest(poseAngles(rig, { elbow: 90 }).angles), rest)).toBe(0);
  });

  it("a definition without sections (made in memory) does nothing", () => {
    const d = new BulgeDeformer(rig, [{ code: 5, sections: [] }], rest);
    expect(maxDiff(d.bulgedRest(poseAngles(rig, { elbow: 90 }).angles), rest)).toBe(0);
  });

  it("setDefinition re-shapes a live deformer", () => {
    const d = new BulgeDeformer(rig, [GENERIC], rest);
    const angles = poseAngles(rig, { elbow: 90 }).angles;
    const before = Float32Array.from(d.deform(angles));
    d.setDefinition({
      code: 5,
      sections: [
        {
          angle: 0,
          keypoints: [
            [0, 0, 0],
            [1, 1, 0],
          ],
        },
      ],
    });
    expect(maxDiff(d.deform(angles), new BulgeDeformer(rig, [], rest).deform(angles))).toBe(0);
    expect(maxDiff(before, d.deform(angles))).toBeGreaterThan(0.01);
  });

  it("work is linear in the vertex count (same per-vertex result at any size)", () => {
    const small = cylinder(0, 0.3, 0.04, 10, 8);
    const big = new Float32Array(small.length * 10);
    for (let k = 0; k < 10; k++) big.set(small, k * small.length);
    const angles = poseAngles(rig, { elbow: 70 }).angles;
    const a = new BulgeDeformer(rig, [GENERIC], small).deform(angles);
    const b = new BulgeDeformer(rig, [GENERIC], big).deform(angles);
    expect(maxDiff(b.subarray(9 * small.length), a)).toBe(0);
  });

  it("poses: unknown joints are named; parents move their children", () => {
    expect(poseAngles(rig, { wrist: 3 }).unknown).toEqual(["wrist"]);
    const m = jointMatrices(rig, parentIndices(rig), [90, 0]);
    // The elbow's head follows the shoulder's 90° turn about z: (0.3, 0, 0) → (0, 0.3, 0).
    const hx = 0.3 * m[12]! + m[15]!;
    const hy = 0.3 * m[16]! + m[19]!;
    expect(hx).toBeCloseTo(0, 12);
    expect(hy).toBeCloseTo(0.3, 12);
  });
});
