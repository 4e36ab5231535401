/** The bulge formats as the property suites see them, their generators, and the seeds fuzzing starts from. */
import fc from "fast-check";
import { expect } from "vitest";
import {
  BLG,
  type BulgeCatalogue,
  type BulgeDefinition,
  defaultBulgeTypes,
  type Keypoint,
  readBulgeTypes,
  validateCatalogue,
  writeBulgeTypes,
  writtenLines,
} from "../../src/bulge/catalogue/index.js";
import {
  type Joint,
  RIG,
  type Rig,
  readRig,
  validateRig,
  writeRig,
} from "../../src/bulge/rig/index.js";
import { fixture } from "../helpers.js";
import type { Writable } from "../property-suites.js";

/** A name Alias accepts: ASCII 32–126 without `"`, at least one character. */
const nameArb = fc.string({
  unit: fc
    .integer({ min: 32, max: 126 })
    .filter((c) => c !== 34)
    .map((c) => String.fromCharCode(c)),
  minLength: 1,
  maxLength: 12,
});

/** `n` strictly increasing values in [0, 1] (sorted distinct doubles). */
function increasing(n: number, pinned: boolean): fc.Arbitrary<number[]> {
  const inner = fc
    .double({ min: 0, max: 1, noNaN: true, noDefaultInfinity: true })
    .map((v) => (v === 0 ? 0 : v));
  return fc
    .uniqueArray(inner, { minLength: pinned ? n - 2 : n, maxLength: pinned ? n - 2 : n })
    .filter((vs) => !pinned || vs.every((v) => v > 0 && v < 1))
    .map((vs) => {
      const sorted = [...vs].sort((a, b) => a - b);
      return pinned ? [0, ...sorted, 1] : sorted;
    });
}

/** A section that meets every restriction. */
const sectionArb = (angle: number) =>
  fc.integer({ min: 2, max: 5 }).chain((n) =>
    fc
      .tuple(
        increasing(n, true),
        increasing(n, false),
        fc.array(fc.double({ min: -0.5, max: 0.5, noNaN: true }), { minLength: n, maxLength: n }),
      )
      .map(([u, x, y]) => ({
        angle,
        keypoints: u.map((v, i): Keypoint => [v, x[i]!, y[i]!]),
      })),
  );

/** A complete definition (code set later). */
const definitionArb: fc.Arbitrary<Omit<BulgeDefinition, "code" | "line">> = fc
  .record({
    name: nameArb,
    angles: fc.uniqueArray(fc.integer({ min: 0, max: 360 }), {
      minLength: 1,
      maxLength: 4,
      selector: (a) => a % 360,
    }),
  })
  .chain(({ name, angles }) =>
    fc.tuple(...angles.map(sectionArb)).map((sections) => ({ name, sections })),
  );

/** A catalogue of complete definitions with unique codes, lines where the writer puts them. */
export const catalogueArb: fc.Arbitrary<BulgeCatalogue> = fc
  .uniqueArray(fc.tuple(fc.nat({ max: 2 ** 31 }), definitionArb), {
    maxLength: 5,
    selector: ([code]) => code,
  })
  .map((defs) => {
    const bulges = defs.map(([code, d]) => ({ name: d.name, code, line: 0, sections: d.sections }));
    const lines = writtenLines({ bulges });
    bulges.forEach((b, i) => {
      b.line = lines[i]!;
    });
    return { bulges, errlog: [] };
  });

/** `bulge_types` text. */
export const BULGE_TYPES_UNDER_TEST: Writable<BulgeCatalogue, string> = {
  name: "bulge_types",
  codes: BLG,
  read: readBulgeTypes,
  write: writeBulgeTypes,
  validate: (m) => validateCatalogue(m),
  // Lines are where the writer puts the definitions (a read file's may differ).
  same: (expected, actual) => {
    const lines = writtenLines(expected);
    const bulges = expected.bulges.map((d, i) => ({ ...d, line: lines[i]! }));
    expect(actual).toEqual({ bulges, errlog: [] });
  },
  invariants: (r) => {
    // The lister never shows two definitions with one code, and every omission is logged.
    const m = r.model!;
    if (new Set(m.bulges.map((d) => d.code)).size !== m.bulges.length)
      throw new Error("codes repeat");
    if (validateCatalogue(m).length > 0)
      throw new Error("the lister shows an ill-defined definition");
  },
};

const finite = fc
  .double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
  .map((v) => (v === 0 ? 0 : v));
const vec = fc.tuple(finite, finite, finite);

/** Any rig the writer can write (valid or not semantically). */
export const rigArb: fc.Arbitrary<Rig> = fc
  .record({
    mesh: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
    joints: fc.array(
      fc.record({
        name: fc.string({ maxLength: 6 }),
        parent: fc.nat(),
        head: vec,
        tail: vec,
        axis: vec,
        radius: finite,
        flexAxis: vec,
        bulge: fc.option(fc.record({ code: fc.nat(), fullAngle: finite, scale: finite }), {
          nil: undefined,
        }),
      }),
      { maxLength: 4 },
    ),
  })
  .map(({ mesh, joints }) => {
    const out: Joint[] = joints.map((j, i) => {
      const joint: Joint = {
        name: j.name,
        parent: i === 0 || j.parent % 3 === 0 ? null : joints[j.parent % i]!.name,
        head: j.head,
        tail: j.tail,
        axis: j.axis,
        radius: j.radius,
        flexAxis: j.flexAxis,
      };
      if (j.bulge) joint.bulge = j.bulge;
      return joint;
    });
    return { version: 1 as const, ...(mesh === undefined ? {} : { mesh }), joints: out };
  });

/** The rig file. */
export const RIG_UNDER_TEST: Writable<Rig, string> = {
  name: "rig",
  codes: RIG,
  read: readRig,
  write: writeRig,
  validate: (m) => validateRig(m),
};

/** The manual's example, the mixed fixture, the default catalogue and generated catalogues. */
export const BULGE_TYPES_SEEDS = fc.oneof(
  fc.constantFrom(
    fixture("bulge/manual-generic.bulge_types"),
    fixture("bulge/mixed.bulge_types"),
    defaultBulgeTypes(),
  ),
  catalogueArb.map(writeBulgeTypes),
);

/** The arm rig fixture and generated rigs. */
export const RIG_SEEDS = fc.oneof(fc.constant(fixture("bulge/arm.rig.json")), rigArb.map(writeRig));
