/**
 * The default catalogue a project gets when it has no `misc_data/bulge_types`
 * (`bulge init`; the studio does the same): the manual's "Generic" code 5
 * exactly, and a few muscle shapes a character TD reaches for first. Section
 * angles are degrees from the joint's reference axis (0 = its front).
 */
import type { BulgeCatalogue, BulgeDefinition } from "./model.js";
import { copyDefinition } from "./ops.js";
import { writeBulgeTypes } from "./write.js";

/** The manual's example from the default `bulge_types`, exactly. */
export const GENERIC_BULGE: BulgeDefinition = {
  name: "Generic",
  code: 5,
  line: 0,
  sections: [
    {
      angle: 0,
      keypoints: [
        [0, 0, 0.008335],
        [0.5, 0.5, 0.25],
        [1, 1, 0],
      ],
    },
    {
      angle: 180,
      keypoints: [
        [0, 0, 0],
        [1, 1, 0],
      ],
    },
  ],
};

const ENDS = {
  start: [0, 0, 0] as [number, number, number],
  end: [1, 1, 0] as [number, number, number],
};

/** The shipped definitions, in file order. */
export const DEFAULT_BULGES: readonly BulgeDefinition[] = [
  GENERIC_BULGE,
  {
    // Front of the upper arm: peaks past the middle and bunches towards the shoulder as it flexes.
    name: "Biceps",
    code: 1,
    line: 0,
    sections: [
      {
        angle: 0,
        keypoints: [
          ENDS.start,
          [0.25, 0.22, 0.04],
          [0.55, 0.5, 0.16],
          [0.85, 0.84, 0.05],
          ENDS.end,
        ],
      },
      { angle: 90, keypoints: [ENDS.start, [0.55, 0.52, 0.06], ENDS.end] },
      { angle: 180, keypoints: [ENDS.start, ENDS.end] },
      { angle: 270, keypoints: [ENDS.start, [0.55, 0.52, 0.06], ENDS.end] },
    ],
  },
  {
    // Back of the lower leg: high and full, tapering into the tendon.
    name: "Calf",
    code: 2,
    line: 0,
    sections: [
      { angle: 0, keypoints: [ENDS.start, ENDS.end] },
      { angle: 90, keypoints: [ENDS.start, [0.3, 0.28, 0.05], ENDS.end] },
      { angle: 180, keypoints: [ENDS.start, [0.3, 0.26, 0.14], [0.65, 0.62, 0.05], ENDS.end] },
      { angle: 270, keypoints: [ENDS.start, [0.3, 0.28, 0.05], ENDS.end] },
    ],
  },
  {
    // A round swelling all around the bone (one section applies everywhere).
    name: "Belly",
    code: 3,
    line: 0,
    sections: [
      {
        angle: 0,
        keypoints: [ENDS.start, [0.3, 0.3, 0.1], [0.5, 0.5, 0.15], [0.7, 0.7, 0.1], ENDS.end],
      },
    ],
  },
  {
    // A flattening of the front, as skin pressed against a surface.
    name: "Flat",
    code: 4,
    line: 0,
    sections: [
      { angle: 0, keypoints: [ENDS.start, [0.2, 0.2, -0.04], [0.8, 0.8, -0.04], ENDS.end] },
      { angle: 180, keypoints: [ENDS.start, ENDS.end] },
    ],
  },
  {
    // Back of the upper arm: a long, lower swell that slides towards the elbow.
    name: "Triceps",
    code: 6,
    line: 0,
    sections: [
      { angle: 0, keypoints: [ENDS.start, ENDS.end] },
      { angle: 180, keypoints: [ENDS.start, [0.4, 0.43, 0.09], [0.75, 0.77, 0.04], ENDS.end] },
    ],
  },
  {
    // Shoulder cap: near the bone's head, wrapping front, side and back.
    name: "Deltoid",
    code: 7,
    line: 0,
    sections: [
      { angle: 0, keypoints: [ENDS.start, [0.2, 0.18, 0.1], [0.5, 0.5, 0.02], ENDS.end] },
      { angle: 90, keypoints: [ENDS.start, [0.2, 0.18, 0.12], [0.5, 0.5, 0.02], ENDS.end] },
      { angle: 180, keypoints: [ENDS.start, [0.2, 0.18, 0.08], [0.5, 0.5, 0.02], ENDS.end] },
    ],
  },
];

/** A fresh copy of the default catalogue (lines 0: made in memory; an empty error log). */
export function defaultCatalogue(): BulgeCatalogue {
  return { bulges: DEFAULT_BULGES.map(copyDefinition), errlog: [] };
}

/** The default `bulge_types` text, as `bulge init` writes it. */
export function defaultBulgeTypes(): string {
  return writeBulgeTypes({ bulges: DEFAULT_BULGES as BulgeDefinition[] });
}
