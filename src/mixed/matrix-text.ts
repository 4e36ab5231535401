/** Reading the 12 numbers of a 3×4 affine matrix from a text format (`.amx`, `CAD_Matrixes.dat`). */
import { AFFINE_ENTRY_NAMES } from "../core/affine.js";
import type { DiagnosticKind, Span } from "../core/diagnostics.js";
import type { TokenReader } from "../core/token-reader.js";

/** A matrix as read, and where it stands in the source. */
export interface MatrixText {
  /** The 12 entries, row-major; the reader's stand-in (NaN) where an entry was no finite real (reported). */
  readonly matrix: number[];
  /** From the first entry to the last. */
  readonly span: Span;
}

/**
 * Reads 12 reals as a matrix through {@link TokenReader.reals} (its recovery
 * rule applies); `what(entry)` names an entry (`a11` … `b3`) in messages.
 * Undefined when the run ended early (the file ended, or a marker of the
 * format came first), having reported why.
 */
export function readMatrixText<K extends DiagnosticKind>(
  r: TokenReader<K>,
  what: (entry: string) => string,
): MatrixText | undefined {
  const c = r.cursor;
  const mark = c.mark();
  const first = c.next() ? c.start : c.text.length;
  c.restore(mark);
  const matrix = new Array<number>(12).fill(Number.NaN);
  if (!r.reals(12, matrix, 0, (i) => what(AFFINE_ENTRY_NAMES[i]!))) return undefined;
  return { matrix, span: [first, c.end] };
}
