/**
 * The improved engine's field on a coarse grid: the motion u is evaluated at
 * the corners of square cells (cellFor) and interpolated bilinearly inside them,
 * except in the cells a cut segment touches, where u jumps, and those
 * holding a control point, where it bends most. Such a cell is split into
 * quarters. A quarter no segment touches is
 * interpolated from its corners. In a quarter that segments touch, each
 * pixel gets a label — its side of each of those segments — and u is
 * evaluated at the quarter's corners as if they were on that label's sides
 * (the continuation of one side's field across the cut), then interpolated
 * for the pixels with that label. A quarter with more than MAX_LOCAL
 * segments is evaluated at every pixel.
 */

import { classify, MAX_CELL, touches } from "./cells.js";
import type { FieldEvaluator } from "./field.js";
import type { FieldGeometry } from "./geometry.js";
import { EvalMemo } from "./memo.js";
import { edges, labelPixels, MAX_QUARTER } from "./quarter.js";

/**
 * Cell size (pixels): 16 for pictures larger than 320 × 240, else 8 (a
 * small picture's features are small; a large one would pay four times the
 * evaluations at 8).
 */
export function cellFor(width: number, height: number): number {
  return width * height > 320 * 240 ? 16 : 8;
}
/** Most cut segments in one quarter handled by labels (2^4 labels). */
const MAX_LOCAL = 4;
/** Blocks (pixels, a multiple of the cell size) for which the point–segment pairs that matter are found once. */
const BLOCK = 64;

export class FieldGrid {
  /** Cell size and quarter size (pixels). */
  readonly cell: number;
  private readonly sub: number;
  readonly ncx: number;
  readonly ncy: number;
  /** The motion u (x, y) at the nodes (i·cell, j·cell), (ncx + 1) per row. */
  readonly nodes: Float64Array;
  /** Per node: whether this `compute` evaluates the field there (all but with `lazy`; only in its rows, see {@link setRows}). */
  readonly evaluated: Uint8Array;
  /** Per cell: 0 interpolated from the nodes; 1 the motion per pixel is in `pmap`. */
  readonly kind: Uint8Array;
  /**
   * The motion u (x, y) per pixel, in the special cells only. The SIMD
   * renderer moves it into its module's memory (renderer.ts `bind`, decision
   * 416) and makes the view again when that memory grows.
   */
  pmap: Float32Array;
  /** Per cell: the live segments that touch it (MAX_CELL at most; cells.ts), their count and the special cells' list. */
  readonly cellSegs: Int32Array;
  readonly cellCount: Uint8Array;
  readonly special: Int32Array;
  private nSpecial = 0;
  /** The rows of cells `compute` makes (see {@link setRows}, {@link setCells}). */
  rowFrom = 0;
  rowTo: number;
  /** The cells `compute` makes: raster indices [cellFrom, cellTo) (see {@link setCells}). */
  cellFrom = 0;
  cellTo: number;
  /** Per node: whether it is a corner of a cell `compute` makes. */
  readonly needed: Uint8Array;
  private readonly nbx: number;
  private readonly nby: number;
  /** Per block: FieldGeometry.blockMask. */
  private readonly masks: Int32Array;
  /** Per block: whether this `compute` has found its mask yet. */
  private readonly maskMade: Uint8Array;
  /** Scratch of one special cell: its 3 × 3 quarter corners, a quarter's segments, labels and corners per label. */
  private readonly quarter = new Float64Array(18);
  private readonly local = new Int32Array(MAX_LOCAL);
  private readonly labels = new Uint8Array(64);
  private readonly corners = new Float64Array((1 << MAX_LOCAL) * 8);
  private readonly cornerSide = new Int8Array(4 * MAX_LOCAL);
  /** Scratch of a quarter's pixels: per label and column, {@link edges}; per segment, the labels' terms. */
  private readonly columns = new Float64Array((1 << MAX_LOCAL) * MAX_QUARTER * 4);
  private readonly terms = new Float64Array(3 * MAX_LOCAL);
  /** The special cells' evaluations of this `compute` (memo.ts). */
  private readonly memo: EvalMemo;
  private readonly evaluate: (x: number, y: number, out: Float64Array, o: number) => void;
  private block = 0;

  constructor(
    private readonly g: FieldGeometry,
    private readonly field: FieldEvaluator,
    readonly width: number,
    readonly height: number,
  ) {
    this.cell = cellFor(width, height);
    this.sub = this.cell / 2;
    const size = this.cell;
    this.ncx = Math.ceil(width / size);
    this.ncy = Math.ceil(height / size);
    const cells = this.ncx * this.ncy;
    this.nodes = new Float64Array((this.ncx + 1) * (this.ncy + 1) * 2);
    this.evaluated = new Uint8Array((this.ncx + 1) * (this.ncy + 1));
    this.kind = new Uint8Array(cells);
    this.pmap = new Float32Array(width * height * 2);
    this.cellSegs = new Int32Array(cells * MAX_CELL);
    this.cellCount = new Uint8Array(cells);
    this.special = new Int32Array(cells);
    this.rowTo = this.ncy;
    this.cellTo = cells;
    this.needed = new Uint8Array((this.ncx + 1) * (this.ncy + 1)).fill(1);
    this.nbx = Math.ceil((this.ncx * size) / BLOCK);
    this.nby = Math.ceil((this.ncy * size) / BLOCK);
    this.masks = new Int32Array(this.nbx * this.nby * g.n * g.words);
    this.maskMade = new Uint8Array(this.nbx * this.nby);
    this.memo = new EvalMemo(this.ncx * size + 1, this.ncy * size + 1);
    this.evaluate = (x, y, out, o) => field.eval(x, y, out, o);
  }

  /**
   * Evaluates the field for the geometry's current time. With `lazy`, only
   * the nodes at the corners of special cells are evaluated now (`evaluated`
   * says which); {@link evalNode} evaluates another when it is asked for
   * (the refined flow needs the field only where it cannot serve, decision 358).
   */
  compute(lazy = false): void {
    const { field, nbx, evaluated, cell: size } = this;
    this.maskMade.fill(0);
    field.unforce();
    this.nSpecial = classify(this.g, this.cell, this.ncx, this.ncy, this);
    const stride = this.ncx + 1;
    const { rowFrom, rowTo, needed, cellFrom, cellTo } = this;
    evaluated.fill(0);
    if (lazy) {
      for (let k = 0; k < this.nSpecial; k++) {
        const cell = this.special[k]!;
        const cx = cell % this.ncx;
        // Every special cell's corners, also those of a cell just outside the rows made:
        // a node's motion must not depend on which rows a thread makes.
        const n = ((cell - cx) / this.ncx) * stride + cx;
        evaluated[n] = evaluated[n + 1] = evaluated[n + stride] = evaluated[n + stride + 1] = 1;
      }
    } else {
      for (let n = rowFrom * stride; n < (rowTo + 1) * stride; n++) evaluated[n] = needed[n]!;
    }
    for (let j = rowFrom; j <= rowTo; j++) {
      for (let i = 0; i <= this.ncx; i++) {
        if (evaluated[j * stride + i] && needed[j * stride + i]) this.evalNodeNow(i, j);
      }
    }
    this.memo.clear();
    for (let k = 0; k < this.nSpecial; k++) {
      const cell = this.special[k]!;
      const cx = cell % this.ncx;
      const cy = (cell - cx) / this.ncx;
      if (cell < cellFrom || cell >= cellTo) continue;
      const bx = ((cx * size) / BLOCK) | 0;
      const by = ((cy * size) / BLOCK) | 0;
      this.block = by * nbx + bx;
      this.useBlock(this.block);
      this.fillCell(cx, cy);
    }
    field.useMask(null);
  }

  /**
   * The rows of cells `compute` makes, [from, to) (all by default): only
   * their nodes and special cells are evaluated (a band of the picture, for
   * a thread that makes that band).
   */
  setRows(from: number, to: number): void {
    this.setCells(from * this.ncx, to * this.ncx);
  }

  /**
   * The cells `compute` makes, by raster index (row by row, left to right)
   * [from, to): all by default. A band of rows is one such range; so is a
   * band that starts or ends part of the way along a row (decision 396).
   */
  setCells(from: number, to: number): void {
    const { ncx } = this;
    const cells = ncx * this.ncy;
    const first = Math.max(0, Math.min(from, cells));
    const end = Math.max(first, Math.min(to, cells));
    if (first === this.cellFrom && end === this.cellTo) return;
    this.cellFrom = first;
    this.cellTo = end;
    this.rowFrom = Math.floor(this.cellFrom / ncx);
    this.rowTo = this.cellTo > this.cellFrom ? Math.ceil(this.cellTo / ncx) : this.rowFrom;
    const { needed } = this;
    needed.fill(0);
    const stride = ncx + 1;
    for (let c = this.cellFrom; c < this.cellTo; c++) {
      const n = Math.floor(c / ncx) * stride + (c % ncx);
      needed[n] = needed[n + 1] = needed[n + stride] = needed[n + stride + 1] = 1;
    }
  }

  /** The first column of cells of row cy that `compute` makes. */
  colFrom(cy: number): number {
    return Math.max(0, this.cellFrom - cy * this.ncx);
  }

  /** One past the last column of cells of row cy that `compute` makes. */
  colTo(cy: number): number {
    return Math.max(0, Math.min(this.ncx, this.cellTo - cy * this.ncx));
  }

  /** Evaluates node (i, j) of this `compute` if it is not yet (see {@link compute}'s `lazy`). */
  evalNode(i: number, j: number): void {
    const n = j * (this.ncx + 1) + i;
    if (this.evaluated[n]) return;
    this.evaluated[n] = 1;
    this.field.unforce();
    this.evalNodeNow(i, j);
    this.field.useMask(null);
  }

  /** The field at node (i, j) with its block's pruning, into `nodes`. */
  private evalNodeNow(i: number, j: number): void {
    const { field, nbx, cell: size } = this;
    const by = Math.min(((j * size) / BLOCK) | 0, this.nby - 1);
    const bx = Math.min(((i * size) / BLOCK) | 0, nbx - 1);
    this.useBlock(by * nbx + bx);
    field.eval(i * size, j * size, this.nodes, (j * (this.ncx + 1) + i) * 2);
  }

  /**
   * Restricts the evaluator to block b's point–segment pairs, finding them
   * first if this `compute` has not yet (a block no evaluation falls in is
   * never looked at; decision 362).
   */
  private useBlock(b: number): void {
    const { g, masks } = this;
    const words = g.n * g.words;
    if (!this.maskMade[b]) {
      const bx = b % this.nbx;
      const by = (b - bx) / this.nbx;
      g.blockMask((bx + 0.5) * BLOCK, (by + 0.5) * BLOCK, BLOCK * Math.SQRT1_2, masks, b * words);
      this.maskMade[b] = 1;
    }
    this.field.useMask(masks, b * words);
  }

  /** Fills `pmap` over one special cell, quarter by quarter. */
  private fillCell(cx: number, cy: number): void {
    const { g, nodes, quarter, local, cell: size, sub } = this;
    const x0 = cx * size;
    const y0 = cy * size;
    // The 3 × 3 corners of the quarters: the cell's own from the grid, the others evaluated.
    const stride = this.ncx + 1;
    for (let j = 0; j < 3; j++) {
      for (let i = 0; i < 3; i++) {
        const o = (j * 3 + i) * 2;
        if ((i & 1) === 0 && (j & 1) === 0) {
          const n = ((cy + j / 2) * stride + cx + i / 2) * 2;
          quarter[o] = nodes[n]!;
          quarter[o + 1] = nodes[n + 1]!;
        } else this.evalOnce(x0 + i * sub, y0 + j * sub, 0, 0, quarter, o);
      }
    }
    const cell = cy * this.ncx + cx;
    const count = this.cellCount[cell]!;
    for (let q = 0; q < 4; q++) {
      const qx = x0 + (q & 1) * sub;
      const qy = y0 + (q >> 1) * sub;
      if (qx >= this.width || qy >= this.height) continue;
      let n = 0;
      const all = count > MAX_CELL;
      const segs = all ? g.ns : count;
      for (let k = 0; k < segs && n <= MAX_LOCAL; k++) {
        const s = all ? k : this.cellSegs[cell * MAX_CELL + k]!;
        if (!touches(g, s, qx, qy, sub)) continue;
        if (n < MAX_LOCAL) local[n] = s;
        n++;
      }
      if (n === 0) this.fillSmooth(qx, qy, (q >> 1) * 6 + (q & 1) * 2);
      else if (n > MAX_LOCAL) this.fillExact(qx, qy);
      else this.fillLabels(qx, qy, n, (q >> 1) * 6 + (q & 1) * 2);
    }
  }

  /**
   * The field at (x, y) with the evaluator's forced sides (a, b name them,
   * see fillLabels), into out[o], out[o + 1]: evaluated once per block,
   * point and sides in a `compute` (see {@link EvalMemo}).
   */
  private evalOnce(x: number, y: number, a: number, b: number, out: Float64Array, o: number): void {
    this.memo.fill(a, b, this.block, x, y, out, o, this.evaluate);
  }

  /** A quarter no segment touches: bilinear from its corners in `quarter` (first at offset o). */
  private fillSmooth(x0: number, y0: number, o: number): void {
    const { quarter, pmap, width, sub, columns } = this;
    const cols = Math.min(sub, width - x0);
    const rows = Math.min(sub, this.height - y0);
    // Per column, the top and bottom edges' values and their difference: the same per row (decision 403).
    edges(quarter, o, o + 6, sub, cols, columns, 0);
    for (let r = 0; r < rows; r++) {
      const fy = r / sub;
      for (let c = 0, p = ((y0 + r) * width + x0) * 2; c < cols; c++, p += 2) {
        pmap[p] = columns[4 * c]! + columns[4 * c + 2]! * fy;
        pmap[p + 1] = columns[4 * c + 1]! + columns[4 * c + 3]! * fy;
      }
    }
  }

  /** A quarter with too many segments: every pixel evaluated. */
  private fillExact(x0: number, y0: number): void {
    const { field, pmap, width, sub } = this;
    field.unforce();
    const cols = Math.min(sub, width - x0);
    const rows = Math.min(sub, this.height - y0);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++)
        field.eval(x0 + c, y0 + r, pmap, ((y0 + r) * width + x0 + c) * 2);
    }
  }

  /** A quarter touched by `count` segments (in `local`): per label, its corners' field on that label's sides. */
  private fillLabels(x0: number, y0: number, count: number, at: number): void {
    const { g, field, labels, corners, pmap, width, local, sub, quarter, cornerSide } = this;
    const { columns } = this;
    const cols = Math.min(sub, width - x0);
    const rows = Math.min(sub, this.height - y0);
    const used = labelPixels(g, local, count, x0, y0, cols, rows, sub, labels, this.terms);
    // Each corner's own side of each segment: +1, −1, or 0 on its line.
    for (let q = 0; q < 4; q++) {
      const x = x0 + (q & 1) * sub;
      const y = y0 + (q >> 1) * sub;
      for (let k = 0; k < count; k++) {
        const s = local[k]!;
        const o = g.sdy[s]! * (g.sax[s]! - x) - g.sdx[s]! * (g.say[s]! - y);
        cornerSide[q * MAX_LOCAL + k] = o > 0 ? 1 : o < 0 ? -1 : 0;
      }
    }
    // Exact below 2^53 for up to 47 million segments.
    const base = 2 * g.ns + 1;
    for (let label = 0; label < 1 << count; label++) {
      if (!(used & (1 << label))) continue;
      for (let q = 0; q < 4; q++) {
        // Forcing a corner to the side it is on changes nothing (decision 392): only the
        // segments it is not on that label's side of are forced, and an evaluation with
        // the same ones forced is shared; with none, the corner has the plain field.
        field.unforce();
        // The forced sides' name (decision 404): per side the digit 2·s + 1 (negative) or
        // 2·s + 2 (positive) in base 2·ns + 1, the first two in a, the next two in b.
        let a = 0;
        let b = 0;
        let forced = 0;
        for (let k = 0; k < count; k++) {
          const positive = (label & (1 << k)) !== 0;
          if (cornerSide[q * MAX_LOCAL + k] === (positive ? 1 : -1)) continue;
          field.force(local[k]!, positive);
          const digit = 2 * local[k]! + (positive ? 2 : 1);
          if (forced < 2) a = a * base + digit;
          else b = b * base + digit;
          forced++;
        }
        const o = label * 8 + q * 2;
        if (forced === 0) {
          const from = at + (q & 1) * 2 + (q >> 1) * 6;
          corners[o] = quarter[from]!;
          corners[o + 1] = quarter[from + 1]!;
        } else this.evalOnce(x0 + (q & 1) * sub, y0 + (q >> 1) * sub, a, b, corners, o);
      }
    }
    field.unforce();
    for (let label = 0; label < 1 << count; label++) {
      if (used & (1 << label)) edges(corners, label * 8, label * 8 + 4, sub, cols, columns, label);
    }
    for (let r = 0; r < rows; r++) {
      const fy = r / sub;
      for (let c = 0, p = ((y0 + r) * width + x0) * 2; c < cols; c++, p += 2) {
        const e = (labels[r * sub + c]! * MAX_QUARTER + c) * 4;
        pmap[p] = columns[e]! + columns[e + 2]! * fy;
        pmap[p + 1] = columns[e + 1]! + columns[e + 3]! * fy;
      }
    }
  }
}
