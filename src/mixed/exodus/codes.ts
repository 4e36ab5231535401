/** Diagnostic codes of the Exodus II reader; listed in `docs/formats/exodus.md`. */
import type { DiagnosticTable } from "../../core/diagnostics.js";

/** Every Exodus II diagnostic kind, declared once. */
export const EXO = {
  container: {
    code: "EXO001",
    severity: "error",
    summary:
      "not a NetCDF-3 or HDF5 (NetCDF-4) file, or its container cannot be opened (a broken header or HDF5 structure)",
  },
  cdf5: {
    code: "EXO002",
    args: [],
    severity: "error",
    summary:
      "a NetCDF-3 64-bit data file (CDF-5, 'CDF\\x05'): not read (Exodus writes classic, 64-bit offset or NetCDF-4 files); rewrite it with nccopy -k nc4",
  },
  missing: {
    code: "EXO003",
    args: ["name"],
    severity: "error",
    summary:
      "a dimension or variable the Exodus II layout requires is missing (num_dim, num_nodes, coordx or coord, connectN of a block)",
  },
  tooLarge: {
    code: "EXO004",
    args: ["name", "count"],
    severity: "error",
    summary:
      "a dimension declares more values than the file can hold (its data would lie past the end of the file); nothing is allocated for it",
  },
  budget: {
    code: "EXO005",
    args: ["count"],
    severity: "error",
    summary:
      "the values of one read exceed the memory budget (2²⁷ numbers, 1 GiB); nothing is allocated for them",
  },
  variable: {
    code: "EXO006",
    args: ["name"],
    severity: "error",
    summary:
      "a variable's values cannot be read: past the end of the file, a shape other than the layout's, not numeric, or the container's error",
  },
  elementType: {
    code: "EXO007",
    args: ["block", "type"],
    severity: "warning",
    summary:
      "an element block of a type that is not read (NSIDED, NFACED, a super-element or an unknown name): the block is left out",
  },
  nodesPerElement: {
    code: "EXO008",
    args: ["block", "type", "nodes"],
    severity: "error",
    summary:
      "an element block has fewer nodes per element than its type's corners: the block is left out",
  },
  nodeNumber: {
    code: "EXO009",
    args: ["block", "node"],
    severity: "error",
    summary:
      "a block's connectivity names a node number outside 1 … num_nodes: the block is left out",
  },
  skipped: {
    code: "EXO010",
    args: ["count"],
    severity: "warning",
    summary:
      "no longer reported: bar, beam, truss and sphere blocks are kept as lines and points (decision 218; `agr from` notes VTK020 for them) (kept so the code is not reused)",
  },
  truthTable: {
    code: "EXO011",
    args: ["name", "blocks"],
    severity: "warning",
    summary:
      "an element variable is not defined on some blocks (elem_var_tab): its value there is 0",
  },
  times: {
    code: "EXO012",
    args: [],
    severity: "warning",
    summary: "time_whole is missing or not strictly increasing: frames are numbered 0, 1, 2 … s",
  },
  dimensions: {
    code: "EXO013",
    args: ["count"],
    severity: "error",
    summary: "num_dim is not 1, 2 or 3",
  },
} as const satisfies DiagnosticTable;
