/**
 * Lines along a moving cut keep their thickness (decision 367). A cut is a
 * line of no width, but what the scene draws along it (a lash line, a lip)
 * is a few pixels wide and half of it lies on the side the field stretches:
 * with the field alone, the half beyond the cut lags the cut and is
 * smeared over the stretched skin (a brown haze above a closing lid). So,
 * after the field (and the refined flow), a pixel within HOLD px of a cut
 * at t takes the cut's own motion across the cut — the motion of the
 * nearest point of the cut, interpolated between the segment's ends — and
 * that share fades to nothing at FADE_TO px. Only the component across
 * the cut is replaced: a picture sliding along a cut (a shear) keeps the
 * field's motion along it, since the cut's ends do not say which side they
 * slide with. Smooth cells within reach become per-pixel ones.
 */
import type { EngineFrame } from "../engine.js";
import { segmentDistance2 } from "../segment.js";
import type { FieldGrid } from "./grid.js";

/** Within this distance of a cut (pixels) a pixel moves across the cut as the cut does. */
export const HOLD = 2;
/** Past this distance (pixels) the field's motion is left as it is. */
export const FADE_TO = 8;
/** A change of the motion below this (pixels) leaves a smooth cell smooth. */
const NEGLIGIBLE = 1 / 64;

/**
 * Per segment in {@link CutBands}' `seg`: A, B − A, |B − A|², the motions of A and B, the unit
 * normal, whether usable, and the half width of its band of REACH about its line along a row.
 */
const SEG = 13;
/**
 * A pixel farther than this from a segment is not within FADE_TO of it
 * (pixels): the margin covers the rounding of the rows' reach (decision 402).
 */
const REACH = FADE_TO + 1 / 64;

/** Scratch of {@link holdCutBands}: the segments near one cell (their index pairs into the points). */
export class CutBands {
  private readonly near: Int32Array;
  /** The cuts' segments (index pairs into the points, in the cuts' order) and their boxes at t. */
  private readonly pairs: Int32Array;
  private readonly box: Float64Array;
  /** Per segment at t, SEG numbers (decision 402): what every pixel's test of it would compute. */
  private readonly seg: Float64Array;
  /** Per near segment, for one row of pixels: (y − A_y)·(B − A)_y and the pixels' x it can reach. */
  private readonly rowTerm: Float64Array;
  private readonly rowLo: Float64Array;
  private readonly rowHi: Float64Array;
  /** Per column and per row of cells: bits of the segments near it (see {@link masks}). */
  private cols = new Int32Array(0);
  private rows = new Int32Array(0);

  constructor(private readonly k: EngineFrame) {
    const pairs: number[] = [];
    for (const cut of k.cuts) {
      for (let s = 0; s + 1 < cut.length; s++) {
        if (cut[s]! >= 0 && cut[s + 1]! >= 0) pairs.push(cut[s]!, cut[s + 1]!);
      }
    }
    this.pairs = Int32Array.from(pairs);
    this.near = new Int32Array(pairs.length);
    this.box = new Float64Array(2 * pairs.length);
    this.seg = new Float64Array((pairs.length / 2) * SEG);
    this.rowTerm = new Float64Array(pairs.length);
    this.rowLo = new Float64Array(pairs.length);
    this.rowHi = new Float64Array(pairs.length);
  }

  /** The segments' boxes and SEG numbers at t (`points`), from K's and L's points. */
  private prepare(l: EngineFrame, points: Float64Array): void {
    const { pairs, box, seg } = this;
    const kp = this.k.points;
    const lp = l.points;
    for (let i = 0; i < pairs.length >> 1; i++) {
      const a = pairs[2 * i]!;
      const b = pairs[2 * i + 1]!;
      box[4 * i] = Math.min(points[2 * a]!, points[2 * b]!);
      box[4 * i + 1] = Math.max(points[2 * a]!, points[2 * b]!);
      box[4 * i + 2] = Math.min(points[2 * a + 1]!, points[2 * b + 1]!);
      box[4 * i + 3] = Math.max(points[2 * a + 1]!, points[2 * b + 1]!);
      const o = i * SEG;
      const ax = points[2 * a]!;
      const ay = points[2 * a + 1]!;
      const dx = points[2 * b]! - ax;
      const dy = points[2 * b + 1]! - ay;
      const len2 = dx * dx + dy * dy;
      const len = Math.sqrt(len2);
      seg[o] = ax;
      seg[o + 1] = ay;
      seg[o + 2] = dx;
      seg[o + 3] = dy;
      seg[o + 4] = len2;
      seg[o + 5] = lp[2 * a]! - kp[2 * a]!;
      seg[o + 6] = lp[2 * a + 1]! - kp[2 * a + 1]!;
      seg[o + 7] = lp[2 * b]! - kp[2 * b]!;
      seg[o + 8] = lp[2 * b + 1]! - kp[2 * b + 1]!;
      seg[o + 9] = -dy / len;
      seg[o + 10] = dx / len;
      // Whether a pixel's test of it can succeed: not with no length, nor with a coordinate
      // not finite (its f, hence d2, is then NaN).
      const finite = Number.isFinite(ax) && Number.isFinite(ay) && Number.isFinite(dx);
      seg[o + 11] = len2 > 0 && finite && Number.isFinite(dy) ? 1 : 0;
      // rowReach's per row, the same per segment (decision 419).
      seg[o + 12] = Math.abs((REACH * len) / dy);
    }
  }

  /**
   * Per column and per row of cells, bits of the usable segments whose box
   * comes within FADE_TO of its pixels (reaches' first test, decision 402):
   * a cell's candidates are its column's and row's in common.
   */
  private masks(grid: FieldGrid): { cols: Int32Array; rows: Int32Array; words: number } {
    const { box, seg } = this;
    const { ncx, ncy, cell, width, height } = grid;
    const segments = this.pairs.length >> 1;
    const words = Math.ceil(segments / 32);
    if (this.cols.length !== ncx * words || this.rows.length !== ncy * words) {
      this.cols = new Int32Array(ncx * words);
      this.rows = new Int32Array(ncy * words);
    }
    const { cols, rows } = this;
    cols.fill(0);
    rows.fill(0);
    for (let i = 0; i < segments; i++) {
      if (seg[i * SEG + 11] === 0) continue;
      const bit = 1 << (i & 31);
      const w = i >> 5;
      for (let cx = 0; cx < ncx; cx++) {
        const x0 = cx * cell;
        const x1 = Math.min(x0 + cell, width);
        if (box[4 * i + 1]! < x0 - FADE_TO || box[4 * i]! > x1 - 1 + FADE_TO) continue;
        cols[cx * words + w]! |= bit;
      }
      for (let cy = 0; cy < ncy; cy++) {
        const y0 = cy * cell;
        const y1 = Math.min(y0 + cell, height);
        if (box[4 * i + 3]! < y0 - FADE_TO || box[4 * i + 2]! > y1 - 1 + FADE_TO) continue;
        rows[cy * words + w]! |= bit;
      }
    }
    return { cols, rows, words };
  }

  /**
   * Replaces the grid's motion across the cuts near them by the cuts' own:
   * `points` are the control points at t, `l` the other key frame (the
   * motion of point j is L_j − K_j).
   */
  apply(grid: FieldGrid, l: EngineFrame, points: Float64Array): void {
    const { near, pairs } = this;
    if (near.length === 0) return;
    this.prepare(l, points);
    const { ncx, kind, cell, width, height, rowFrom, rowTo } = grid;
    const { cols, rows, words } = this.masks(grid);
    // Only the rows of cells the grid computes (all, unless a band of rows was asked for).
    for (let cy = rowFrom; cy < rowTo; cy++) {
      for (let cx = grid.colFrom(cy); cx < grid.colTo(cy); cx++) {
        // The segments that come within FADE_TO of the cell's pixels, in order.
        const x0 = cx * cell;
        const y0 = cy * cell;
        const x1 = Math.min(x0 + cell, width);
        const y1 = Math.min(y0 + cell, height);
        let count = 0;
        for (let w = 0; w < words; w++) {
          let bits = cols[cx * words + w]! & rows[cy * words + w]!;
          while (bits !== 0) {
            const low = bits & -bits;
            bits ^= low;
            const i = w * 32 + 31 - Math.clz32(low);
            if (reaches(points, pairs[2 * i]!, pairs[2 * i + 1]!, x0, y0, x1 - 1, y1 - 1)) {
              near[count++] = i;
            }
          }
        }
        if (count === 0) continue;
        const smooth = kind[cy * ncx + cx] === 0;
        if (smooth) writeSmooth(grid, cx, cy);
        const largest = this.hold(grid.pmap, width, x0, y0, x1, y1, count);
        // A smooth cell the bands did not change stays smooth (the kernel's cheaper path).
        if (!smooth || largest >= NEGLIGIBLE) kind[cy * ncx + cx] = 1;
      }
    }
  }

  /**
   * The pixels [x0, x1) × [y0, y1) within FADE_TO of the `count` segments in
   * `near`: each takes its nearest one's motion across it (the first of
   * equally near ones). Returns the largest change.
   */
  private hold(
    pmap: Float32Array,
    width: number,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    count: number,
  ): number {
    const { near, seg, rowTerm, rowLo, rowHi } = this;
    let largest = 0;
    const far2 = FADE_TO * FADE_TO;
    for (let y = y0; y < y1; y++) {
      // Per segment, the pixels of this row it can reach (decision 402): outside them its d2 ≥ far2.
      let from = x1;
      let to = x0 - 1;
      for (let i = 0; i < count; i++) {
        const o = near[i]! * SEG;
        rowTerm[i] = (y - seg[o + 1]!) * seg[o + 3]!;
        rowReach(seg, o, y, rowLo, rowHi, i);
        if (rowLo[i]! > rowHi[i]!) continue;
        from = Math.min(from, Math.ceil(rowLo[i]!));
        to = Math.max(to, Math.floor(rowHi[i]!));
      }
      for (let x = Math.max(from, x0); x <= to && x < x1; x++) {
        let best = far2;
        let nearest = -1;
        let at = 0;
        for (let i = 0; i < count; i++) {
          if (x < rowLo[i]! || x > rowHi[i]!) continue;
          const o = near[i]! * SEG;
          const ax = seg[o]!;
          const dx = seg[o + 2]!;
          const dy = seg[o + 3]!;
          // f clamped to [0, 1] (|B − A|² > 0): the quotient only inside (decision 419).
          const num = (x - ax) * dx + rowTerm[i]!;
          const f = num <= 0 ? 0 : num >= seg[o + 4]! ? 1 : num / seg[o + 4]!;
          const ex = ax + f * dx - x;
          const ey = seg[o + 1]! + f * dy - y;
          const d2 = ex * ex + ey * ey;
          if (!(d2 < best)) continue;
          best = d2;
          nearest = o;
          at = f;
        }
        if (nearest < 0) continue;
        const ux = (1 - at) * seg[nearest + 5]! + at * seg[nearest + 7]!;
        const uy = (1 - at) * seg[nearest + 6]! + at * seg[nearest + 8]!;
        const nx = seg[nearest + 9]!;
        const ny = seg[nearest + 10]!;
        const q = 2 * (y * width + x);
        // Within HOLD (best ≤ HOLD², so √best ≤ HOLD): the whole share without the root.
        const share =
          best <= HOLD * HOLD ? 1 : Math.min(1, (FADE_TO - Math.sqrt(best)) / (FADE_TO - HOLD));
        const across = share * ((ux - pmap[q]!) * nx + (uy - pmap[q + 1]!) * ny);
        pmap[q] = pmap[q]! + across * nx;
        pmap[q + 1] = pmap[q + 1]! + across * ny;
        largest = Math.max(largest, Math.abs(across));
      }
    }
    return largest;
  }
}

/**
 * The x of the pixels in row y that segment `seg[o…]` can come within
 * REACH of, into lo[i], hi[i] (lo > hi: none): the part of the segment
 * within REACH of the row, widened by REACH.
 */
function rowReach(
  seg: Float64Array,
  o: number,
  y: number,
  lo: Float64Array,
  hi: Float64Array,
  i: number,
): void {
  const ax = seg[o]!;
  const ay = seg[o + 1]!;
  const dx = seg[o + 2]!;
  const dy = seg[o + 3]!;
  let u0 = 0;
  let u1 = 1;
  if (dy !== 0) {
    const p = (y - REACH - ay) / dy;
    const q = (y + REACH - ay) / dy;
    u0 = Math.max(0, Math.min(p, q));
    u1 = Math.min(1, Math.max(p, q));
  } else if (Math.abs(y - ay) > REACH) u0 = 2;
  if (u0 > u1) {
    lo[i] = 1;
    hi[i] = 0;
    return;
  }
  const xa = ax + u0 * dx;
  const xb = ax + u1 * dx;
  let from = Math.min(xa, xb) - REACH;
  let to = Math.max(xa, xb) + REACH;
  if (Math.abs(dy) >= 1 / 1024) {
    // And within REACH of the segment's line (not for a nearly level one: no overflow): |(x − A_x)·dy − (y − A_y)·dx| < REACH·|B − A|.
    const mid = ax + ((y - ay) * dx) / dy;
    const half = seg[o + 12]!;
    from = Math.max(from, mid - half);
    to = Math.min(to, mid + half);
  }
  lo[i] = from;
  hi[i] = to;
}

/** A smooth cell's bilinear motion written out per pixel into `pmap`, as the warp would take it. */
function writeSmooth(grid: FieldGrid, cx: number, cy: number): void {
  const { ncx, pmap, nodes, cell, width, height } = grid;
  const stride = (ncx + 1) * 2;
  const x0 = cx * cell;
  const y0 = cy * cell;
  const x1 = Math.min(x0 + cell, width);
  const y1 = Math.min(y0 + cell, height);
  const n0 = cy * stride + cx * 2;
  const n1 = n0 + stride;
  for (let y = y0; y < y1; y++) {
    const fy = (y - y0) / cell;
    const ux = nodes[n0]! + (nodes[n1]! - nodes[n0]!) * fy;
    const uy = nodes[n0 + 1]! + (nodes[n1 + 1]! - nodes[n0 + 1]!) * fy;
    const dux = (nodes[n0 + 2]! + (nodes[n1 + 2]! - nodes[n0 + 2]!) * fy - ux) / cell;
    const duy = (nodes[n0 + 3]! + (nodes[n1 + 3]! - nodes[n0 + 3]!) * fy - uy) / cell;
    for (let x = x0, c = 0; x < x1; x++, c++) {
      pmap[2 * (y * width + x)] = ux + dux * c;
      pmap[2 * (y * width + x) + 1] = uy + duy * c;
    }
  }
}

/** Whether (px, py) is within FADE_TO of the box [x0, x1] × [y0, y1]. */
function nearBox(px: number, py: number, x0: number, y0: number, x1: number, y1: number): boolean {
  const ex = Math.max(x0 - px, 0, px - x1);
  const ey = Math.max(y0 - py, 0, py - y1);
  return ex * ex + ey * ey < FADE_TO * FADE_TO;
}

/**
 * Whether the segment between points a and b of `points` comes within
 * FADE_TO of the pixel centres [x0, x1] × [y0, y1]: an end of it is near
 * the box, or a corner of the box is near it, or it crosses the box
 * (exported for the tests' reference loop).
 */
export function reaches(
  points: Float64Array,
  a: number,
  b: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): boolean {
  const ax = points[2 * a]!;
  const ay = points[2 * a + 1]!;
  const bx = points[2 * b]!;
  const by = points[2 * b + 1]!;
  // Far outside the box grown by FADE_TO: no.
  if (Math.max(ax, bx) < x0 - FADE_TO || Math.min(ax, bx) > x1 + FADE_TO) return false;
  if (Math.max(ay, by) < y0 - FADE_TO || Math.min(ay, by) > y1 + FADE_TO) return false;
  if (nearBox(ax, ay, x0, y0, x1, y1) || nearBox(bx, by, x0, y0, x1, y1)) return true;
  const far2 = FADE_TO * FADE_TO;
  if (
    segmentDistance2(x0, y0, ax, ay, bx, by) < far2 ||
    segmentDistance2(x1, y0, ax, ay, bx, by) < far2 ||
    segmentDistance2(x0, y1, ax, ay, bx, by) < far2 ||
    segmentDistance2(x1, y1, ax, ay, bx, by) < far2
  )
    return true;
  const dx = bx - ax;
  const dy = by - ay;
  // Both ends and all corners far: near only if the segment crosses the box, so
  // the box's corners lie on both sides of its line.
  const s00 = dx * (y0 - ay) - dy * (x0 - ax);
  const s10 = dx * (y0 - ay) - dy * (x1 - ax);
  const s01 = dx * (y1 - ay) - dy * (x0 - ax);
  const s11 = dx * (y1 - ay) - dy * (x1 - ax);
  return Math.min(s00, s10, s01, s11) <= 0 && Math.max(s00, s10, s01, s11) >= 0;
}
