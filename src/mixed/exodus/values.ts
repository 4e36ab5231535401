/** What the Exodus II reader's parts share: the budget, the findings' sink, the mesh, and reading a variable checked. */
import type { DiagnosticSink, KindOf } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { EXO } from "./codes.js";
import type { ExodusContainer } from "./container.js";

/** Numbers one read may hold (1 GiB of doubles). */
export const MAX_VALUES = 2 ** 27;

/** Time steps (frames) and variables of one kind one read takes at most. */
export const MAX_STEPS = 100_000;

/**
 * A dimension's size when it is at most `bytes` (a NetCDF-3 file: what the
 * file can hold, its data being uncompressed) or `limit` (any file); else
 * EXO004 at the byte where the header declares it, and undefined.
 */
export function fitting(
  c: ExodusContainer,
  name: string,
  caps: { bytes: number; limit: number },
  sink: ExoSink,
): number | undefined {
  const n = c.dimension(name) ?? 0;
  if (n <= caps.limit && (!c.uncompressed || n <= caps.bytes)) return n;
  const at = c.at(name);
  sink.report(
    EXO.tooLarge,
    msg`dimension '${{ name }}' declares ${{ count: n }} values, more than the file holds`,
    at,
    at + 4,
  );
  return undefined;
}

export type ExoSink = DiagnosticSink<KindOf<typeof EXO>>;

/** One element block as read: where its cells start in the output, or left out. */
export interface ExodusBlock {
  readonly number: number;
  readonly name: string;
  readonly elements: number;
  /** Index of its first cell among the output cells; undefined: left out (skipped or unread). */
  readonly firstCell: number | undefined;
}

/** The mesh: points, cells and blocks. */
export interface ExodusMesh {
  readonly points: Float64Array;
  readonly pointCount: number;
  readonly types: Uint8Array;
  readonly connectivity: Uint32Array;
  /** Elements of line and point blocks: no `.agr` cell, kept in `lines` and `vertices`. */
  readonly skippedCells: number;
  /** Segments (two point ids each) of the bar, beam and truss blocks. */
  readonly lines: Uint32Array;
  /** Point ids of the sphere blocks' elements. */
  readonly vertices: Uint32Array;
  readonly blocks: readonly ExodusBlock[];
}

/**
 * A variable's values when it has exactly `count` of them; else reported
 * (EXO003 when absent, EXO005 over the budget, EXO006 otherwise).
 */
export function variable(
  c: ExodusContainer,
  name: string,
  count: number,
  sink: ExoSink,
): Float64Array | undefined {
  const at = c.at(name);
  const shape = c.shape(name);
  if (shape === undefined) {
    sink.report(EXO.missing, msg`no variable '${{ name }}'`, at);
    return undefined;
  }
  if (count > MAX_VALUES) {
    sink.report(EXO.budget, msg`reading ${{ count }} values exceeds the memory budget`, at);
    return undefined;
  }
  const v = c.numbers(name, count);
  if ("error" in v || v.length !== count) {
    const why = "error" in v ? v.error : `${v.length} values, not ${count}`;
    sink.report(EXO.variable, msg`variable '${{ name }}' cannot be read: ${why}`, at);
    return undefined;
  }
  return v;
}
