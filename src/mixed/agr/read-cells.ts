/**
 * The cells section of the `.agr` text encoding: a tight loop reads the
 * common case (a known kind and its node indices below the node count) and
 * builds no message; a cell it stops at is walked again, its findings
 * located and reported, and the tight loop resumes after it.
 */

import { ByteTokenCursor } from "../../core/byte-tokenizer.js";
import { ChunkTokenCursor } from "../../core/chunk-tokenizer.js";
import { msg } from "../../core/message.js";
import type { TokenReader } from "../../core/token-reader.js";
import { NumberForm, type TokenSource } from "../../core/tokenizer.js";
import { AGR, type AgrKind } from "./codes.js";
import { CELL_KINDS, type CellKind, type MeshAnimation } from "./model.js";

/** The reader of the text encoding, over a text or its UTF-8 bytes. */
type Reader = TokenReader<AgrKind, TokenSource>;

const KINDS: readonly CellKind[] = [...CELL_KINDS.values()];
const KIND_NAMES = KINDS.map((k) => k.name).join(" ");
/** Each kind's name as ASCII bytes. */
const KIND_BYTES = KINDS.map((k) => Uint8Array.from(k.name, (ch) => ch.charCodeAt(0)));

/** Cells read so far: how many, and the connectivity's length. */
interface CellsRead {
  cells: number;
  length: number;
}

export function readCells(r: Reader, m: MeshAnimation): boolean {
  const n = m.nodeCount;
  if (!r.keyword("cells")) return false;
  const count = r.integer("the cell count");
  if (count === undefined || !r.fits(count, 4, "cells (at least 4 tokens each)")) return false;
  const types = new Uint8Array(count);
  const conn = new Uint32Array(8 * count);
  const at: CellsRead = { cells: 0, length: 0 };
  let ok = true;
  // The common case in a tight loop; a cell it stops at is walked again with its findings located.
  const c = r.cursor;
  for (let i = clean(c, n, 0, count, types, conn, at); i < count; ) {
    ok = locatedCell(r, n, i, types, conn, at);
    if (!ok || r.stopped) break;
    i = clean(c, n, i + 1, count, types, conn, at);
  }
  m.cellTypes = at.cells === count ? types : types.slice(0, at.cells);
  // All hexahedra fill the array; otherwise a copy of the right length frees the rest.
  m.connectivity = at.length === conn.length ? conn : conn.slice(0, at.length);
  return ok && !r.stopped;
}

/**
 * {@link cleanCells} over bytes when the cursor has them (a chunk cursor's
 * window ends after a separator, so a cell it cuts is handed to the located
 * walk, which reads on into the next window).
 */
function clean(
  c: TokenSource,
  n: number,
  from: number,
  count: number,
  types: Uint8Array,
  conn: Uint32Array,
  at: CellsRead,
): number {
  if (c instanceof ByteTokenCursor) return cleanCellBytes(c, n, from, count, types, conn, at);
  if (c instanceof ChunkTokenCursor) {
    return cleanCellBytes(c.window, n, from, count, types, conn, at);
  }
  return cleanCells(c, n, from, count, types, conn, at);
}

/**
 * Reads cells `from…` while each is a known kind followed by its node indices
 * below `n` (no message is built); returns the first cell that is not, with
 * the cursor before it.
 */
function cleanCells(
  c: TokenSource,
  n: number,
  from: number,
  count: number,
  types: Uint8Array,
  conn: Uint32Array,
  at: CellsRead,
): number {
  let kind = KINDS[0]!;
  let { cells, length } = at;
  let i = from;
  for (; i < count; i++) {
    const mark = c.mark();
    if (!c.next()) break;
    if (!c.is(kind.name)) {
      const k = KINDS.find((q) => c.is(q.name));
      if (!k) {
        c.restore(mark);
        break;
      }
      kind = k;
    }
    let j = 0;
    for (; j < kind.nodes; j++) {
      if (!c.next() || c.form() !== NumberForm.Integer) break;
      const v = c.number();
      if (v >= n) break;
      conn[length + j] = v;
    }
    if (j < kind.nodes) {
      c.restore(mark);
      break;
    }
    types[cells++] = kind.vtk;
    length += kind.nodes;
  }
  at.cells = cells;
  at.length = length;
  return i;
}

/** Whether a byte separates tokens (space, tab, LF, VT, FF, CR). */
function separator(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/** Index in {@link KINDS} of the kind named by `b[s, e)`, or -1. */
function kindAt(b: Uint8Array, s: number, e: number): number {
  for (let k = 0; k < KIND_BYTES.length; k++) {
    const w = KIND_BYTES[k]!;
    if (w.length !== e - s) continue;
    let j = 0;
    while (j < w.length && b[s + j] === w[j]) j++;
    if (j === w.length) return k;
  }
  return -1;
}

/**
 * {@link cleanCells} straight over the bytes of a {@link ByteTokenCursor}:
 * node indices are 1 to 15 decimal digits ended by a separator or the end.
 */
function cleanCellBytes(
  c: ByteTokenCursor,
  n: number,
  from: number,
  count: number,
  types: Uint8Array,
  conn: Uint32Array,
  at: CellsRead,
): number {
  const b = c.bytes;
  const len = c.length;
  let p = c.mark();
  let { cells, length } = at;
  let i = from;
  for (; i < count; i++) {
    let q = p;
    while (q < len && separator(b[q]!)) q++;
    const s = q;
    while (q < len && !separator(b[q]!)) q++;
    const k = kindAt(b, s, q);
    if (k < 0) break;
    const kind = KINDS[k]!;
    let j = 0;
    for (; j < kind.nodes; j++) {
      while (q < len && separator(b[q]!)) q++;
      const t = q;
      let v = 0;
      for (; q < len; q++) {
        const d = b[q]! - 48;
        if (d < 0 || d > 9) break;
        v = v * 10 + d;
      }
      if (q === t || q - t > 15 || (q < len && !separator(b[q]!)) || v >= n) break;
      conn[length + j] = v;
    }
    if (j < kind.nodes) break;
    types[cells++] = kind.vtk;
    length += kind.nodes;
    p = q;
  }
  c.restore(p);
  at.cells = cells;
  at.length = length;
  return i;
}

/** Cell `i` read with every finding located and reported; false when reading must stop. */
function locatedCell(
  r: Reader,
  n: number,
  i: number,
  types: Uint8Array,
  conn: Uint32Array,
  at: CellsRead,
): boolean {
  const c = r.cursor;
  if (!c.next()) {
    r.endOfFile(`the kind of cell ${i} (${KIND_NAMES})`);
    return false;
  }
  const kind = KINDS.find((k) => c.is(k.name));
  if (!kind) {
    r.report(
      AGR.unknownCellKind,
      msg`expected a cell kind (${KIND_NAMES}) for cell ${{ cell: i }}, found ${{ found: r.found() }}`,
      c.start,
      c.end,
    );
    // Skip the cell's node indices.
    let mark = c.mark();
    while (c.next() && c.form() === NumberForm.Integer) mark = c.mark();
    c.restore(mark);
    return true;
  }
  for (let j = 0; j < kind.nodes; j++) {
    if (!c.next()) {
      r.endOfFile(`node index ${j} of ${kind.name} cell ${i}`);
      return false;
    }
    if (c.form() !== NumberForm.Integer) {
      r.report(
        AGR.cellNodes,
        msg`expected ${{ expected: kind.nodes }} node indices for a ${kind.name} cell, found ${{ found: r.found() }} after ${j}`,
        c.start,
        c.end,
      );
      c.restore(c.start);
      return true;
    }
    const v = c.number();
    if (v >= n) {
      r.report(
        AGR.nodeIndex,
        `expected a node index below ${n} in cell ${i}, found ${c.token()}`,
        c.start,
        c.end,
      );
    }
    conn[at.length + j] = Math.min(v, 0xffffffff);
  }
  if (r.stopped) return true;
  types[at.cells++] = kind.vtk;
  at.length += kind.nodes;
  return true;
}
