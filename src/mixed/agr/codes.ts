/** Diagnostic codes of the `.agr` reader and checker; listed in `docs/formats/agr.md`. */
import type { CodeOf, DiagnosticTable, KindOf } from "../../core/diagnostics.js";

/** Every `.agr` diagnostic kind, declared once. */
export const AGR = {
  badMagic: {
    code: "AGR001",
    severity: "error",
    summary: "not an .agr file: neither 'DEFORMA-AGR' text nor the binary magic",
  },
  badVersion: {
    code: "AGR002",
    args: ["found"],
    severity: "error",
    summary: "format version other than 1",
  },
  unexpectedEnd: {
    code: "AGR003",
    severity: "error",
    summary: "the file ends before what its counts promise (text) or is truncated (binary)",
  },
  expectedKeyword: {
    code: "AGR004",
    severity: "error",
    summary: "a section keyword is missing or misspelled",
  },
  badInteger: {
    code: "AGR005",
    args: ["found"],
    severity: "error",
    summary: "an unsigned integer (digits only) was expected",
  },
  badReal: {
    code: "AGR006",
    args: ["found"],
    severity: "error",
    summary: "a finite real was expected (nan, inf and out-of-range values are errors)",
  },
  trailing: {
    code: "AGR007",
    severity: "error",
    summary: "tokens or bytes after the last frame",
  },
  finalNewline: {
    code: "AGR008",
    args: [],
    severity: "error",
    summary: "the text does not end with a line break",
  },
  tooManyErrors: {
    code: "AGR009",
    args: [],
    severity: "error",
    summary: "reading stopped after 100 errors",
  },
  unknownCellKind: {
    code: "AGR010",
    args: ["cell", "found"],
    severity: "error",
    summary: "unknown cell kind (text name or VTK code)",
  },
  cellNodes: {
    code: "AGR011",
    args: ["expected", "found"],
    severity: "error",
    summary: "a cell has the wrong number of node indices for its kind",
  },
  nodeIndex: {
    code: "AGR012",
    severity: "error",
    summary: "a cell refers to a node index not below the node count",
  },
  badType: {
    code: "AGR013",
    args: ["found"],
    severity: "error",
    summary: "mesh animation type other than 0 (thermal) or 1 (stress-strain)",
  },
  paramTable: {
    code: "AGR014",
    severity: "error",
    summary: "parameters disagree with the seed's table (spec §4)",
  },
  beyondTable: {
    code: "AGR015",
    severity: "warning",
    summary: "more parameters than the seed's table defines",
  },
  badName: {
    code: "AGR016",
    severity: "error",
    summary: "parameter name or unit empty, with whitespace, longer than 255 bytes or not UTF-8",
  },
  varyingWord: {
    code: "AGR017",
    severity: "error",
    summary: "'varying' or 'constant' expected in a parameter line",
  },
  constantName: {
    code: "AGR018",
    severity: "error",
    summary: "a 'constant' block names another parameter than the next constant one",
  },
  badTimes: {
    code: "AGR019",
    severity: "error",
    summary: "frame times not finite or not strictly increasing",
  },
  noFrames: {
    code: "AGR020",
    args: [],
    severity: "error",
    summary: "no frames (at least one is needed)",
  },
  nonFinite: {
    code: "AGR021",
    args: ["found", "index"],
    severity: "error",
    summary: "non-finite number (NaN or infinity) in binary or in-memory data",
  },
  coordinates: {
    code: "AGR022",
    args: ["node", "found", "expected"],
    severity: "warning",
    summary: "type 0: the constant node coordinates differ from the mesh positions",
  },
  badSize: {
    code: "AGR023",
    severity: "error",
    summary: "binary: the descriptor block or file size disagrees with the header",
  },
  badFlags: {
    code: "AGR024",
    args: ["index", "flags"],
    severity: "error",
    summary: "binary: unknown bits set in a parameter's flags byte",
  },
  reserved: {
    code: "AGR025",
    args: ["found"],
    severity: "warning",
    summary: "binary: the reserved header field is not 0",
  },
  shape: {
    code: "AGR026",
    severity: "error",
    summary: "in-memory model: an array's length disagrees with the counts",
  },
  textTooLarge: {
    code: "AGR027",
    severity: "error",
    summary:
      "no longer reported: a text is read from its bytes, whatever its length (kept so the code is not reused)",
  },
} as const satisfies DiagnosticTable;

/** An `.agr` diagnostic kind: what the format's readers and checks may report. */
export type AgrKind = KindOf<typeof AGR>;

/** The literal union of `.agr` diagnostic codes (`"AGR001" | …`). */
export type AgrCode = CodeOf<typeof AGR>;
