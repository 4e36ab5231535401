/** Diagnostic codes of the bulge catalogue (`misc_data/bulge_types`, spec `bulge-types.md`). */
import type { CodeOf, DiagnosticTable, KindOf } from "../../core/diagnostics.js";

/**
 * `bulge_types` diagnostic kinds. Every error leaves its definition out of
 * the lister (an `omitted` entry of the error log); a reassigned code is a
 * warning (a `code-reassigned` entry).
 */
export const BLG = {
  stray: {
    code: "BLG001",
    args: ["found"],
    severity: "error",
    summary:
      "Text where a definition must begin: `bulge:` was expected (skipped up to the next `bulge:`).",
  },
  badName: {
    code: "BLG002",
    severity: "error",
    summary:
      'The name after `bulge:` is missing or not closed by a double quote on its line (`"…"` or `“…”`).',
  },
  nameCharacter: {
    code: "BLG003",
    severity: "error",
    summary: "The name is empty or has a character outside ASCII 32–126, or a double quote.",
  },
  unexpected: {
    code: "BLG004",
    severity: "error",
    summary:
      "A keyword is missing or out of place (`code:` after the name, `angle:` before keypoints).",
  },
  badCode: {
    code: "BLG005",
    args: ["bulge", "found"],
    severity: "error",
    summary: "The code is not an integer ≥ 0 (no sign, point or exponent).",
  },
  badAngle: {
    code: "BLG006",
    args: ["bulge", "found"],
    severity: "error",
    summary: "A section angle is not an integer from 0 to 360.",
  },
  badKeypoint: {
    code: "BLG007",
    severity: "error",
    summary: "A keypoint value is not a finite real, or a keypoint has fewer than three values.",
  },
  noSection: {
    code: "BLG008",
    args: ["bulge"],
    severity: "error",
    summary: "The definition has no section (`angle:`); at least one is needed.",
  },
  fewKeypoints: {
    code: "BLG009",
    args: ["count"],
    severity: "error",
    summary: "A section has fewer than two keypoints.",
  },
  repeatedAngle: {
    code: "BLG010",
    args: ["bulge", "angle"],
    severity: "error",
    summary: "Two sections of one definition have the same angle (360 is the direction of 0).",
  },
  firstNotZero: {
    code: "BLG011",
    args: ["found"],
    severity: "error",
    summary: "The first keypoint of a section is not at bone position 0.0.",
  },
  lastNotOne: {
    code: "BLG012",
    args: ["found"],
    severity: "error",
    summary: "The last keypoint of a section is not at bone position 1.0.",
  },
  notIncreasing: {
    code: "BLG013",
    args: ["value", "previous"],
    severity: "error",
    summary: "A keypoint's first or second value is not greater than the previous keypoint's.",
  },
  outOfBone: {
    code: "BLG014",
    args: ["value"],
    severity: "error",
    summary: "A keypoint's first or second value is outside [0.0, 1.0].",
  },
  depthRange: {
    code: "BLG015",
    args: ["value"],
    severity: "error",
    summary: "A keypoint's third value is outside [−0.5, 0.5].",
  },
  codeReassigned: {
    code: "BLG020",
    args: ["bulge", "old", "new"],
    severity: "warning",
    summary:
      "The code is used by an earlier complete definition; the definition gets the smallest free code.",
  },
  duplicateCode: {
    code: "BLG021",
    args: ["bulge", "code", "other"],
    severity: "error",
    summary: "Two definitions of a catalogue made in memory (an edit, a merge) have the same code.",
  },
  openEnd: {
    code: "BLG030",
    args: ["bulge", "angle", "position", "value"],
    severity: "warning",
    summary:
      'A section\'s profile does not end at 0 (x ≠ u or y ≠ 0 at bone position 0.0 or 1.0): the deformer fades it to 0 near the end (docs/bulge-deformation.md, "Meeting the surface"), so the skin differs from the drawn shape there.',
  },
  codeKept: {
    code: "BLG022",
    args: ["bulge", "code", "written"],
    severity: "info",
    summary:
      "A removal wrote a reassigned definition's code in place of its written one, so that its code does not change.",
  },
  codeWouldChange: {
    code: "BLG023",
    args: ["bulge", "code", "new", "other"],
    severity: "error",
    summary:
      "A merge would give this definition another code (its code is taken by a definition of the first catalogue); refused unless asked to renumber.",
  },
} as const satisfies DiagnosticTable;

/** A `bulge_types` diagnostic kind. */
export type BulgeKind = KindOf<typeof BLG>;

/** The literal union of `bulge_types` diagnostic codes (`"BLG001" | …`). */
export type BulgeCode = CodeOf<typeof BLG>;
