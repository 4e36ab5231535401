/** Diagnostic codes of the skinned glTF reader (`*.glb`, docs/formats/glb.md). */
import type { CodeOf, DiagnosticTable, KindOf } from "../../core/diagnostics.js";

/** glTF diagnostic kinds. */
export const GLT = {
  unreadable: {
    code: "GLT001",
    args: ["reason"],
    severity: "error",
    summary: "The file is not a readable binary glTF 2.0 (the message says what the reader met).",
  },
  costly: {
    code: "GLT002",
    args: ["reason"],
    severity: "error",
    summary:
      "An accessor does not fit its buffer view, or the accessors without data would take more than 64 MiB: the file is not read.",
  },
  noMesh: {
    code: "GLT003",
    severity: "error",
    summary:
      "No mesh of the file has a triangle primitive with positions: there is nothing to deform.",
  },
  indexRange: {
    code: "GLT004",
    args: ["mesh", "index", "count"],
    severity: "error",
    summary: "A triangle refers to a vertex its primitive does not have.",
  },
  notTriangles: {
    code: "GLT005",
    args: ["mesh", "mode"],
    severity: "warning",
    summary:
      "A primitive of points, lines or strips is skipped (only triangle lists are deformed).",
  },
  noSkinData: {
    code: "GLT006",
    args: ["mesh"],
    severity: "error",
    summary: "A skinned mesh's primitive has no JOINTS_0 and WEIGHTS_0 of 4 per vertex.",
  },
  jointRange: {
    code: "GLT007",
    args: ["mesh", "vertex", "joint", "count"],
    severity: "error",
    summary: "A vertex's JOINTS_0 names a joint its skin does not have.",
  },
  weightSum: {
    code: "GLT008",
    args: ["mesh", "vertex", "sum", "count"],
    severity: "warning",
    summary:
      "A vertex's WEIGHTS_0 do not sum to 1 (within 0.002); they are used as they are, as glTF viewers do.",
  },
  inverseBind: {
    code: "GLT009",
    args: ["skin", "found", "count"],
    severity: "error",
    summary:
      "A skin's inverse bind matrices are not one invertible affine matrix per joint (absent ones are identity).",
  },
  duplicateName: {
    code: "GLT010",
    args: ["name", "renamed"],
    severity: "warning",
    summary:
      "Two meshes have the same name (or none): the later one is picked by the name given in the message.",
  },
} as const satisfies DiagnosticTable;

/** A glTF diagnostic kind. */
export type GltKind = KindOf<typeof GLT>;
/** A glTF diagnostic code (`GLT001` …). */
export type GltCode = CodeOf<typeof GLT>;
