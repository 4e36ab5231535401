/**
 * The classic engine's cut bands (the seed's steps 20–23,
 * docs/live-engines.md): for each segment of a cut of K*, the strip of
 * pixel centres at distance ≤ `band` from the segment — the seed's
 * "rectangle resting on the cut", one per segment, with round ends so the
 * strips of a polyline join at its bends. Not the box around the cut.
 * Two cuts with the same two ends (a mouth's lips, an eye's lids) also
 * rest on the region between them (decision 314): an opening's inside is
 * L's, not a smear of the lips' colours.
 */
import type { RgbaImage } from "../image.js";
import { segmentDistance2 } from "../segment.js";
import { segmentsCross } from "./segments.js";

export { segmentDistance2 };

/** Whether point `p` of `points` is known (an index, with both coordinates numbers). */
function known(points: Float64Array, p: number): boolean {
  return p >= 0 && !Number.isNaN(points[p * 2]! + points[p * 2 + 1]!);
}

/** Whether (x, y) is inside the closed polygon of the first `count` points of xy (even–odd rule). */
function insidePolygon(xy: Float64Array, count: number, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = count - 1; i < count; j = i++) {
    const xi = xy[2 * i]!;
    const yi = xy[2 * i + 1]!;
    const xj = xy[2 * j]!;
    const yj = xy[2 * j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The outlines (point indices) of the regions between two cuts with the same two ends. */
function regionOutlines(cuts: readonly (readonly number[])[]): Int32Array[] {
  const out: Int32Array[] = [];
  const whole = cuts.filter((c) => c.length >= 2 && c.every((i) => i >= 0));
  for (let a = 0; a < whole.length; a++) {
    for (let b = a + 1; b < whole.length; b++) {
      const ca = whole[a]!;
      let cb = whole[b]!;
      if (cb[0] === ca[ca.length - 1] && cb[cb.length - 1] === ca[0]) cb = [...cb].reverse();
      if (cb[0] !== ca[0] || cb[cb.length - 1] !== ca[ca.length - 1]) continue;
      if (ca.length + cb.length < 5) continue;
      out.push(Int32Array.from([...ca, ...cb.slice(1, -1).reverse()]));
    }
  }
  return out;
}

/** The strips of K*'s cuts. */
export class CutBands {
  /** Strips' segments: ax, ay, bx, by (a lone point of a cut is a segment of length 0). */
  private readonly segments: Float64Array;
  private count = 0;
  /** Each strip's inclusive pixel box, clipped to the picture: x0, y0, x1, y1 (empty when x0 > x1). */
  private readonly boxes: Int32Array;
  /** The strips one disc meets (indices into `segments`). */
  private readonly selected: Int32Array;
  private selectedCount = 0;
  private band = 0;
  /** The cut list the regions were found for, the regions' outlines, their places (K*) and pixel boxes. */
  private regionCuts: readonly (readonly number[])[] | null = null;
  private outlines: Int32Array[] = [];
  private regions: Float64Array[] = [];
  /** Per region: x0, y0, x1, y1, clipped (empty when x0 > x1: a point unknown). */
  private regionBoxes = new Int32Array(0);

  constructor(
    private readonly width: number,
    private readonly height: number,
    maxSegments: number,
  ) {
    this.segments = new Float64Array(maxSegments * 4);
    this.boxes = new Int32Array(maxSegments * 4);
    this.selected = new Int32Array(maxSegments);
  }

  /**
   * The strips of `cuts` through `points` (K*'s positions), `band` pixels
   * either side. A segment with an unknown end is left out; a cut with no
   * whole segment gives each of its known points a disc of radius `band`.
   */
  set(points: Float64Array, cuts: readonly (readonly number[])[], band: number): void {
    this.band = band;
    this.count = 0;
    for (const cut of cuts) {
      const start = this.count;
      for (let i = 0; i + 1 < cut.length; i++)
        if (known(points, cut[i]!) && known(points, cut[i + 1]!))
          this.add(points, cut[i]!, cut[i + 1]!);
      if (this.count > start) continue;
      for (const p of cut) if (known(points, p)) this.add(points, p, p);
    }
    this.setRegions(points, cuts);
  }

  /** The regions between two cuts with the same ends, through `points` (found once per cut list). */
  private setRegions(points: Float64Array, cuts: readonly (readonly number[])[]): void {
    if (cuts !== this.regionCuts) {
      this.regionCuts = cuts;
      this.outlines = regionOutlines(cuts);
      this.regions = this.outlines.map((o) => new Float64Array(o.length * 2));
      this.regionBoxes = new Int32Array(this.outlines.length * 4);
    }
    this.outlines.forEach((outline, r) => {
      const xy = this.regions[r]!;
      const box = this.regionBoxes;
      let [x0, y0, x1, y1] = [this.width, this.height, -1, -1];
      for (let v = 0; v < outline.length; v++) {
        const p = outline[v]!;
        xy[2 * v] = points[p * 2]!;
        xy[2 * v + 1] = points[p * 2 + 1]!;
        x0 = Math.min(x0, Math.ceil(xy[2 * v]!));
        y0 = Math.min(y0, Math.ceil(xy[2 * v + 1]!));
        x1 = Math.max(x1, Math.floor(xy[2 * v]!));
        y1 = Math.max(y1, Math.floor(xy[2 * v + 1]!));
      }
      const whole = Array.from(outline).every((p) => known(points, p));
      box[4 * r] = whole ? Math.max(0, x0) : 1;
      box[4 * r + 1] = Math.max(0, y0);
      box[4 * r + 2] = whole ? Math.min(this.width - 1, x1) : 0;
      box[4 * r + 3] = Math.min(this.height - 1, y1);
    });
  }

  /** Whether pixel (x, y) is inside one of the regions between two cuts with the same ends. */
  private inRegion(x: number, y: number): boolean {
    const box = this.regionBoxes;
    for (let r = 0; r < this.regions.length; r++) {
      const o = 4 * r;
      if (x < box[o]! || x > box[o + 2]! || y < box[o + 1]! || y > box[o + 3]!) continue;
      if (insidePolygon(this.regions[r]!, this.outlines[r]!.length, x, y)) return true;
    }
    return false;
  }

  /** Sets `mask` to 1 at every pixel inside a region between two cuts with the same ends, 0 elsewhere. */
  markRegions(mask: Uint8Array): void {
    mask.fill(0);
    const box = this.regionBoxes;
    for (let r = 0; r < this.regions.length; r++) {
      const o = 4 * r;
      for (let y = box[o + 1]!; y <= box[o + 3]!; y++) {
        for (let x = box[o]!; x <= box[o + 2]!; x++) {
          if (insidePolygon(this.regions[r]!, this.outlines[r]!.length, x, y))
            mask[y * this.width + x] = 1;
        }
      }
    }
  }

  /** Adds the strip of the segment from point `a` to point `b`, with its clipped pixel box. */
  private add(points: Float64Array, a: number, b: number): void {
    if (this.count >= this.selected.length) return;
    const o = this.count++ * 4;
    const g = this.segments;
    g[o] = points[a * 2]!;
    g[o + 1] = points[a * 2 + 1]!;
    g[o + 2] = points[b * 2]!;
    g[o + 3] = points[b * 2 + 1]!;
    const h = this.band;
    this.boxes[o] = Math.max(0, Math.ceil(Math.min(g[o]!, g[o + 2]!) - h));
    this.boxes[o + 1] = Math.max(0, Math.ceil(Math.min(g[o + 1]!, g[o + 3]!) - h));
    this.boxes[o + 2] = Math.min(this.width - 1, Math.floor(Math.max(g[o]!, g[o + 2]!) + h));
    this.boxes[o + 3] = Math.min(this.height - 1, Math.floor(Math.max(g[o + 1]!, g[o + 3]!) + h));
  }

  /** Keeps the strips whose box meets the inclusive pixel rectangle; returns how many (one more when a region's box meets it). */
  select(x0: number, y0: number, x1: number, y1: number): number {
    let n = 0;
    for (let s = 0; s < this.count; s++) {
      const o = s * 4;
      const b = this.boxes;
      if (b[o]! > x1 || b[o + 2]! < x0 || b[o + 1]! > y1 || b[o + 3]! < y0) continue;
      this.selected[n++] = s;
    }
    this.selectedCount = n;
    // A region between two cuts counts as one more (it is tested in `inSelected` by its own box).
    const box = this.regionBoxes;
    for (let r = 0; r < this.regions.length; r++) {
      const o = 4 * r;
      if (box[o]! > x1 || box[o + 2]! < x0 || box[o + 1]! > y1 || box[o + 3]! < y0) continue;
      return n + 1;
    }
    return n;
  }

  /** Whether pixel (x, y) lies in one of the strips kept by the last `select`, or in a region between two cuts. */
  inSelected(x: number, y: number): boolean {
    if (this.regions.length > 0 && this.inRegion(x, y)) return true;
    const h2 = this.band * this.band;
    const g = this.segments;
    for (let k = 0; k < this.selectedCount; k++) {
      const o = this.selected[k]! * 4;
      if (segmentDistance2(x, y, g[o]!, g[o + 1]!, g[o + 2]!, g[o + 3]!) <= h2) return true;
    }
    return false;
  }

  /** Whether (x, y) lies in a region between two cuts with the same ends. */
  inOpening(x: number, y: number): boolean {
    return this.regions.length > 0 && this.inRegion(x, y);
  }

  /** Whether the segment from (px, py) to (qx, qy) meets one of the strips' segments kept by the last `select` (K*'s cuts). */
  separates(px: number, py: number, qx: number, qy: number): boolean {
    const g = this.segments;
    for (let k = 0; k < this.selectedCount; k++) {
      const o = this.selected[k]! * 4;
      if (segmentsCross(px, py, qx, qy, g[o]!, g[o + 1]!, g[o + 2]!, g[o + 3]!)) return true;
    }
    return false;
  }

  /**
   * Steps 20–23: every empty pixel of every strip and of every region
   * between two cuts takes L's pixel at the same place (P := Q) and is no
   * longer empty. Pixels outside L's picture stay empty.
   */
  fill(data: Uint8ClampedArray, empty: Uint8Array, l: RgbaImage): void {
    this.fillRegions(data, empty, l);
    const w = this.width;
    const h2 = this.band * this.band;
    const g = this.segments;
    for (let s = 0; s < this.count; s++) {
      const o = s * 4;
      const x0 = this.boxes[o]!;
      const y0 = this.boxes[o + 1]!;
      const x1 = Math.min(this.boxes[o + 2]!, l.width - 1);
      const y1 = Math.min(this.boxes[o + 3]!, l.height - 1);
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const i = y * w + x;
          if (empty[i] === 0) continue;
          if (segmentDistance2(x, y, g[o]!, g[o + 1]!, g[o + 2]!, g[o + 3]!) > h2) continue;
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

  /** The regions' part of {@link fill}. */
  private fillRegions(data: Uint8ClampedArray, empty: Uint8Array, l: RgbaImage): void {
    const w = this.width;
    const box = this.regionBoxes;
    for (let r = 0; r < this.regions.length; r++) {
      const o = 4 * r;
      const y1 = Math.min(box[o + 3]!, l.height - 1);
      const x1 = Math.min(box[o + 2]!, l.width - 1);
      for (let y = box[o + 1]!; y <= y1; y++) {
        for (let x = box[o]!; x <= x1; x++) {
          const i = y * w + x;
          if (empty[i] === 0) continue;
          if (!insidePolygon(this.regions[r]!, this.outlines[r]!.length, x, y)) continue;
          data.set(l.data.subarray((y * l.width + x) * 4, (y * l.width + x) * 4 + 4), i * 4);
          empty[i] = 0;
        }
      }
    }
  }
}
