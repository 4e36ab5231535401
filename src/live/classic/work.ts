/**
 * The classic engine's working picture and the seed's steps 12–23 on it
 * (docs/live-engines.md, "Classic engine"). One `ClassicWork` serves one
 * K → L transition: every buffer is allocated here, once, and reused by
 * each in-between; the per-pixel loops allocate nothing.
 *
 * A pixel is *empty* (mask 1) from the moment its disc is lifted until a
 * source pixel lands on it or a fill gives it a value; an empty pixel also
 * holds transparent black, so one that escaped every fill would show.
 */
import type { RgbaImage } from "../image.js";
import { crossesAny } from "./segments.js";

export class ClassicWork {
  readonly width: number;
  readonly height: number;
  /** The picture being made (starts as the current frame, ends as K*). */
  readonly data: Uint8ClampedArray;
  /** 1 where the pixel is empty. */
  readonly empty: Uint8Array;
  /** Source pixels of the disc being moved, indexed like `data`. */
  private readonly snap: Uint8ClampedArray;
  private readonly snapEmpty: Uint8Array;
  /** One fill pass: pixels to set and their values, applied after the pass. */
  private readonly fillIndex: Int32Array;
  private readonly fillValue: Uint8ClampedArray;
  /** Pixels still empty after step 23 (the last, beyond-the-seed fill). */
  private readonly rest: Int32Array;
  /** The current frame's cut segments: ax, ay, bx, by. */
  private readonly segments: Float64Array;
  private segmentCount = 0;
  /** The cut segments one disc must test. */
  private readonly discSegments: Float64Array;
  /** K*'s cut bands as inclusive pixel rectangles: x0, y0, x1, y1. */
  private readonly bands: Int32Array;
  private bandCount = 0;
  /** The bands one disc touches. */
  private readonly discBands: Int32Array;

  constructor(width: number, height: number, maxSegments: number, maxCuts: number) {
    this.width = width;
    this.height = height;
    const n = width * height;
    this.data = new Uint8ClampedArray(n * 4);
    this.empty = new Uint8Array(n);
    this.snap = new Uint8ClampedArray(n * 4);
    this.snapEmpty = new Uint8Array(n);
    this.fillIndex = new Int32Array(n);
    this.fillValue = new Uint8ClampedArray(n * 4);
    this.rest = new Int32Array(n);
    this.segments = new Float64Array(maxSegments * 4);
    this.discSegments = new Float64Array(maxSegments * 4);
    this.bands = new Int32Array(maxCuts * 4);
    this.discBands = new Int32Array(maxCuts * 4);
  }

  /**
   * Step 13's cuts: the polylines of `cuts` through `points` (the current
   * frame's positions). Segments with an unknown end are left out.
   */
  setCuts(points: Float64Array, cuts: readonly (readonly number[])[]): void {
    let n = 0;
    for (const cut of cuts) {
      for (let i = 0; i + 1 < cut.length; i++) {
        const a = cut[i]!;
        const b = cut[i + 1]!;
        if (a < 0 || b < 0) continue;
        const ax = points[a * 2]!;
        const ay = points[a * 2 + 1]!;
        const bx = points[b * 2]!;
        const by = points[b * 2 + 1]!;
        if (Number.isNaN(ax + ay + bx + by)) continue;
        const o = n * 4;
        this.segments[o] = ax;
        this.segments[o + 1] = ay;
        this.segments[o + 2] = bx;
        this.segments[o + 3] = by;
        n++;
      }
    }
    this.segmentCount = n;
  }

  /**
   * Step 21's bands: for each cut, the axis-aligned rectangle around its
   * polyline through `points` (K*'s positions) widened by `band` pixels,
   * as the pixel centres inside it, clipped to the picture.
   */
  setBands(points: Float64Array, cuts: readonly (readonly number[])[], band: number): void {
    let n = 0;
    for (const cut of cuts) {
      let x0 = Number.POSITIVE_INFINITY;
      let y0 = Number.POSITIVE_INFINITY;
      let x1 = Number.NEGATIVE_INFINITY;
      let y1 = Number.NEGATIVE_INFINITY;
      for (const p of cut) {
        if (p < 0) continue;
        const x = points[p * 2]!;
        const y = points[p * 2 + 1]!;
        if (Number.isNaN(x + y)) continue;
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
      if (x0 > x1) continue;
      const o = n * 4;
      this.bands[o] = Math.max(0, Math.ceil(x0 - band));
      this.bands[o + 1] = Math.max(0, Math.ceil(y0 - band));
      this.bands[o + 2] = Math.min(this.width - 1, Math.floor(x1 + band));
      this.bands[o + 3] = Math.min(this.height - 1, Math.floor(y1 + band));
      if (this.bands[o]! > this.bands[o + 2]! || this.bands[o + 1]! > this.bands[o + 3]!) continue;
      n++;
    }
    this.bandCount = n;
  }

  /**
   * Steps 12–14 for one control point: the disc of radius `radius` around
   * (kx, ky) is lifted (its pixels become empty) and every source pixel P of
   * it is written back at P + (L − K)·w(|P − K| / R) / divisor, rounded, or
   * at its own place when [P, L] crosses a cut (step 13). Later writes win;
   * a source that was empty carries nothing; a write outside the picture is
   * lost.
   */
  moveDisc(kx: number, ky: number, lx: number, ly: number, radius: number, divisor: number): void {
    const w = this.width;
    const x0 = Math.max(0, Math.ceil(kx - radius));
    const x1 = Math.min(w - 1, Math.floor(kx + radius));
    const y0 = Math.max(0, Math.ceil(ky - radius));
    const y1 = Math.min(this.height - 1, Math.floor(ky + radius));
    if (x0 > x1 || y0 > y1) return;
    const r2 = radius * radius;
    const count = this.selectSegments(kx, ky, lx, ly, radius);
    const { data, empty, snap, snapEmpty } = this;
    for (let y = y0; y <= y1; y++) {
      const dy = y - ky;
      for (let x = x0; x <= x1; x++) {
        const dx = x - kx;
        if (dx * dx + dy * dy > r2) continue;
        const i = y * w + x;
        const o = i * 4;
        snap[o] = data[o]!;
        snap[o + 1] = data[o + 1]!;
        snap[o + 2] = data[o + 2]!;
        snap[o + 3] = data[o + 3]!;
        snapEmpty[i] = empty[i]!;
        empty[i] = 1;
        data[o] = 0;
        data[o + 1] = 0;
        data[o + 2] = 0;
        data[o + 3] = 0;
      }
    }
    const mx = lx - kx;
    const my = ly - ky;
    for (let y = y0; y <= y1; y++) {
      const dy = y - ky;
      for (let x = x0; x <= x1; x++) {
        const dx = x - kx;
        const d2 = dx * dx + dy * dy;
        if (d2 > r2) continue;
        const i = y * w + x;
        if (snapEmpty[i] === 1) continue;
        let tx = x;
        let ty = y;
        if (!crossesAny(x, y, lx, ly, this.discSegments, count)) {
          const s = radius > 0 ? Math.sqrt(d2) / radius : 0;
          const f = (s < 1 ? 1 - s : 0) / divisor;
          tx = Math.round(x + mx * f);
          ty = Math.round(y + my * f);
          if (tx < 0 || ty < 0 || tx >= w || ty >= this.height) continue;
        }
        const t = ty * w + tx;
        const o = i * 4;
        const q = t * 4;
        data[q] = snap[o]!;
        data[q + 1] = snap[o + 1]!;
        data[q + 2] = snap[o + 2]!;
        data[q + 3] = snap[o + 3]!;
        empty[t] = 0;
      }
    }
  }

  /** Copies to `discSegments` the cut segments whose box meets the box of the disc and L. */
  private selectSegments(kx: number, ky: number, lx: number, ly: number, radius: number): number {
    const bx0 = Math.min(kx - radius, lx);
    const by0 = Math.min(ky - radius, ly);
    const bx1 = Math.max(kx + radius, lx);
    const by1 = Math.max(ky + radius, ly);
    const { segments, discSegments } = this;
    let n = 0;
    for (let s = 0; s < this.segmentCount; s++) {
      const o = s * 4;
      const ax = segments[o]!;
      const ay = segments[o + 1]!;
      const bx = segments[o + 2]!;
      const by = segments[o + 3]!;
      if (Math.max(ax, bx) < bx0 || Math.min(ax, bx) > bx1) continue;
      if (Math.max(ay, by) < by0 || Math.min(ay, by) > by1) continue;
      const q = n * 4;
      discSegments[q] = ax;
      discSegments[q + 1] = ay;
      discSegments[q + 2] = bx;
      discSegments[q + 3] = by;
      n++;
    }
    return n;
  }

  /**
   * Steps 17–19 for one disc: each empty pixel of it outside every cut band
   * takes the mean of its non-empty 3×3 neighbours (per channel, rounded);
   * the means are all taken from the picture as the move left it, then
   * written. A pixel with no non-empty neighbour stays empty.
   */
  fillDisc(kx: number, ky: number, radius: number): void {
    const w = this.width;
    const x0 = Math.max(0, Math.ceil(kx - radius));
    const x1 = Math.min(w - 1, Math.floor(kx + radius));
    const y0 = Math.max(0, Math.ceil(ky - radius));
    const y1 = Math.min(this.height - 1, Math.floor(ky + radius));
    if (x0 > x1 || y0 > y1) return;
    const r2 = radius * radius;
    const bands = this.selectBands(x0, y0, x1, y1);
    const { empty, discBands } = this;
    let n = 0;
    for (let y = y0; y <= y1; y++) {
      const dy = y - ky;
      for (let x = x0; x <= x1; x++) {
        const dx = x - kx;
        if (dx * dx + dy * dy > r2) continue;
        const i = y * w + x;
        if (empty[i] === 0) continue;
        let inBand = false;
        for (let b = 0; b < bands; b++) {
          const o = b * 4;
          if (
            x >= discBands[o]! &&
            y >= discBands[o + 1]! &&
            x <= discBands[o + 2]! &&
            y <= discBands[o + 3]!
          ) {
            inBand = true;
            break;
          }
        }
        if (!inBand && this.mean(x, y, n)) n++;
      }
    }
    this.applyFills(n);
  }

  /** Copies to `discBands` the bands meeting the rectangle; returns how many. */
  private selectBands(x0: number, y0: number, x1: number, y1: number): number {
    const { bands, discBands } = this;
    let n = 0;
    for (let b = 0; b < this.bandCount; b++) {
      const o = b * 4;
      if (bands[o]! > x1 || bands[o + 2]! < x0 || bands[o + 1]! > y1 || bands[o + 3]! < y0)
        continue;
      const q = n * 4;
      discBands[q] = bands[o]!;
      discBands[q + 1] = bands[o + 1]!;
      discBands[q + 2] = bands[o + 2]!;
      discBands[q + 3] = bands[o + 3]!;
      n++;
    }
    return n;
  }

  /**
   * The mean of the non-empty 3×3 neighbours of (x, y) (step 19), stored as
   * fill number `slot`; false (nothing stored) when there is none (S = 0).
   */
  private mean(x: number, y: number, slot: number): boolean {
    const w = this.width;
    const { data, empty } = this;
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 0;
    let s = 0;
    const ny0 = y > 0 ? y - 1 : 0;
    const ny1 = y < this.height - 1 ? y + 1 : y;
    const nx0 = x > 0 ? x - 1 : 0;
    const nx1 = x < w - 1 ? x + 1 : x;
    for (let ny = ny0; ny <= ny1; ny++) {
      for (let nx = nx0; nx <= nx1; nx++) {
        const j = ny * w + nx;
        if (empty[j] === 1) continue;
        const o = j * 4;
        r += data[o]!;
        g += data[o + 1]!;
        b += data[o + 2]!;
        a += data[o + 3]!;
        s++;
      }
    }
    if (s === 0) return false;
    const q = slot * 4;
    this.fillIndex[slot] = y * w + x;
    this.fillValue[q] = Math.round(r / s);
    this.fillValue[q + 1] = Math.round(g / s);
    this.fillValue[q + 2] = Math.round(b / s);
    this.fillValue[q + 3] = Math.round(a / s);
    return true;
  }

  /** Writes the first `n` fills of a pass and marks their pixels non-empty. */
  private applyFills(n: number): void {
    const { data, empty, fillIndex, fillValue } = this;
    for (let k = 0; k < n; k++) {
      const i = fillIndex[k]!;
      const o = i * 4;
      const q = k * 4;
      data[o] = fillValue[q]!;
      data[o + 1] = fillValue[q + 1]!;
      data[o + 2] = fillValue[q + 2]!;
      data[o + 3] = fillValue[q + 3]!;
      empty[i] = 0;
    }
  }

  /** Steps 20–23: the empty pixels of each cut band take L's pixel at the same place. */
  fillBands(l: RgbaImage): void {
    const w = this.width;
    const { data, empty, bands } = this;
    for (let b = 0; b < this.bandCount; b++) {
      const o = b * 4;
      const x1 = Math.min(bands[o + 2]!, l.width - 1);
      const y1 = Math.min(bands[o + 3]!, l.height - 1);
      for (let y = bands[o + 1]!; y <= y1; y++) {
        for (let x = bands[o]!; x <= x1; x++) {
          const i = y * w + x;
          if (empty[i] === 0) continue;
          const p = i * 4;
          const q = (y * l.width + x) * 4;
          data[p] = l.data[q]!;
          data[p + 1] = l.data[q + 1]!;
          data[p + 2] = l.data[q + 2]!;
          data[p + 3] = l.data[q + 3]!;
          empty[i] = 0;
        }
      }
    }
  }

  /**
   * Beyond the seed: every pixel still empty takes the mean of its non-empty
   * 3×3 neighbours, in passes (each computed before it is written) until none
   * is left. Each pass fills at least one pixel unless the whole picture is
   * empty, in which case nothing can be filled and the pass stops. Returns
   * how many pixels were still empty after step 23.
   */
  fillRest(): number {
    const { empty, rest } = this;
    let n = 0;
    for (let i = 0; i < empty.length; i++) if (empty[i] === 1) rest[n++] = i;
    const before = n;
    const w = this.width;
    while (n > 0) {
      let filled = 0;
      let kept = 0;
      for (let k = 0; k < n; k++) {
        const i = rest[k]!;
        if (this.mean(i % w, (i / w) | 0, filled)) filled++;
        else rest[kept++] = i;
      }
      if (filled === 0) break;
      this.applyFills(filled);
      n = kept;
    }
    return before;
  }
}
