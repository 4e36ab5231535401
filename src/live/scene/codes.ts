/** Diagnostic codes of the live scene (`*.scene.json`, docs/formats/live-scene.md). */
import type { CodeOf, DiagnosticTable, KindOf } from "../../core/diagnostics.js";

/** Live scene diagnostic kinds. */
export const LIVE = {
  json: {
    code: "LIV001",
    severity: "error",
    summary: "The file is not valid JSON (the message says what was expected where).",
  },
  type: {
    code: "LIV002",
    severity: "error",
    summary:
      "A value has the wrong type (an object, array, string, number or `[x, y]` was expected); the part is left out.",
  },
  missing: {
    code: "LIV003",
    args: ["member"],
    severity: "error",
    summary:
      "A required member is missing (`version`, `size`, `zeroFrame`, `frames`, a frame's `name`, `image`, `points`, a rule's `story`, …).",
  },
  unknown: {
    code: "LIV004",
    args: ["member", "known"],
    severity: "warning",
    summary: "A member this version of the format does not know (a misspelling?); it is ignored.",
  },
  version: {
    code: "LIV005",
    args: ["found"],
    severity: "error",
    summary: "The format version is not 1.",
  },
  duplicateMember: {
    code: "LIV006",
    args: ["member"],
    severity: "error",
    summary:
      "An object has the same member twice (also two points or two stories of one name); the first counts.",
  },
  duplicateFrame: {
    code: "LIV007",
    args: ["frame"],
    severity: "error",
    summary: "Two key frames have the same name.",
  },
  unknownFrame: {
    code: "LIV008",
    args: ["frame", "story"],
    severity: "error",
    summary: "The zero frame or a story names a key frame the scene does not have.",
  },
  unknownStory: {
    code: "LIV009",
    args: ["story"],
    severity: "error",
    summary: "A rule names a story the scene does not have.",
  },
  missingPoint: {
    code: "LIV010",
    args: ["point", "frame", "other"],
    severity: "error",
    summary:
      "A control point of one key frame is missing in another (the message names both frames and the point).",
  },
  cutPoint: {
    code: "LIV011",
    args: ["cut", "point"],
    severity: "error",
    summary: "A cut names a point that is not a control point of its frame.",
  },
  shortCut: {
    code: "LIV012",
    args: ["cut", "count"],
    severity: "error",
    summary: "A cut has fewer than 2 points.",
  },
  size: {
    code: "LIV013",
    args: ["width", "height"],
    severity: "error",
    summary: "The picture size is not two integers in 1 … 8192.",
  },
  outside: {
    code: "LIV014",
    args: ["point", "x", "y"],
    severity: "warning",
    summary: "A control point lies outside the picture.",
  },
  param: {
    code: "LIV015",
    args: ["param", "found"],
    severity: "error",
    summary:
      "A parameter is out of range: `rateHz` > 0, `inbetweens` an integer in 1 … 1000, `radiusCorrection` ≥ 0, `cutBand` ≥ 0, `classicReading` fraction, carry or literal, `classicOwnCut` blocks or passes, `classicBandHoles` fromL or ownSide, `classicClosing` keeps or covers, `engine` classic or improved, `returnToZero` cut or morph.",
  },
  condition: {
    code: "LIV016",
    severity: "error",
    summary:
      "A rule's signal condition (`when`) is not `NAME OP NUMBER` with OP one of `>`, `>=`, `<`, `<=`; located at the offending character.",
  },
  ruleValue: {
    code: "LIV017",
    args: ["field", "found"],
    severity: "error",
    summary:
      "A rule's `priority` is not an integer, its `cooldownMs` is negative, or its `idleMs` is not > 0.",
  },
  emptyStory: {
    code: "LIV018",
    args: ["story"],
    severity: "warning",
    summary: "A story lists no key frames (a rule that names it shows nothing).",
  },
  imagePath: {
    code: "LIV019",
    args: ["frame"],
    severity: "error",
    summary:
      "A frame's image path is not a relative `/`-separated path to a `.png` inside the scene's folder (absolute, `\\`, `..` leaving it, or another extension).",
  },
  trigger: {
    code: "LIV020",
    severity: "error",
    summary: "A rule has none, or more than one, of `event`, `when` and `idleMs`.",
  },
  emptyName: {
    code: "LIV021",
    severity: "error",
    summary: "A frame, point, story, event or signal name is empty.",
  },
  signalName: {
    code: "LIV022",
    args: ["signal"],
    severity: "error",
    summary:
      "A declared signal's name is not a NAME of the condition grammar (a letter or `_`, then letters, digits, `_`, `.`, `-`).",
  },
  duplicateSignal: {
    code: "LIV023",
    args: ["signal"],
    severity: "error",
    summary: "Two declared signals have the same name.",
  },
  signalRange: {
    code: "LIV024",
    args: ["signal", "min", "max"],
    severity: "error",
    summary: "A declared signal's `min` is not less than its `max`.",
  },
  pinKind: {
    code: "LIV030",
    args: ["found"],
    severity: "error",
    summary: "A pin's `kind` is not `still` or `free`; the pin is left out.",
  },
  pinMask: {
    code: "LIV031",
    severity: "error",
    summary:
      "A pin's mask is empty: a polygon of fewer than 3 corners, of no area, or covering no pixel of the picture; the pin is left out.",
  },
  regionPoint: {
    code: "LIV039",
    args: ["region", "point"],
    severity: "error",
    summary: "A region names a point that is not a control point of the scene.",
  },
  regionOverlap: {
    code: "LIV040",
    args: ["point", "region", "other"],
    severity: "error",
    summary: "A control point belongs to two regions (each point is moved by one region at most).",
  },
  unknownRegion: {
    code: "LIV041",
    args: ["region", "story"],
    severity: "error",
    summary: "A story names a region the scene does not have.",
  },
  regionMask: {
    code: "LIV042",
    args: ["region"],
    severity: "error",
    summary:
      "A region's mask is empty: a polygon of fewer than 3 corners, of no area, or covering no pixel of the picture; the region is left out.",
  },
  feather: {
    code: "LIV043",
    args: ["found"],
    severity: "error",
    summary: "A mask's `feather` is not a number ≥ 0 (pixels); the mask keeps a hard edge.",
  },
  drive: {
    code: "LIV044",
    args: ["story", "field", "found"],
    severity: "error",
    summary:
      "A story's `drive` is unusable: `signal` not a NAME, `from` equal to `to`, `attackMs` or `releaseMs` negative; the story is not driven.",
  },
  drivenRule: {
    code: "LIV045",
    args: ["story"],
    severity: "error",
    summary: "A rule names a driven story (a signal plays it, not a rule); the rule is left out.",
  },
  twoDrives: {
    code: "LIV046",
    args: ["region", "story", "other"],
    severity: "error",
    summary: "Two driven stories play in one region; the first counts.",
  },
  driveFrames: {
    code: "LIV047",
    args: ["story"],
    severity: "error",
    summary:
      "A driven story does not list exactly one key frame (the one the signal moves towards).",
  },
  emptyRegion: {
    code: "LIV048",
    args: ["region"],
    severity: "warning",
    summary: "A region lists no control points (its stories only fade pictures in its mask).",
  },
  storyOption: {
    code: "LIV035",
    args: ["story", "field", "found"],
    severity: "error",
    summary:
      "A story's option is out of range: `inbetweens` an integer in 1 … 1000, `durationMs` > 0 (at most 1000 in-betweens), `easing` linear, ease-in, ease-out, ease-in-out or `[x1, y1, x2, y2]` with x1, x2 in 0 … 1, `returnToZero` cut or morph.",
  },
  storyLength: {
    code: "LIV036",
    args: ["story"],
    severity: "error",
    summary: "A story gives both `inbetweens` and `durationMs`; give one (the first given counts).",
  },
  queue: {
    code: "LIV037",
    args: ["found"],
    severity: "error",
    summary: "A rule's `queue` is not one of wait, enqueue, drop, replace.",
  },
  idleRange: {
    code: "LIV038",
    args: ["found"],
    severity: "error",
    summary:
      "A rule's `idleMs` range is not `[min, max]` with 0 < min ≤ max, or its `seed` is not an integer (a `seed` needs an `idleMs` range).",
  },
} as const satisfies DiagnosticTable;

/** A live scene diagnostic kind. */
export type LiveKind = KindOf<typeof LIVE>;

/** The literal union of live scene diagnostic codes (`"LIV001" | …`). */
export type LiveCode = CodeOf<typeof LIVE>;
