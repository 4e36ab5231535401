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

/** Scratch of {@link holdCutBands}: the segments near one cell (their index pairs into the points). */
export class CutBands {
  private readonly near: Int32Array;
  /** The cuts' segments (index pairs into the points, in the cuts' order) and their boxes at t. */
  private readonly pairs: Int32Array;
  private readonly box: Float64Array;

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
  }

  /**
   * Replaces the grid's motion across the cuts near them by the cuts' own:
   * `points` are the control points at t, `l` the other key frame (the
   * motion of point j is L_j − K_j).
   */
  apply(grid: FieldGrid, l: EngineFrame, points: Float64Array): void {
    const { k, near, pairs, box } = this;
    if (near.length === 0) return;
    const segments = pairs.length >> 1;
    for (let i = 0; i < segments; i++) {
      const a = pairs[2 * i]!;
      const b = pairs[2 * i + 1]!;
      box[4 * i] = Math.min(points[2 * a]!, points[2 * b]!);
      box[4 * i + 1] = Math.max(points[2 * a]!, points[2 * b]!);
      box[4 * i + 2] = Math.min(points[2 * a + 1]!, points[2 * b + 1]!);
      box[4 * i + 3] = Math.max(points[2 * a + 1]!, points[2 * b + 1]!);
    }
    const { ncx, kind, pmap, nodes, cell, width, height, rowFrom, rowTo } = grid;
    const kp = k.points;
    const lp = l.points;
    const stride = (ncx + 1) * 2;
    // Only the rows of cells the grid computes (all, unless a band of rows was asked for).
    for (let cy = rowFrom; cy < rowTo; cy++) {
      for (let cx = grid.colFrom(cy); cx < grid.colTo(cy); cx++) {
        // The segments that come within FADE_TO of the cell's pixels.
        const x0 = cx * cell;
        const y0 = cy * cell;
        const x1 = Math.min(x0 + cell, width);
        const y1 = Math.min(y0 + cell, height);
        let count = 0;
        for (let i = 0; i < segments; i++) {
          // reaches' first test, without the call: far outside the cell grown by FADE_TO.
          if (box[4 * i + 1]! < x0 - FADE_TO || box[4 * i]! > x1 - 1 + FADE_TO) continue;
          if (box[4 * i + 3]! < y0 - FADE_TO || box[4 * i + 2]! > y1 - 1 + FADE_TO) continue;
          const a = pairs[2 * i]!;
          const b = pairs[2 * i + 1]!;
          if (reaches(points, a, b, x0, y0, x1 - 1, y1 - 1)) {
            near[2 * count] = a;
            near[2 * count + 1] = b;
            count++;
          }
        }
        if (count === 0) continue;
        const smooth = kind[cy * ncx + cx] === 0;
        if (smooth) {
          // A smooth cell: its bilinear motion written out per pixel, as the warp would take it.
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
        let largest = 0;
        const far2 = FADE_TO * FADE_TO;
        for (let y = y0; y < y1; y++) {
          for (let x = x0; x < x1; x++) {
            let best = far2;
            let ux = 0;
            let uy = 0;
            let nx = 0;
            let ny = 0;
            for (let i = 0; i < count; i++) {
              const a = near[2 * i]!;
              const b = near[2 * i + 1]!;
              const ax = points[2 * a]!;
              const ay = points[2 * a + 1]!;
              const dx = points[2 * b]! - ax;
              const dy = points[2 * b + 1]! - ay;
              const len2 = dx * dx + dy * dy;
              if (!(len2 > 0)) continue;
              const f = Math.min(Math.max(((x - ax) * dx + (y - ay) * dy) / len2, 0), 1);
              const ex = ax + f * dx - x;
              const ey = ay + f * dy - y;
              const d2 = ex * ex + ey * ey;
              if (!(d2 < best)) continue;
              best = d2;
              ux = (1 - f) * (lp[2 * a]! - kp[2 * a]!) + f * (lp[2 * b]! - kp[2 * b]!);
              uy =
                (1 - f) * (lp[2 * a + 1]! - kp[2 * a + 1]!) + f * (lp[2 * b + 1]! - kp[2 * b + 1]!);
              const len = Math.sqrt(len2);
              nx = -dy / len;
              ny = dx / len;
            }
            if (best >= far2) continue;
            const q = 2 * (y * width + x);
            const share = Math.min(1, (FADE_TO - Math.sqrt(best)) / (FADE_TO - HOLD));
            const across = share * ((ux - pmap[q]!) * nx + (uy - pmap[q + 1]!) * ny);
            pmap[q] = pmap[q]! + across * nx;
            pmap[q + 1] = pmap[q + 1]! + across * ny;
            largest = Math.max(largest, Math.abs(across));
          }
        }
        // A smooth cell the bands did not change stays smooth (the kernel's cheaper path).
        if (!smooth || largest >= NEGLIGIBLE) kind[cy * ncx + cx] = 1;
      }
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
 * the box, or a corner of the box is near it, or it crosses the box.
 */
function reaches(
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
