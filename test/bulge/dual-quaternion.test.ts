/** Dual-quaternion skinning: no candy wrapper, no elbow collapse; the same as the linear blend for rigid vertices. */
import { describe, expect, it } from "vitest";
import {
  BulgeDeformer,
  dualQuaternions,
  jointMatrices,
  parentIndices,
  poseAngles,
} from "../../src/bulge/deform/index.js";
import type { Rig } from "../../src/bulge/rig/model.js";
import { armRig, cylinder } from "./deform-fixtures.js";

const RADIUS = 0.04;
const AROUND = 32;

/** The arm of the fixtures with the elbow turning about `flexAxis`. */
function arm(flexAxis: [number, number, number]): Rig {
  const rig = armRig();
  rig.joints[1]!.flexAxis = flexAxis;
  return rig;
}

/** The ring of the cylinder at the elbow (x = 0.3): half on each bone. */
function elbowRing(): Float32Array {
  const p = new Float32Array(AROUND * 3);
  for (let a = 0; a < AROUND; a++) {
    const phi = (2 * Math.PI * a) / AROUND;
    p.set([0.3, RADIUS * Math.cos(phi), RADIUS * Math.sin(phi)], a * 3);
  }
  return p;
}

/** Area of the closed polygon `p` (x, y, z per point) projected across the direction `n` (unit). */
function sectionArea(p: Float32Array, n: readonly number[]): number {
  let sx = 0;
  let sy = 0;
  let sz = 0;
  const count = p.length / 3;
  for (let i = 0; i < count; i++) {
    const j = (i + 1) % count;
    const [ax, ay, az] = [p[i * 3]!, p[i * 3 + 1]!, p[i * 3 + 2]!];
    const [bx, by, bz] = [p[j * 3]!, p[j * 3 + 1]!, p[j * 3 + 2]!];
    sx += ay * bz - az * by;
    sy += az * bx - ax * bz;
    sz += ax * by - ay * bx;
  }
  return Math.abs(0.5 * (sx * n[0]! + sy * n[1]! + sz * n[2]!));
}

/** The ring deformed at the elbow's `angle` with each skinning. */
function both(rig: Rig, angle: number): { linear: Float32Array; dq: Float32Array } {
  const ring = elbowRing();
  const d = new BulgeDeformer(rig, [], ring);
  expect(Array.from(d.weights.weight.slice(0, 2))).toEqual([0.5, 0.5]);
  const angles = poseAngles(rig, { elbow: angle }).angles;
  const linear = d.deform(angles);
  d.skinning = "dual-quaternion";
  return { linear, dq: d.deform(angles) };
}

describe("dual-quaternion skinning", () => {
  const rest = Math.PI * RADIUS * RADIUS;

  // decision 229
  it("twisting about the bone: the linear blend collapses the elbow's cross-section (candy wrapper), dual quaternions keep it", () => {
    const rig = arm([1, 0, 0]);
    for (const angle of [90, 150, 180]) {
      const { linear, dq } = both(rig, angle);
      const l = sectionArea(linear, [1, 0, 0]) / rest;
      const q = sectionArea(dq, [1, 0, 0]) / rest;
      expect(q, `dq at ${angle}°`).toBeGreaterThan(0.97);
      expect(q, `dq at ${angle}°`).toBeLessThan(1.03);
      expect(l, `linear at ${angle}°`).toBeLessThan(0.55);
    }
    // At 180° the linear blend squeezes the ring to a point.
    expect(sectionArea(both(rig, 180).linear, [1, 0, 0]) / rest).toBeLessThan(1e-6);
  });

  it("bending the elbow: the ring at the joint keeps its radius with dual quaternions, shrinks with the linear blend", () => {
    const rig = arm([0, 0, 1]);
    const head = [0.3, 0, 0];
    const spread = (p: Float32Array) => {
      let lo = Number.POSITIVE_INFINITY;
      for (let i = 0; i < p.length / 3; i++) {
        lo = Math.min(
          lo,
          Math.hypot(p[i * 3]! - head[0]!, p[i * 3 + 1]! - head[1]!, p[i * 3 + 2]! - head[2]!),
        );
      }
      return lo / RADIUS;
    };
    const { linear, dq } = both(rig, 150);
    expect(spread(dq)).toBeGreaterThan(0.97);
    expect(spread(linear)).toBeLessThan(0.3);
  });

  it("a vertex on one bone moves exactly as with the linear blend; the rest pose is the identity", () => {
    const rig = arm([0, 0, 1]);
    const rest = cylinder(-0.05, 0.6, RADIUS, 24, 8);
    const d = new BulgeDeformer(rig, [], rest);
    const angles = poseAngles(rig, { shoulder: 35, elbow: 80 }).angles;
    const linear = d.deform(angles);
    d.skinning = "dual-quaternion";
    const dq = d.deform(angles);
    let rigid = 0;
    for (let i = 0; i < rest.length / 3; i++) {
      if (d.weights.weight[i * 2 + 1] !== 0) continue;
      rigid++;
      for (let a = 0; a < 3; a++) expect(dq[i * 3 + a]).toBeCloseTo(linear[i * 3 + a]!, 6);
    }
    expect(rigid).toBeGreaterThan(100);
    const still = d.deform(new Float64Array(2));
    for (let i = 0; i < rest.length; i++) expect(still[i]).toBeCloseTo(rest[i]!, 7);
    // Each joint's dual quaternion has a unit real part orthogonal to its dual part.
    const dq8 = dualQuaternions(jointMatrices(rig, parentIndices(rig), angles), 2);
    for (let j = 0; j < 2; j++) {
      const r = dq8.slice(j * 8, j * 8 + 4);
      const e = dq8.slice(j * 8 + 4, j * 8 + 8);
      expect(Math.hypot(...r)).toBeCloseTo(1, 12);
      expect(r[0]! * e[0]! + r[1]! * e[1]! + r[2]! * e[2]! + r[3]! * e[3]!).toBeCloseTo(0, 12);
    }
  });
});
