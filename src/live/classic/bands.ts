/**
 * The classic engine's cut bands (the seed's steps 20–23,
 * docs/live-engines.md): for each segment of a cut of K*, the strip of
 * pixel centres at distance ≤ `band` from the segment — the seed's
 * "rectangle resting on the cut", one per segment, with round ends so the
 * strips of a polyline join at its bends. Not the box around the cut.
 */
import type { RgbaImage } from "../image.js";

/** Squared distance from (px, py) to the segment [A, B]. */
export function segmentDistance2(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  let t = len > 0 ? ((px - ax) * dx + (py - ay) * dy) / len : 0;
  t = t < 0 ? 0 : Math.min(t, 1);
  const ex = px - (ax + t * dx);
  const ey = py - (ay + t * dy);
  return ex * ex + ey * ey;
}

/** Whether point `p` of `points` is known (an index, with both coordinates numbers). */
function known(points: Float64Array, p: number): boolean {
  return p >= 0 && !Number.isNaN(points[p * 2]! + points[p * 2 + 1]!);
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

  /** Keeps the strips whose box meets the inclusive pixel rectangle; returns how many. */
  select(x0: number, y0: number, x1: number, y1: number): number {
    let n = 0;
    for (let s = 0; s < this.count; s++) {
      const o = s * 4;
      const b = this.boxes;
      if (b[o]! > x1 || b[o + 2]! < x0 || b[o + 1]! > y1 || b[o + 3]! < y0) continue;
      this.selected[n++] = s;
    }
    this.selectedCount = n;
    return n;
  }

  /** Whether pixel (x, y) lies in one of the strips kept by the last `select`. */
  inSelected(x: number, y: number): boolean {
    const h2 = this.band * this.band;
    const g = this.segments;
    for (let k = 0; k < this.selectedCount; k++) {
      const o = this.selected[k]! * 4;
      if (segmentDistance2(x, y, g[o]!, g[o + 1]!, g[o + 2]!, g[o + 3]!) <= h2) return true;
    }
    return false;
  }

  /**
   * Steps 20–23: every empty pixel of every strip takes L's pixel at the
   * same place (P := Q) and is no longer empty. Pixels outside L's
   * picture stay empty.
   */
  fill(data: Uint8ClampedArray, empty: Uint8Array, l: RgbaImage): void {
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
}
