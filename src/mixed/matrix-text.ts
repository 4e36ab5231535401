/** Reading the 12 numbers of a 3×4 affine matrix from a text format (`.amx`, `CAD_Matrixes.dat`). */
import { AFFINE_ENTRY_NAMES, type Span, type TokenReader } from "../core/index.js";

/** A matrix as read, and where it stands in the source. */
export interface MatrixText {
  /** The 12 entries, row-major; NaN where an entry was no finite real (reported). */
  readonly matrix: number[];
  /** From the first entry to the last. */
  readonly span: Span;
}

/**
 * Reads 12 reals as a matrix; `what(entry)` names an entry (`a11` … `b3`) in
 * messages. `before`, when given, runs before each entry and may end the read
 * (false, having reported why). Undefined when the read ended or the file did.
 */
export function readMatrixText(
  r: TokenReader,
  what: (entry: string) => string,
  before?: (entry: string) => boolean,
): MatrixText | undefined {
  const matrix: number[] = [];
  let first = 0;
  for (const entry of AFFINE_ENTRY_NAMES) {
    if (before && !before(entry)) return undefined;
    const v = r.real(what(entry));
    if (matrix.length === 0) first = r.cursor.start;
    if (Number.isNaN(v) && r.cursor.start === r.text.length) return undefined;
    matrix.push(v);
  }
  return { matrix, span: [first, r.cursor.end] };
}
