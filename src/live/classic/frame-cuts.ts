/**
 * The classic engine's step 13 cuts (docs/live-engines.md, "Classic
 * engine"): the polylines of the current frame through its control points,
 * as segments, and for one disc the segments it must test. Allocated once
 * per transition; `set` and `select` allocate nothing.
 */
export class FrameCuts {
  /** The current frame's cut segments: ax, ay, bx, by. */
  private readonly segments: Float64Array;
  private count = 0;
  /** The cut (index in the frame's cuts) each segment belongs to. */
  private readonly segmentCut: Int32Array;
  /** The segments the last `select` kept, ax, ay, bx, by each. */
  readonly selected: Float64Array;

  constructor(maxSegments: number) {
    this.segments = new Float64Array(maxSegments * 4);
    this.segmentCut = new Int32Array(maxSegments);
    this.selected = new Float64Array(maxSegments * 4);
  }

  /** The polylines of `cuts` through `points`; a segment with an unknown end is left out. */
  set(points: Float64Array, cuts: readonly (readonly number[])[]): void {
    let n = 0;
    let index = -1;
    for (const cut of cuts) {
      index++;
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
        this.segmentCut[n] = index;
        n++;
      }
    }
    this.count = n;
  }

  /**
   * Copies to `selected` the segments whose box meets the box of the disc
   * (centre K, `radius`) and L, except those of the cuts in `passing`
   * (decision 380); returns how many.
   */
  select(
    kx: number,
    ky: number,
    lx: number,
    ly: number,
    radius: number,
    passing: readonly number[],
  ): number {
    const bx0 = Math.min(kx - radius, lx);
    const by0 = Math.min(ky - radius, ly);
    const bx1 = Math.max(kx + radius, lx);
    const by1 = Math.max(ky + radius, ly);
    const { segments, selected, segmentCut } = this;
    let n = 0;
    for (let s = 0; s < this.count; s++) {
      if (passing.length > 0 && passing.includes(segmentCut[s]!)) continue;
      const o = s * 4;
      const ax = segments[o]!;
      const ay = segments[o + 1]!;
      const bx = segments[o + 2]!;
      const by = segments[o + 3]!;
      if (Math.max(ax, bx) < bx0 || Math.min(ax, bx) > bx1) continue;
      if (Math.max(ay, by) < by0 || Math.min(ay, by) > by1) continue;
      const q = n * 4;
      selected[q] = ax;
      selected[q + 1] = ay;
      selected[q + 2] = bx;
      selected[q + 3] = by;
      n++;
    }
    return n;
  }
}
