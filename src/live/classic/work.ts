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
import { CutBands } from "./bands.js";
import { FrameCuts } from "./frame-cuts.js";
import { crossesAny } from "./segments.js";

/** The most passes of own-side hole filling per disc (decision 383). */
export const SIDED_PASSES = 32;

/**
 * The sub-pixel remainders of the `carry` reading: where each pixel truly is,
 * relative to its centre (−½ … ½ on each axis), moved with its value.
 */
interface Carry {
  readonly x: Float32Array;
  readonly y: Float32Array;
  /** The remainders of the disc being moved, as they were before it. */
  readonly snapX: Float32Array;
  readonly snapY: Float32Array;
}

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
  /** The current frame's cut segments (step 13). */
  private readonly cuts: FrameCuts;
  /**
   * The cuts the next disc's pixels may cross: its control point's own cuts
   * under `classicOwnCut: "passes"` (decision 380), else none.
   */
  passing: readonly number[] = [];
  /**
   * Step 17's reading of the cut bands (`classicBandHoles`, decision 383):
   * false, an empty band pixel waits for L (steps 20–23); true, every hole
   * outside the openings is averaged from its own side of K*'s cuts.
   */
  ownSide = false;
  /**
   * The current frame's openings (`classicClosing: "covers"`, decision
   * 389): a source pixel inside one of them that a disc moves outside every
   * opening of K* is covered (not written); null under `keeps`.
   */
  private readonly opened: CutBands | null;
  /** 1 at the pixels inside the current frame's openings (under `covers`). */
  private readonly inOpened: Uint8Array | null;
  /** K*'s cut bands (step 21): a strip along each segment. */
  private readonly bands: CutBands;
  /** Carried remainders (the `carry` reading), or null (whole pixels). */
  private readonly carry: Carry | null;

  /**
   * Buffers for a picture of `width` × `height`, at most `maxSegments` cut
   * segments and `maxBandSegments` band strips (the cuts' points suffice);
   * `carry` keeps each pixel's sub-pixel remainder from one in-between to
   * the next; `covers`, a closing opening covers what it closes over
   * (decision 389).
   */
  constructor(
    width: number,
    height: number,
    maxSegments: number,
    maxBandSegments: number,
    carry = false,
    covers = false,
  ) {
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
    this.cuts = new FrameCuts(maxSegments);
    this.bands = new CutBands(width, height, maxBandSegments);
    this.opened = covers ? new CutBands(width, height, maxBandSegments) : null;
    this.inOpened = covers ? new Uint8Array(n) : null;
    this.carry = carry
      ? {
          x: new Float32Array(n),
          y: new Float32Array(n),
          snapX: new Float32Array(n),
          snapY: new Float32Array(n),
        }
      : null;
  }

  /** Starts again from `image`: its pixels, none empty, no remainders. */
  reset(image: RgbaImage): void {
    this.data.set(image.data);
    this.empty.fill(0);
    this.carry?.x.fill(0);
    this.carry?.y.fill(0);
  }

  /**
   * Step 13's cuts: the polylines of `cuts` through `points` (the current
   * frame's positions). Segments with an unknown end are left out.
   */
  setCuts(points: Float64Array, cuts: readonly (readonly number[])[]): void {
    this.cuts.set(points, cuts);
    if (this.opened) {
      this.opened.set(points, cuts, 0);
      this.opened.markRegions(this.inOpened!);
    }
  }

  /** Step 21's bands: a strip `band` pixels either side of each segment of `cuts` through `points` (K*'s). */
  setBands(points: Float64Array, cuts: readonly (readonly number[])[], band: number): void {
    this.bands.set(points, cuts, band);
  }

  /**
   * Steps 12–14 for one control point: the disc of radius `radius` around
   * (kx, ky) is lifted (its pixels become empty) and every source pixel P of
   * it is written back at P + (L − K)·w(|P − K| / R)·scale / divisor,
   * rounded, or at its own place when [P, L] crosses a cut (step 13). Later
   * writes win; a source that was empty carries nothing; a write outside the
   * picture is lost. With remainders carried, P is where the pixel truly is
   * (its centre plus its remainder) and the rounding's rest goes with it.
   */
  moveDisc(
    kx: number,
    ky: number,
    lx: number,
    ly: number,
    radius: number,
    divisor: number,
    scale = 1,
  ): void {
    const w = this.width;
    const x0 = Math.max(0, Math.ceil(kx - radius));
    const x1 = Math.min(w - 1, Math.floor(kx + radius));
    const y0 = Math.max(0, Math.ceil(ky - radius));
    const y1 = Math.min(this.height - 1, Math.floor(ky + radius));
    if (x0 > x1 || y0 > y1) return;
    const r2 = radius * radius;
    this.lift(kx, ky, r2, x0, y0, x1, y1);
    const count = this.cuts.select(kx, ky, lx, ly, radius, this.passing);
    const { data, empty, snap, snapEmpty, carry } = this;
    const mx = lx - kx;
    const my = ly - ky;
    for (let y = y0; y <= y1; y++) {
      const dy = y - ky;
      for (let x = x0; x <= x1; x++) {
        const dx = x - kx;
        if (dx * dx + dy * dy > r2) continue;
        const i = y * w + x;
        if (snapEmpty[i] === 1) continue;
        const px = carry ? x + carry.snapX[i]! : x;
        const py = carry ? y + carry.snapY[i]! : y;
        let fx = px;
        let fy = py;
        let tx = x;
        let ty = y;
        if (!crossesAny(px, py, lx, ly, this.cuts.selected, count)) {
          const ex = px - kx;
          const ey = py - ky;
          const s = radius > 0 ? Math.sqrt(ex * ex + ey * ey) / radius : 0;
          const f = ((s < 1 ? 1 - s : 0) * scale) / divisor;
          fx = px + mx * f;
          fy = py + my * f;
          tx = Math.round(fx);
          ty = Math.round(fy);
          if (tx < 0 || ty < 0 || tx >= w || ty >= this.height) continue;
          // Decision 389: what a closing opening closes over is covered.
          if (this.inOpened?.[i] === 1 && !this.bands.inOpening(tx, ty)) continue;
        }
        const t = ty * w + tx;
        const o = i * 4;
        const q = t * 4;
        data[q] = snap[o]!;
        data[q + 1] = snap[o + 1]!;
        data[q + 2] = snap[o + 2]!;
        data[q + 3] = snap[o + 3]!;
        empty[t] = 0;
        if (carry) {
          carry.x[t] = fx - tx;
          carry.y[t] = fy - ty;
        }
      }
    }
  }

  /** Step 12's lift: the disc's pixels are copied aside, then made empty (transparent black, no remainder). */
  private lift(
    kx: number,
    ky: number,
    r2: number,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
  ): void {
    const w = this.width;
    const { data, empty, snap, snapEmpty, carry } = this;
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
        if (carry) {
          carry.snapX[i] = carry.x[i]!;
          carry.snapY[i] = carry.y[i]!;
          carry.x[i] = 0;
          carry.y[i] = 0;
        }
      }
    }
  }

  /**
   * Steps 17–19 for one disc: each empty pixel of it outside every cut band
   * takes the mean of its non-empty 3×3 neighbours (per channel, rounded);
   * the means are all taken from the picture as the move left it, then
   * written. A pixel with no non-empty neighbour stays empty. With
   * `ownSide` (decision 383), each empty pixel outside the openings, in a
   * band or not, takes the mean of its non-empty neighbours on its own side
   * of K*'s cuts, in passes (each from the picture the last one left) until
   * a pass fills nothing (at most SIDED_PASSES); what stays empty in a band
   * takes L in steps 20–23.
   */
  fillDisc(kx: number, ky: number, radius: number): void {
    const x0 = Math.max(0, Math.ceil(kx - radius));
    const x1 = Math.min(this.width - 1, Math.floor(kx + radius));
    const y0 = Math.max(0, Math.ceil(ky - radius));
    const y1 = Math.min(this.height - 1, Math.floor(ky + radius));
    if (x0 > x1 || y0 > y1) return;
    // One pixel more around the disc: the cuts between a pixel and its neighbours (decision 383).
    const bands = this.bands.select(x0 - 1, y0 - 1, x1 + 1, y1 + 1) > 0;
    const sided = this.ownSide && bands;
    // At most SIDED_PASSES passes (the demo face needs up to 11): what is left waits for
    // steps 20–23 and the last holes' fill, so a huge disc costs a bounded number of visits.
    for (let pass = 1; this.fillPass(kx, ky, radius, x0, y0, x1, y1, bands, sided) > 0; pass++) {
      if (!sided || pass >= SIDED_PASSES) break;
    }
  }

  /** One pass of {@link fillDisc} over the disc's box; returns how many pixels it filled. */
  private fillPass(
    kx: number,
    ky: number,
    radius: number,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    bands: boolean,
    sided: boolean,
  ): number {
    const w = this.width;
    const r2 = radius * radius;
    const { empty } = this;
    let n = 0;
    for (let y = y0; y <= y1; y++) {
      const dy = y - ky;
      for (let x = x0; x <= x1; x++) {
        const dx = x - kx;
        if (dx * dx + dy * dy > r2) continue;
        const i = y * w + x;
        if (empty[i] === 0) continue;
        if (sided) {
          // Decision 383: an opening waits for L; any other hole is averaged from its own side.
          if (this.bands.inOpening(x, y)) continue;
          if (this.mean(x, y, n, true)) n++;
          continue;
        }
        if (bands && this.bands.inSelected(x, y)) continue;
        if (this.mean(x, y, n)) n++;
      }
    }
    this.applyFills(n);
    return n;
  }

  /**
   * The mean of the non-empty 3×3 neighbours of (x, y) (step 19), stored as
   * fill number `slot`; false (nothing stored) when there is none (S = 0).
   * `sided`: only the neighbours no cut strip of the last `select` separates
   * from (x, y) count (decision 383).
   */
  private mean(x: number, y: number, slot: number, sided = false): boolean {
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
        if (sided && this.bands.separates(x, y, nx, ny)) continue;
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
    this.bands.fill(this.data, this.empty, l);
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
