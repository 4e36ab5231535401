/** What the VTK reader hands to its callers: one time step of an unstructured grid. */
import type { DecodedArray } from "./read-data.js";

/** One time step: an unstructured grid's points, cells and point data. */
export interface VtkFrame {
  /** The `.vtu` (or legacy `.vtk`) it came from, and the offset of its Piece (or DATASET) for diagnostics. */
  readonly file: string;
  readonly start: number;
  /** The file's XML (or ASCII legacy) text, locating diagnostics; undefined for a BINARY legacy file (byte offsets). */
  readonly text: string | undefined;
  /** Time in seconds from the `.pvd` or the `TimeValue` field; undefined when neither has one. */
  readonly time: number | undefined;
  /** xyz packed, length 3·pointCount. */
  readonly points: Float64Array;
  readonly pointCount: number;
  /** Cell types and connectivity as the `.agr` holds them (see cells.ts). */
  readonly types: Uint8Array;
  readonly connectivity: Uint32Array;
  /** Vertex and line cells of the file, skipped (they draw no face). */
  readonly skippedCells: number;
  readonly pointData: readonly DecodedArray[];
}
