/** Diagnostic codes of format recognition, `deforma check` and every command that reads a file; listed in `docs/formats/diagnostics.md`. */
import { type DiagnosticTable, FINDINGS_CAPPED } from "../diagnostics.js";

/** Every diagnostic kind of the format registry's checks. */
export const FORMAT = {
  unknown: {
    code: "FMT001",
    severity: "error",
    summary: "no known format has this file's name or content; the message says what it looks like",
  },
  nameMismatch: {
    code: "FMT002",
    args: ["named", "found"],
    severity: "warning",
    summary: "the name says one format and the content another; the file is read as its content",
  },
  unreadable: {
    code: "FMT003",
    args: ["file"],
    severity: "error",
    summary: "the file cannot be read (missing, a folder, no permission)",
  },
  readerFailed: {
    code: "FMT004",
    severity: "error",
    summary: "the format's reader failed unexpectedly (a defect: please report it with the file)",
  },
  notThisFormat: {
    code: "FMT005",
    args: ["named"],
    severity: "error",
    summary:
      "the name says a format, but the content is binary data that format cannot start with; not read",
  },
  otherFormat: {
    code: "FMT006",
    severity: "error",
    summary:
      "a command was given a file of another format than it reads (e.g. a binary .agr to 'amx validate'); not read",
  },
  capped: FINDINGS_CAPPED,
  notShareable: {
    code: "FMT008",
    args: ["format"],
    severity: "error",
    summary:
      "'share' was given a file of a format it cannot write as HTML (shareable: live scenes and the kinds docs/player.md lists)",
  },
  shareHasErrors: {
    code: "FMT009",
    args: ["file"],
    severity: "error",
    summary: "the file to share has errors (listed with it), so no HTML is written for it",
  },
  shareCompanion: {
    code: "FMT010",
    args: ["file"],
    severity: "error",
    summary:
      "a file the shared one names (a key-frame picture, a frame) cannot be read, so it cannot be put in the HTML",
  },
  shareTooLarge: {
    code: "FMT011",
    args: ["size", "limit"],
    severity: "error",
    summary: "the data to put in the HTML is larger than one shared page may hold; not written",
  },
  shareNothing: {
    code: "FMT012",
    severity: "error",
    summary: "the file holds nothing a shared page could show (no frames, no key frames)",
  },
  shareNoCharacter: {
    code: "FMT017",
    args: ["file"],
    severity: "error",
    summary:
      "a bulge catalogue was given to 'share' alone: the page shows a character, so share its rig (*.rig.json) or .glb, and the catalogue beside it comes along",
  },
  shareNoBend: {
    code: "FMT018",
    args: ["reason"],
    severity: "error",
    summary:
      "the bulge character to share has nothing the flex slider can bend (no joint with a bulge, no skin, or a rig that misses its mesh)",
  },
} as const satisfies DiagnosticTable;
