/** Diagnostic codes of the `.amb` reader and checker; listed in `docs/formats/amb.md`. */
import type { CodeOf, DiagnosticTable, KindOf } from "../../core/diagnostics.js";

/** Every `.amb` diagnostic kind, declared once. */
export const AMB = {
  badMagic: {
    code: "AMB001",
    severity: "error",
    summary: "not an .amb file: neither 'DEFORMA-AMB' text nor the binary magic",
  },
  badVersion: {
    code: "AMB002",
    args: ["found"],
    severity: "error",
    summary: "format version other than 1",
  },
  unexpectedEnd: {
    code: "AMB003",
    severity: "error",
    summary: "the file ends before what its counts promise (text) or is truncated (binary)",
  },
  expectedKeyword: {
    code: "AMB004",
    severity: "error",
    summary: "a section keyword is missing or misspelled",
  },
  badInteger: {
    code: "AMB005",
    args: ["found"],
    severity: "error",
    summary: "an unsigned integer (digits only) was expected",
  },
  badReal: {
    code: "AMB006",
    args: ["found"],
    severity: "error",
    summary: "a finite real was expected (nan, inf and out-of-range values are errors)",
  },
  trailing: { code: "AMB007", severity: "error", summary: "tokens or bytes after the last frame" },
  finalNewline: {
    code: "AMB008",
    args: [],
    severity: "error",
    summary: "the text does not end with a line break",
  },
  tooManyErrors: {
    code: "AMB009",
    args: [],
    severity: "error",
    summary: "reading stopped after 100 errors",
  },
  unknownGeometry: {
    code: "AMB010",
    args: ["body", "found"],
    severity: "error",
    summary: "unknown body geometry (none, box, cylinder, sphere)",
  },
  bodyNumber: {
    code: "AMB011",
    args: ["found"],
    severity: "error",
    summary: "a body number is not a positive integer below 2^32",
  },
  duplicateBody: {
    code: "AMB012",
    args: ["body", "first"],
    severity: "error",
    summary: "two bodies share a number",
  },
  bodyOrder: {
    code: "AMB013",
    args: ["body", "frame", "found"],
    severity: "error",
    summary: "a frame's body rows do not follow the body list order",
  },
  badName: {
    code: "AMB014",
    severity: "error",
    summary: "body name empty, with whitespace, longer than 255 bytes or not UTF-8",
  },
  geometrySize: {
    code: "AMB015",
    args: ["body", "found"],
    severity: "error",
    summary: "a geometry size is not a positive finite number",
  },
  badTimes: {
    code: "AMB016",
    severity: "error",
    summary: "frame times not finite or not strictly increasing",
  },
  noFrames: {
    code: "AMB017",
    args: [],
    severity: "error",
    summary: "no frames (at least one is needed)",
  },
  notRotation: {
    code: "AMB018",
    args: ["body", "frame", "count", "deviation", "det"],
    severity: "warning",
    summary: "a placement's 3×3 part is not a proper rotation within 1e-3",
  },
  nonFinite: {
    code: "AMB019",
    args: ["body", "frame"],
    severity: "error",
    summary: "non-finite number (NaN or infinity) in binary or in-memory matrices",
  },
  badSize: {
    code: "AMB020",
    severity: "error",
    summary: "binary: the name block or file size disagrees with the header",
  },
  reserved: {
    code: "AMB021",
    args: ["found"],
    severity: "warning",
    summary: "binary: a reserved field is not 0",
  },
  shape: {
    code: "AMB022",
    args: ["expected", "found"],
    severity: "error",
    summary: "in-memory model: the matrices' length is not frames × bodies × 12",
  },
  textTooLarge: {
    code: "AMB023",
    severity: "error",
    summary:
      "text: the file is larger than one JavaScript string holds (about 512 MiB); use the binary encoding",
  },
} as const satisfies DiagnosticTable;

/** An `.amb` diagnostic kind: what the format's readers and checks may report. */
export type AmbKind = KindOf<typeof AMB>;

/** The literal union of `.amb` diagnostic codes (`"AMB001" | …`). */
export type AmbCode = CodeOf<typeof AMB>;
