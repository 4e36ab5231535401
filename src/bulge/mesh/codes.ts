/** Diagnostic codes of the Wavefront OBJ mesh reader (`*.obj`). */
import type { CodeOf, DiagnosticTable, KindOf } from "../../core/diagnostics.js";

/** OBJ diagnostic kinds. */
export const OBJ = {
  notNumber: {
    code: "OBJ001",
    args: ["found"],
    severity: "error",
    summary: "A coordinate is not a finite real number, or is beyond the float32 range (±3.4e38).",
  },
  tooFewValues: {
    code: "OBJ002",
    args: ["keyword", "found"],
    severity: "error",
    summary: "A `v` or `vn` line has fewer than 3 numbers, or a `vt` line none.",
  },
  badIndex: {
    code: "OBJ003",
    severity: "error",
    summary:
      "A face corner is not `v`, `v/vt`, `v//vn` or `v/vt/vn` with non-zero integer indices.",
  },
  indexRange: {
    code: "OBJ004",
    args: ["index", "count"],
    severity: "error",
    summary:
      "A face corner refers to a vertex, texture coordinate or normal that is not defined (yet).",
  },
  shortFace: {
    code: "OBJ005",
    args: ["found"],
    severity: "error",
    summary: "A face has fewer than 3 corners.",
  },
  ignored: {
    code: "OBJ006",
    args: ["keyword"],
    severity: "warning",
    summary:
      "A statement this reader does not use (lines, points, curves, free-form surfaces) is skipped.",
  },
  noFaces: {
    code: "OBJ007",
    args: ["vertices", "faces"],
    severity: "error",
    summary: "The file has no vertices or no faces: there is no mesh to deform.",
  },
} as const satisfies DiagnosticTable;

/** An OBJ diagnostic kind. */
export type ObjKind = KindOf<typeof OBJ>;
/** An OBJ diagnostic code (`OBJ001` …). */
export type ObjCode = CodeOf<typeof OBJ>;
