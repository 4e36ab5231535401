/** What the VTK reader hands to its callers: one time step of an unstructured grid. */
import type { InnerNodes } from "./cells.js";
import type { DecodedArray } from "./read-data.js";

/**
 * One time step: an unstructured grid's points, cells, point and cell data.
 * Every solver-result reader (VTK, and the formats that are not VTK) hands
 * its frames over in this shape.
 */
export interface VtkFrame {
  /** The `.vtu` (or legacy `.vtk`) it came from, and the offset of its Piece (or DATASET) for diagnostics. */
  readonly file: string;
  readonly start: number;
  /** The file's XML (or ASCII legacy) text, locating diagnostics; undefined for a BINARY legacy file (byte offsets). */
  readonly text: string | undefined;
  /**
   * The file's XML as ASCII bytes, when it was read from them and `text` was
   * not made (decision 312): the text of these bytes locates the findings.
   */
  readonly ascii?: Uint8Array;
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
  /**
   * Cell data: one tuple per cell of `types` (a file's cell cut into several
   * gives each piece its value; skipped cells' values are left out).
   */
  readonly cellData: readonly DecodedArray[];
  /**
   * The file's cell each cell of `types` comes from (merged pieces numbered
   * one after another); absent: each cell is a file cell of its own. Cell
   * data averaged onto the nodes counts a cell cut into several once.
   */
  readonly cellSource?: Uint32Array;
  /**
   * The points of quadratic and higher-order cells beyond their corners (not
   * in `connectivity`), so cell data averaged onto the nodes reaches them.
   */
  readonly inner?: InnerNodes;
  /** Line segments of the file's line cells (two point ids each), drawn by the viewer; not `.agr` cells. */
  readonly lines?: Uint32Array;
  /** The point ids of the file's vertex cells, drawn by the viewer as points; not `.agr` cells. */
  readonly vertices?: Uint32Array;
}
