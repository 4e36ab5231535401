/** Diagnostic codes of the rig file (`*.rig.json`, docs/formats/rig.md). */
import type { CodeOf, DiagnosticTable, KindOf } from "../../core/diagnostics.js";

/** Rig diagnostic kinds. */
export const RIG = {
  json: {
    code: "RIG001",
    severity: "error",
    summary: "The file is not valid JSON (the message says what was expected where).",
  },
  type: {
    code: "RIG002",
    severity: "error",
    summary:
      "A value has the wrong type (an object, array, string, number or 3-vector was expected).",
  },
  missing: {
    code: "RIG003",
    args: ["member"],
    severity: "error",
    summary:
      "A required member is missing (`version`, `joints`, or a joint's `name`, `head`, `tail`, …).",
  },
  unknown: {
    code: "RIG004",
    args: ["member", "known"],
    severity: "warning",
    summary: "A member this version of the format does not know (a misspelling?); it is ignored.",
  },
  version: {
    code: "RIG005",
    args: ["found"],
    severity: "error",
    summary: "The format version is not 1.",
  },
  duplicateJoint: {
    code: "RIG006",
    args: ["joint"],
    severity: "error",
    summary: "Two joints have the same name.",
  },
  parent: {
    code: "RIG007",
    args: ["joint", "parent"],
    severity: "error",
    summary: "A joint's parent is not a joint listed before it (unknown, itself, or later).",
  },
  zeroBone: {
    code: "RIG008",
    args: ["joint"],
    severity: "error",
    summary: "A joint's head and tail coincide: the bone has no length.",
  },
  axis: {
    code: "RIG009",
    args: ["joint"],
    severity: "error",
    summary: "A joint's reference axis is zero or parallel to its bone.",
  },
  radius: {
    code: "RIG010",
    args: ["joint", "found"],
    severity: "error",
    summary: "A joint's influence radius is not greater than 0.",
  },
  flexAxis: {
    code: "RIG011",
    args: ["joint"],
    severity: "error",
    summary: "A joint's flex axis is the zero vector.",
  },
  bulgeCode: {
    code: "RIG012",
    args: ["joint", "found"],
    severity: "error",
    summary: "A bulge attribute's code is not an integer ≥ 0.",
  },
  fullAngle: {
    code: "RIG013",
    args: ["joint", "found"],
    severity: "error",
    summary: "A bulge attribute's full-bulge angle is not in (0, 180] degrees.",
  },
  scale: {
    code: "RIG014",
    args: ["joint", "found"],
    severity: "error",
    summary: "A bulge attribute's scale is negative.",
  },
  emptyName: {
    code: "RIG015",
    args: ["index"],
    severity: "error",
    summary: "A joint's name is empty.",
  },
  noJoints: {
    code: "RIG016",
    args: [],
    severity: "warning",
    summary: "The rig has no joints.",
  },
  duplicateMember: {
    code: "RIG017",
    args: ["member"],
    severity: "error",
    summary: "An object has the same member twice.",
  },
  unknownCode: {
    code: "RIG020",
    args: ["joint", "code", "catalogue"],
    severity: "error",
    summary:
      "A bulge attribute's code is not in the project's catalogue (`misc_data/bulge_types`).",
  },
  limits: {
    code: "RIG030",
    args: ["joint", "min", "max"],
    severity: "error",
    summary:
      "A joint's flex limits `[min, max]` do not hold the rest pose (min ≤ 0 ≤ max), leave −180…180 degrees, or have min ≥ max.",
  },
  unit: {
    code: "RIG031",
    args: ["joint", "found"],
    severity: "error",
    summary: 'A bulge attribute\'s unit is neither "bone" nor "radius".',
  },
  reassignedCode: {
    code: "RIG021",
    args: ["joint", "code", "bulge", "written", "line", "catalogue"],
    severity: "warning",
    summary:
      "A bulge code is one the catalogue's reader reassigned (the definition's written code is taken): an edit of the catalogue could move it.",
  },
  noCatalogue: {
    code: "RIG022",
    args: ["catalogue"],
    severity: "warning",
    summary: "The rig has bulge codes but there is no catalogue to check them against.",
  },
  unreadableCatalogue: {
    code: "RIG023",
    args: ["catalogue", "reason"],
    severity: "warning",
    summary: "The rig has bulge codes but its catalogue cannot be read; they are not checked.",
  },
  noSkin: {
    code: "RIG040",
    severity: "error",
    summary: "`rig from-gltf`: the glTF has no skin, so there is no skeleton to make a rig from.",
  },
  jointRenamed: {
    code: "RIG041",
    args: ["name", "renamed"],
    severity: "warning",
    summary:
      "`rig from-gltf`: a joint's node has no name or the name of an earlier joint; the rig names it as the message says.",
  },
  noBoneLength: {
    code: "RIG042",
    args: ["joint"],
    severity: "warning",
    summary:
      "`rig from-gltf`: a joint has no child joint apart from its head (or a leaf has no parent bone); its tail is placed along its local +Y axis.",
  },
  noSkinnedVertex: {
    code: "RIG043",
    args: ["joint"],
    severity: "info",
    summary:
      "`rig from-gltf`: no vertex is weighted mostly to a joint, so its influence radius is a quarter of its bone's length.",
  },
  flexFromClip: {
    code: "RIG044",
    args: ["joint", "clip", "keys", "degrees", "axis"],
    severity: "info",
    summary:
      "`rig from-gltf`: a joint's flex axis is the dominant axis of its turns in the file's clips (the message names the clip that turns it most, its keys and the axis in the joint's frame).",
  },
  flexFallback: {
    code: "RIG045",
    args: ["min", "count", "joints"],
    severity: "info",
    summary:
      "`rig from-gltf`: no clip turns these joints by more than a few degrees, so their flex axis is their local +X (edit `flexAxis` if they bend about another axis).",
  },
} as const satisfies DiagnosticTable;

/** A rig diagnostic kind. */
export type RigKind = KindOf<typeof RIG>;

/** The literal union of rig diagnostic codes (`"RIG001" | …`). */
export type RigCode = CodeOf<typeof RIG>;
