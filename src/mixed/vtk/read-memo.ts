/**
 * Decoding each distinct array of a series once (decision 222). The files of
 * a series repeat most of their bytes: the points, the cells and often some
 * arrays are the same in every file, and decoding them again (base64,
 * inflate, float64, cell mapping) was most of a series' read time. The memo
 * keeps, per array role (its name, type, components, storage and bound), the
 * last array decoded: the encoded characters or bytes the decoder consumed
 * and the values it made. The next file's array of that role is compared
 * with those bytes first; when they are equal, the decoder would consume the
 * same bytes and make the same values (it is a function of what it reads),
 * so the values are shared instead. Only arrays decoded without a finding
 * are kept, so a shared array never hides a diagnostic; a shared array is
 * not charged to the read's memory budget again (it takes no more memory).
 * The cell mapping is kept the same way, for the same three cell arrays.
 */
import type { MappedCells, PolyhedronFaces } from "./cells.js";

/** Where an array's encoded data was read: text (inline or base64 appended in the text) or bytes. */
export type EncodedSource = string | Uint8Array;

interface Kept {
  readonly chunk: EncodedSource;
  readonly values: Float64Array;
}

interface KeptCells {
  readonly types: Float64Array;
  readonly offsets: Float64Array;
  readonly connectivity: Float64Array;
  readonly pointCount: number;
  readonly mapped: MappedCells;
}

/** Whether `src` holds `chunk` at `start`. */
function holds(src: EncodedSource, start: number, chunk: EncodedSource): boolean {
  if (start + chunk.length > src.length) return false;
  if (typeof src === "string") {
    return typeof chunk === "string" && src.slice(start, start + chunk.length) === chunk;
  }
  if (typeof chunk === "string") return false;
  return sameBytes(src, start, chunk);
}

/** Whether `src` holds `chunk` at `start` (which fits): four bytes at a time, then the rest. */
function sameBytes(src: Uint8Array, start: number, chunk: Uint8Array): boolean {
  const a = new DataView(src.buffer, src.byteOffset + start, chunk.length);
  const b = new DataView(chunk.buffer, chunk.byteOffset, chunk.length);
  const n = chunk.length - (chunk.length % 4);
  for (let i = 0; i < n; i += 4) if (a.getUint32(i) !== b.getUint32(i)) return false;
  for (let i = n; i < chunk.length; i++) if (src[start + i] !== chunk[i]) return false;
  return true;
}

/** The arrays and cell mappings of one series read; see the module comment. */
export class ArrayMemo {
  private readonly arrays = new Map<string, Kept>();
  private cells: KeptCells | undefined;
  /** Arrays shared instead of decoded (for tests and the bench). */
  hits = 0;

  /**
   * The values kept for `role` when `src` holds at `start` the bytes they
   * were decoded from; `end`, when given, is where the array's data ends (an
   * ascii array is all of its text, so it must be exactly as long).
   */
  find(role: string, src: EncodedSource, start: number, end?: number): Float64Array | undefined {
    const kept = this.arrays.get(role);
    if (!kept || (end !== undefined && end - start !== kept.chunk.length)) return undefined;
    if (!holds(src, start, kept.chunk)) return undefined;
    this.hits++;
    return kept.values;
  }

  /** Keeps `values`, decoded from `src` between `start` and `end`, for `role`. */
  keep(role: string, src: EncodedSource, start: number, end: number, values: Float64Array): void {
    // Text: a slice (it holds the file's text, which its frame holds anyway); bytes: a copy.
    this.arrays.set(role, { chunk: src.slice(start, end), values });
  }

  /** The mapping kept for these very arrays (the same objects), if any. */
  mapped(
    types: Float64Array,
    offsets: Float64Array,
    connectivity: Float64Array,
    pointCount: number,
    faces: PolyhedronFaces | undefined,
  ): MappedCells | undefined {
    const c = this.cells;
    if (!c || faces) return undefined;
    const same =
      c.types === types &&
      c.offsets === offsets &&
      c.connectivity === connectivity &&
      c.pointCount === pointCount;
    return same ? c.mapped : undefined;
  }

  /** Keeps the mapping of these arrays. */
  keepMapped(
    types: Float64Array,
    offsets: Float64Array,
    connectivity: Float64Array,
    pointCount: number,
    mapped: MappedCells,
  ): void {
    this.cells = { types, offsets, connectivity, pointCount, mapped };
  }
}
