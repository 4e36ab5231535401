/** Diagnostic codes of the CAD matrices file (`CAD_Matrixes.dat`). */
import type { CodeOf, DiagnosticTable, KindOf } from "../../core/diagnostics.js";

/** `CAD_Matrixes.dat` diagnostic kinds. */
export const CAD = {
  missingFinalNewline: {
    code: "CAD001",
    args: [],
    severity: "warning",
    summary: "The file does not end with an end-of-line character.",
  },
  endOfFile: {
    code: "CAD002",
    severity: "error",
    summary: "The file ended where a value was expected.",
  },
  notInteger: {
    code: "CAD003",
    args: ["found"],
    severity: "error",
    summary: "An integer was expected; the token is not a number.",
  },
  integerForm: {
    code: "CAD004",
    args: ["found"],
    severity: "error",
    summary: "An integer was expected; the number has a sign, point or exponent.",
  },
  notReal: {
    code: "CAD005",
    args: ["found"],
    severity: "error",
    summary: "A matrix entry is not a finite real number.",
  },
  bodyCountMismatch: {
    code: "CAD006",
    args: ["count", "found"],
    severity: "error",
    summary: "The number of bodies in the file differs from the body count on its first line.",
  },
  badFlag: {
    code: "CAD010",
    args: ["found"],
    severity: "error",
    summary: "The CAD flag of a solver is not 0 or 1.",
  },
  missingMatrix: {
    code: "CAD011",
    args: ["found"],
    severity: "error",
    summary: "The flag is 1 but no matrix of 12 reals follows.",
  },
  unexpectedMatrix: {
    code: "CAD012",
    args: ["found"],
    severity: "error",
    summary: "The flag is 0 but a matrix follows (a matrix is present exactly when the flag is 1).",
  },
  unknownSolverType: {
    code: "CAD013",
    args: ["type", "body"],
    severity: "warning",
    summary: "The solver type is not one of the mesh animation types (0 thermal, 1 stress-strain).",
  },
  duplicateBody: {
    code: "CAD014",
    args: ["body"],
    severity: "error",
    summary: "The same body number appears twice.",
  },
  bodyNumber: {
    code: "CAD015",
    args: ["body"],
    severity: "error",
    summary: "Body number is not a positive integer.",
  },
  duplicateSolver: {
    code: "CAD016",
    args: ["body", "type"],
    severity: "warning",
    summary: "A body has two solvers of the same type; `amx create` and checks use the first.",
  },
  notRotation: {
    code: "CAD020",
    args: ["body", "deviation", "det"],
    severity: "warning",
    summary: "The 3×3 part of a matrix is not orthonormal with determinant +1 (tolerance 1e-3).",
  },
} as const satisfies DiagnosticTable;

/** A `CAD_Matrixes.dat` diagnostic kind: what the format's readers and checks may report. */
export type CadKind = KindOf<typeof CAD>;

/** The literal union of `CAD_Matrixes.dat` diagnostic codes (`"CAD001" | …`). */
export type CadCode = CodeOf<typeof CAD>;
