/** Diagnostic codes of the packed mesh series (`*.dmesh`) and model folder (docs/formats/mesh-pack.md). */
import type { CodeOf, DiagnosticTable, KindOf } from "../../core/diagnostics.js";

/** Every diagnostic kind of the packed mesh series reader. */
export const MESH_PACK = {
  notPacked: {
    code: "FMT013",
    args: ["version"],
    severity: "error",
    summary:
      "not a packed mesh series or model folder of a version this reader knows (magic or version); nothing read",
  },
  badHeader: {
    code: "FMT014",
    args: ["problem"],
    severity: "error",
    summary:
      "the packed mesh series' or model folder's header is unreadable or inconsistent (JSON, counts, sizes, or more values than a player holds); nothing read",
  },
  badSection: {
    code: "FMT015",
    args: ["section"],
    severity: "error",
    summary:
      "a section of the packed mesh series is cut short or does not inflate to its declared size; nothing read",
  },
  badNode: {
    code: "FMT016",
    args: ["index", "nodes"],
    severity: "error",
    summary:
      "a cell, line or point names a node past the node count, or a cell type is unknown; nothing read",
  },
} as const satisfies DiagnosticTable;

/** A kind of {@link MESH_PACK}. */
export type MeshPackKind = KindOf<typeof MESH_PACK>;
/** A code of {@link MESH_PACK}. */
export type MeshPackCode = CodeOf<typeof MESH_PACK>;
