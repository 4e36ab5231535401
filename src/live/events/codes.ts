/** Diagnostic codes of a live events file (EVENTS.json, docs/formats/live-events.md). */
import type { CodeOf, DiagnosticTable, KindOf } from "../../core/diagnostics.js";

/** Events-file diagnostic kinds. */
export const EVT = {
  json: {
    code: "EVT001",
    severity: "error",
    summary: "The file is not valid JSON (the message says what was expected where).",
  },
  type: {
    code: "EVT002",
    severity: "error",
    summary:
      "A value has the wrong type: the file is not an array, an entry not an object, `atMs` or `value` not a number, `event` or `signal` not a string.",
  },
  missing: {
    code: "EVT003",
    args: ["input", "signal"],
    severity: "error",
    summary:
      "An entry lacks `atMs`, or has neither `event` nor `signal`, or a signal lacks `value`.",
  },
  both: {
    code: "EVT004",
    args: ["input"],
    severity: "error",
    summary: "An entry has both `event` and `signal` (one input per entry).",
  },
  unknown: {
    code: "EVT005",
    args: ["input", "member"],
    severity: "warning",
    summary:
      "A member the format does not know (a misspelling?), or `payload`/`value` on the wrong kind of entry; ignored.",
  },
  time: {
    code: "EVT006",
    args: ["input", "found"],
    severity: "error",
    summary: "`atMs` is negative (milliseconds from the player's start, ≥ 0).",
  },
  name: {
    code: "EVT007",
    args: ["input"],
    severity: "error",
    summary: "An event or signal name is empty.",
  },
  duplicateMember: {
    code: "EVT008",
    args: ["input", "member"],
    severity: "error",
    summary: "A member is given twice in one entry.",
  },
  unhandled: {
    code: "EVT009",
    args: ["name"],
    severity: "warning",
    summary:
      "`live render`: no rule of the scene reacts to this event or signal (a misspelt name?); it is delivered and changes nothing.",
  },
} as const satisfies DiagnosticTable;

/** An events-file diagnostic kind. */
export type EvtKind = KindOf<typeof EVT>;
/** An events-file diagnostic code (`EVT001` …). */
export type EvtCode = CodeOf<typeof EVT>;
