/**
 * A bulge term's reach (issue 22): the deformer evaluates a definition's
 * surface only once per rest vertex in reach, then a pose costs one
 * multiply-add per such vertex; a new definition gets a new reach.
 */
import { describe, expect, it } from "vitest";
import type { Keypoint } from "../../src/bulge/catalogue/model.js";
import {
  BulgeDeformer,
  type CompiledBulge,
  compileBulge,
  poseAngles,
} from "../../src/bulge/deform/index.js";
import { armRig, cylinder, GENERIC } from "./deform-fixtures.js";

const rig = armRig();
// The whole arm and some way past it, so that vertices lie outside the bulge's reach.
const rest = cylinder(-0.1, 0.7, 0.06, 40, 16);

/** A compiled definition that counts the reads of its fields. */
function counted(c: CompiledBulge): { c: CompiledBulge; reads: () => number } {
  let n = 0;
  const p = new Proxy(c, {
    get(target, key) {
      n++;
      return target[key as keyof CompiledBulge];
    },
  });
  return { c: p, reads: () => n };
}

describe("the deformer's bulge reach", () => {
  // decision 303
  it("evaluates the surface once per definition: a later pose reads the definition only to see it is there", () => {
    const d = new BulgeDeformer(rig, [], rest);
    const { c, reads } = counted(compileBulge(GENERIC));
    d.setCompiled(5, c);
    d.deform(poseAngles(rig, { elbow: 60 }).angles);
    const first = reads();
    expect(first).toBeGreaterThan(rest.length / 3);
    d.deform(poseAngles(rig, { elbow: 100 }).angles);
    expect(reads() - first).toBeLessThan(5);
  });

  // decision 303
  it("gives what a fresh deformer gives, after another definition and at another amount", () => {
    const d = new BulgeDeformer(rig, [GENERIC], rest);
    const at = (elbow: number) => poseAngles(rig, { elbow }).angles;
    d.deform(at(45));
    const other = {
      code: 5,
      sections: GENERIC.sections.map((s) => ({
        ...s,
        keypoints: s.keypoints.map(([u, x, y]): Keypoint => [u, x, y * 2]),
      })),
    };
    d.setDefinition(other);
    const fresh = new BulgeDeformer(rig, [other], rest);
    for (const elbow of [30, 90]) {
      const a = d.deform(at(elbow));
      const b = fresh.deform(at(elbow));
      let worst = 0;
      for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
      expect(worst).toBeLessThan(1e-12);
    }
  });

  it("moves only vertices in reach, and the displacement is linear in the amount", () => {
    const d = new BulgeDeformer(rig, [GENERIC], rest);
    const half = Float64Array.from(d.bulgedRest(poseAngles(rig, { elbow: 45 }).angles));
    const full = d.bulgedRest(poseAngles(rig, { elbow: 90 }).angles);
    let moved = 0;
    let still = 0;
    for (let i = 0; i < rest.length; i++) {
      const a = half[i]! - rest[i]!;
      const b = full[i]! - rest[i]!;
      if (b === 0) still++;
      else moved++;
      expect(Math.abs(b - 2 * a)).toBeLessThan(1e-12);
    }
    expect(moved).toBeGreaterThan(0);
    expect(still).toBeGreaterThan(0);
  });
});
