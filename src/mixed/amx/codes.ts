/** Diagnostic codes of the mixed animation file (`*.amx`) and of its cross-file checks. */
import type { CodeOf, DiagnosticTable, KindOf } from "../../core/diagnostics.js";

/** `.amx` diagnostic kinds. */
export const AMX = {
  missingFinalNewline: {
    code: "AMX001",
    args: [],
    severity: "error",
    summary: "The file does not end with an end-of-line character (the seed requires one).",
  },
  endOfFile: {
    code: "AMX002",
    severity: "error",
    summary: "The file ended where a value was expected (a count promised more).",
  },
  notInteger: {
    code: "AMX003",
    args: ["found"],
    severity: "error",
    summary: "An integer was expected; the token is not a number.",
  },
  integerForm: {
    code: "AMX004",
    args: ["found"],
    severity: "error",
    summary: "An integer was expected; the number has a sign, point or exponent (`1.0`, `+1`).",
  },
  notReal: {
    code: "AMX005",
    args: ["found"],
    severity: "error",
    summary: "A matrix entry is not a finite real number (`nan`, `inf`, `1e999`, text).",
  },
  trailingTokens: {
    code: "AMX006",
    args: ["extra", "count"],
    severity: "error",
    summary: "Tokens follow the last body the count announced.",
  },
  unknownType: {
    code: "AMX010",
    args: ["type", "body"],
    severity: "error",
    summary: "Mesh animation type is not 0 (thermal) or 1 (stress-strain).",
  },
  scalarParamRange: {
    code: "AMX011",
    args: ["index", "type", "last"],
    severity: "error",
    summary:
      "Scalar parameter index is not valid for the animation type (the type has 1 scalar: index 0).",
  },
  vectorParamRange: {
    code: "AMX012",
    args: ["index", "type", "last"],
    severity: "error",
    summary:
      "Vector parameter index is not valid for the animation type (the type has 1 vector: index 0).",
  },
  variantInUseRange: {
    code: "AMX013",
    args: ["used", "last", "body", "count"],
    severity: "error",
    summary: "Index of the variant in use is outside 0 … variant count − 1.",
  },
  noVariants: {
    code: "AMX014",
    args: ["body"],
    severity: "error",
    summary: "A body has a variant count of 0 (at least one mesh animation is needed).",
  },
  bodyNumber: {
    code: "AMX015",
    args: ["body"],
    severity: "error",
    summary: "Body number is not a positive integer.",
  },
  duplicateBody: {
    code: "AMX016",
    args: ["body", "first"],
    severity: "error",
    summary: "The same body number appears twice in the file.",
  },
  noBodies: {
    code: "AMX017",
    args: [],
    severity: "warning",
    summary: "The body count is 0: the mixed animation replaces nothing.",
  },
  missingExtension: {
    code: "AMX020",
    args: ["name", "expected"],
    severity: "error",
    summary: "A file name has no extension (the seed requires one).",
  },
  unexpectedExtension: {
    code: "AMX021",
    args: ["name", "expected"],
    severity: "warning",
    summary: "The MBS file name does not end in `.amb`, or a mesh file name not in `.agr`.",
  },
  notRotation: {
    code: "AMX030",
    args: ["body", "deviation", "det"],
    severity: "warning",
    summary: "The 3×3 part of a matrix is not orthonormal with determinant +1 (tolerance 1e-3).",
  },
  mbsFileMissing: {
    code: "AMX100",
    args: ["file"],
    severity: "error",
    summary: "The MBS animation file named by the `.amx` does not exist next to it.",
  },
  meshFileMissing: {
    code: "AMX101",
    args: ["file"],
    severity: "error",
    summary: "A mesh animation file named by the `.amx` does not exist next to it.",
  },
  cadFileMissing: {
    code: "AMX102",
    args: [],
    severity: "warning",
    summary:
      "No `CAD_Matrixes.dat` next to the `.amx`: body numbers and matrices are not cross-checked.",
  },
  bodyNotInCad: {
    code: "AMX103",
    args: ["body"],
    severity: "error",
    summary: "The body number does not appear in `CAD_Matrixes.dat`.",
  },
  solverNotInCad: {
    code: "AMX104",
    args: ["type", "body"],
    severity: "error",
    summary: "`CAD_Matrixes.dat` has no solver of this type attached to the body.",
  },
  cadHasNoMatrix: {
    code: "AMX105",
    args: ["body", "type"],
    severity: "warning",
    summary:
      "`CAD_Matrixes.dat` has the solver but no CAD model (flag 0), so the matrix cannot be checked.",
  },
  matrixDiffersFromCad: {
    code: "AMX106",
    args: ["body", "type", "entry", "here", "there"],
    severity: "warning",
    summary: "The matrix differs from the CAD matrix of that body and solver type.",
  },
  bodyNotInMbs: {
    code: "AMX107",
    args: ["body", "file"],
    severity: "error",
    summary: "The body number does not appear in the MBS animation (`.amb`).",
  },
  meshTypeMismatch: {
    code: "AMX108",
    args: ["file", "found", "type"],
    severity: "error",
    summary: "The mesh animation file holds another animation type than the `.amx` declares.",
  },
  paramBeyondMesh: {
    code: "AMX109",
    args: ["index", "count", "file"],
    severity: "error",
    summary:
      "The scalar or vector parameter index is beyond the parameters the mesh animation file holds.",
  },
  unreadableFile: {
    code: "AMX110",
    args: ["file"],
    severity: "error",
    summary: "A referenced file exists but cannot be read (permissions, a folder, I/O error).",
  },
  cadWithoutSolver: {
    code: "AMX120",
    args: ["body", "type"],
    severity: "error",
    summary:
      "`amx create`: the body or solver type asked for has no CAD matrix in `CAD_Matrixes.dat`.",
  },
  variantUnknownBody: {
    code: "AMX121",
    args: ["body", "index"],
    severity: "error",
    summary:
      "`amx create`: `--variant` names a body that has no `--body`, or an index beyond its variants.",
  },
  createMissingFile: {
    code: "AMX122",
    args: ["file"],
    severity: "warning",
    summary: "`amx create`: a file the new `.amx` names does not exist (yet) next to it.",
  },
  fileNameWhitespace: {
    code: "AMX123",
    args: ["name"],
    severity: "error",
    summary: "`amx create`: a file name contains whitespace (the seed forbids it).",
  },
} as const satisfies DiagnosticTable;

/** An `.amx` diagnostic kind: what the format's readers and checks may report. */
export type AmxKind = KindOf<typeof AMX>;

/** The literal union of `.amx` diagnostic codes (`"AMX001" | …`). */
export type AmxCode = CodeOf<typeof AMX>;
