/**
 * What the improved engine writes over the warped blend
 * (docs/live-engines.md, "Improved engine: still pixels and openings"):
 *  - still pixels: a pixel with the same RGBA in K and L where the control
 *    points' field moves less than STILL_MOTION pixels (at t = 0) shows K's
 *    value at every in-between, exactly;
 *  - openings: two cuts with the same two ends bound a region (a mouth, an
 *    eye). At time t a pixel inside the region through the control points
 *    at t shows what that pixel is in the key frame where it is inside too
 *    (L's inside for a region that opens, K's for one that closes, the blend
 *    where both are), instead of a warped cross-fade.
 */
import type { EngineFrame } from "../engine.js";
import type { RgbaImage } from "../image.js";
import { segmentDistance2 } from "../segment.js";

/** Largest motion (pixels) of the control points' field at a pixel taken as still when K and L agree there. */
export const STILL_MOTION = 1;

/** Pixels that stay K's: their indices and K's words there. */
export class StillPixels {
  readonly index: Int32Array;
  private readonly value: Int32Array;

  /** `motion(q)`: the length of the control points' field's motion at pixel q, t = 0. */
  constructor(k: RgbaImage, l: RgbaImage, motion: (q: number) => number) {
    const n = k.width * k.height;
    const kd = k.data;
    const ld = l.data;
    const found: number[] = [];
    for (let q = 0; q < n; q++) {
      const o = 4 * q;
      if (kd[o] !== ld[o] || kd[o + 1] !== ld[o + 1] || kd[o + 2] !== ld[o + 2]) continue;
      if (kd[o + 3] !== ld[o + 3] || !(motion(q) < STILL_MOTION)) continue;
      found.push(q);
    }
    this.index = Int32Array.from(found);
    this.value = new Int32Array(found.length);
    const words = new Int32Array(new Uint8ClampedArray(kd).buffer);
    for (let i = 0; i < found.length; i++) this.value[i] = words[found[i]!]!;
  }

  /** Writes K's words at the still pixels q (from ≤ q < to) into `out` (one word per pixel). */
  apply(out: Int32Array, from = 0, to = out.length): void {
    const { index, value } = this;
    for (let i = firstAtLeast(index, from); i < index.length && index[i]! < to; i++)
      out[index[i]!] = value[i]!;
  }
}

/** The first i with sorted[i] ≥ v (sorted.length when none). */
function firstAtLeast(sorted: Int32Array, v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The x where the edges of the closed polygon xy cross row y, into `out`
 * (their count): (x, y) is inside (even–odd rule) when an odd number of
 * them are greater than x. Each edge's crossing is computed once per row,
 * not once per pixel.
 */
export function crossings(xy: Float64Array, count: number, y: number, out: Float64Array): number {
  let n = 0;
  for (let i = 0, j = count - 1; i < count; j = i++) {
    const xi = xy[2 * i]!;
    const yi = xy[2 * i + 1]!;
    const xj = xy[2 * j]!;
    const yj = xy[2 * j + 1]!;
    if (yi > y !== yj > y) out[n++] = ((xj - xi) * (y - yi)) / (yj - yi) + xi;
  }
  return n;
}

/** Sorts the first n numbers of `row` (a few crossings), ascending. */
function sortFirst(row: Float64Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const v = row[i]!;
    let j = i - 1;
    for (; j >= 0 && row[j]! > v; j--) row[j + 1] = row[j]!;
    row[j + 1] = v;
  }
}

/** Whether an odd number of the n crossings in `row` are greater than x. */
export function odd(row: Float64Array, n: number, x: number): boolean {
  let inside = false;
  for (let i = 0; i < n; i++) if (x < row[i]!) inside = !inside;
  return inside;
}

/**
 * How far inside a region's outline at t (pixels) a pixel must be to show a
 * key's inside (decision 368): nearer the cuts, what is drawn along them
 * (a lid's lash line, a lip) is the warp's, which carries it with its cut
 * (decision 367), so an eye closes under a whole lash line and a mouth
 * opens between whole lips.
 */
export const OPENING_MARGIN = 1.5;

/** The regions between two cuts with the same ends. */
export class Openings {
  /** Per region: its outline as point indices (one cut, then the other's inner points backwards). */
  private readonly outlines: Int32Array[] = [];
  private readonly polyK: Float64Array[] = [];
  private readonly polyL: Float64Array[] = [];
  private readonly polyT: Float64Array[] = [];
  /** One row's crossings of the outline at t, in K and in L (see {@link crossings}). */
  private rowT = new Float64Array(0);
  private rowK = new Float64Array(0);
  private rowL = new Float64Array(0);

  constructor(
    private readonly k: EngineFrame,
    private readonly l: EngineFrame,
  ) {
    const cuts = k.cuts.filter((c) => c.length >= 2 && c.every((i) => i >= 0));
    for (let a = 0; a < cuts.length; a++) {
      for (let b = a + 1; b < cuts.length; b++) {
        const ca = cuts[a]!;
        let cb = cuts[b]!;
        if (cb[0] === ca[ca.length - 1] && cb[cb.length - 1] === ca[0]) cb = [...cb].reverse();
        if (cb[0] !== ca[0] || cb[cb.length - 1] !== ca[ca.length - 1]) continue;
        if (ca.length + cb.length < 5) continue;
        const outline = Int32Array.from([...ca, ...cb.slice(1, -1).reverse()]);
        if (!Array.from(outline).every((i) => this.usable(i))) continue;
        this.outlines.push(outline);
        this.polyK.push(this.polygon(outline, k.points));
        this.polyL.push(this.polygon(outline, l.points));
        this.polyT.push(new Float64Array(outline.length * 2));
        if (outline.length > this.rowT.length) {
          this.rowT = new Float64Array(outline.length);
          this.rowK = new Float64Array(outline.length);
          this.rowL = new Float64Array(outline.length);
        }
      }
    }
  }

  private usable(i: number): boolean {
    const { k, l } = this;
    return [k.points[2 * i], k.points[2 * i + 1], l.points[2 * i], l.points[2 * i + 1]].every(
      (v) => v !== undefined && Number.isFinite(v),
    );
  }

  private polygon(outline: Int32Array, points: Float64Array): Float64Array {
    const out = new Float64Array(outline.length * 2);
    outline.forEach((i, v) => {
      out[2 * v] = points[2 * i]!;
      out[2 * v + 1] = points[2 * i + 1]!;
    });
    return out;
  }

  /** Rewrites the pixels inside the regions at time t (control points `points`) in `out`, in rows [from, to) and columns [left, right). */
  apply(
    t: number,
    points: Float64Array,
    out: Uint8ClampedArray,
    from = 0,
    to = Infinity,
    left = 0,
    right = Infinity,
  ): void {
    const kd = this.k.image.data;
    const ld = this.l.image.data;
    const { width, height } = this.k.image;
    const s = 1 - t;
    this.outlines.forEach((outline, r) => {
      const poly = this.polyT[r]!;
      let x0 = width;
      let y0 = height;
      let x1 = -1;
      let y1 = -1;
      outline.forEach((i, v) => {
        poly[2 * v] = points[2 * i]!;
        poly[2 * v + 1] = points[2 * i + 1]!;
        x0 = Math.min(x0, Math.floor(points[2 * i]!));
        x1 = Math.max(x1, Math.ceil(points[2 * i]!));
        y0 = Math.min(y0, Math.floor(points[2 * i + 1]!));
        y1 = Math.max(y1, Math.ceil(points[2 * i + 1]!));
      });
      const n = outline.length;
      const { rowT, rowK, rowL } = this;
      for (let y = Math.max(0, y0, from); y <= Math.min(height - 1, y1, to - 1); y++) {
        const nt = crossings(poly, n, y, rowT);
        if (nt === 0) continue;
        const nk = crossings(this.polyK[r]!, n, y, rowK);
        const nl = crossings(this.polyL[r]!, n, y, rowL);
        // Inside at t: an odd number of crossings beyond x, so (an even number of them,
        // sorted) between the 2m-th and the (2m + 1)-th (decision 394).
        sortFirst(rowT, nt);
        // K's and L's crossings sorted too: x only grows along the row, so the count of them
        // at or before x is kept, not found again per pixel (decision 409).
        sortFirst(rowK, nk);
        sortFirst(rowL, nl);
        let pk = 0;
        let pl = 0;
        for (let m = 0; m + 1 < nt; m += 2) {
          const first = Math.max(0, x0, left, Math.ceil(rowT[m]!));
          const last = Math.min(width - 1, x1, right - 1, Math.ceil(rowT[m + 1]!) - 1);
          for (let x = first; x <= last; x++) {
            while (pk < nk && rowK[pk]! <= x) pk++;
            while (pl < nl && rowL[pl]! <= x) pl++;
            const inK = ((nk - pk) & 1) === 1;
            const inL = ((nl - pl) & 1) === 1;
            if (!inK && !inL) continue;
            // K's inside (a closing region) keeps off the outline; L's (an opening one) does not.
            if (inK && nearOutline(poly, n, x, y)) continue;
            const o = 4 * (y * width + x);
            if (inK && inL) {
              out[o] = Math.round(s * kd[o]! + t * ld[o]!);
              out[o + 1] = Math.round(s * kd[o + 1]! + t * ld[o + 1]!);
              out[o + 2] = Math.round(s * kd[o + 2]! + t * ld[o + 2]!);
              out[o + 3] = Math.round(s * kd[o + 3]! + t * ld[o + 3]!);
            } else {
              // Inside one key only: that key's bytes (what the blend with weight 0 or 1 gives).
              const from = inL ? ld : kd;
              for (let c = 0; c < 4; c++) out[o + c] = from[o + c]!;
            }
          }
        }
      }
    });
  }
}

/** Beyond this (pixels) from an edge's box, its distance is not computed: it is over OPENING_MARGIN. */
const REACH = OPENING_MARGIN + 1e-6;

/**
 * Whether (x, y) is within OPENING_MARGIN of the closed polygon `poly` of n
 * vertices (squared distance below its square). An edge whose box, grown by
 * REACH, leaves (x, y) out is farther: its distance is not computed (the
 * same answer; decision 409).
 */
function nearOutline(poly: Float64Array, n: number, x: number, y: number): boolean {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ax = poly[2 * j]!;
    const ay = poly[2 * j + 1]!;
    const bx = poly[2 * i]!;
    const by = poly[2 * i + 1]!;
    if (x < Math.min(ax, bx) - REACH || x > Math.max(ax, bx) + REACH) continue;
    if (y < Math.min(ay, by) - REACH || y > Math.max(ay, by) + REACH) continue;
    const d2 = segmentDistance2(x, y, ax, ay, bx, by);
    if (d2 < best) best = d2;
  }
  return best < OPENING_MARGIN * OPENING_MARGIN;
}
