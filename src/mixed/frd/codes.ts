/** Diagnostic codes of the CalculiX `.frd` reader; listed in `docs/formats/frd.md`. */
import type { DiagnosticTable } from "../../core/diagnostics.js";

/** Every `.frd` diagnostic kind, declared once. */
export const FRD = {
  header: {
    code: "FRD001",
    args: [],
    severity: "error",
    summary: "not a .frd: no record, or the first record is not a 1C, 1U, 1P, 2C or 3C record",
  },
  number: {
    code: "FRD002",
    args: ["field", "found"],
    severity: "error",
    summary:
      "a fixed-column field is not a number (a count, node or element number, type, coordinate or result value)",
  },
  truncated: {
    code: "FRD003",
    args: ["block", "count"],
    severity: "error",
    summary:
      "the file ends inside a block: fewer records or bytes than its header counts, or no -3 record at its end",
  },
  blockFormat: {
    code: "FRD004",
    args: ["format"],
    severity: "error",
    summary:
      "a block's format indicator is not 0 (short), 1 (long), 2 (binary, float) or 3 (binary, double)",
  },
  elementType: {
    code: "FRD005",
    args: ["element", "type"],
    severity: "error",
    summary:
      "an element type that is not one of the .frd's 1–12 (he8 pe6 te4 he20 pe15 te10 tr3 tr6 qu4 qu8 be2 be3)",
  },
  unknownNode: {
    code: "FRD006",
    args: ["element", "node"],
    severity: "error",
    summary: "an element names a node number that the node block does not define",
  },
  duplicateNode: {
    code: "FRD007",
    args: ["node"],
    severity: "error",
    summary: "a node number defined twice in the node block",
  },
  components: {
    code: "FRD008",
    args: ["name"],
    severity: "error",
    summary:
      "a result block without its -4 record, or whose -5 records do not give the components the -4 record counts",
  },
  resultNode: {
    code: "FRD009",
    args: ["name", "node", "count"],
    severity: "warning",
    summary:
      "a result block holds values for node numbers the node block does not define: left out",
  },
  missingValues: {
    code: "FRD010",
    args: ["name", "count"],
    severity: "warning",
    summary: "a result block holds no values for some nodes: theirs are 0",
  },
  resultHeld: {
    code: "FRD011",
    args: ["name", "count", "frame"],
    severity: "warning",
    summary:
      "a result the other steps have is missing from some: held from the previous step that has it (before the first: 0 for DISP, that step's values for the others)",
  },
  noMesh: {
    code: "FRD012",
    args: [],
    severity: "error",
    summary: "no node block (2C) or no element block (3C) before the results or in the file",
  },
  budget: {
    code: "FRD013",
    args: ["block", "count"],
    severity: "error",
    summary:
      "a block's count is more than the bytes left in the file can hold, or its values would pass the 1 GiB budget of one read; nothing is allocated for it",
  },
  unknownRecord: {
    code: "FRD014",
    args: ["record"],
    severity: "warning",
    summary: "a block of a kind the reader does not know: skipped to its -3 record",
  },
  noEnd: {
    code: "FRD015",
    args: [],
    severity: "warning",
    summary:
      "the file ends without its 9999 record (a run still writing, or a cut copy): what was read whole is kept",
  },
  secondMesh: {
    code: "FRD016",
    args: ["block"],
    severity: "warning",
    summary: "a second node or element block: not read, the first mesh is kept",
  },
  recordKey: {
    code: "FRD017",
    args: ["found", "expected"],
    severity: "error",
    summary: "a record's key is not the one the block expects here (-1, -2, -3, -4 or -5)",
  },
  elementNodes: {
    code: "FRD018",
    args: ["element", "found", "expected"],
    severity: "error",
    summary: "an element's -2 records list another number of nodes than its type has",
  },
} as const satisfies DiagnosticTable;
