/**
 * Locating a time among frame times with a cached interval: sequential
 * playback costs O(1) per call, random access O(log F). No allocation.
 */

/** Where a time falls among frames: blend `alpha` from frame `i0` to `i1`. */
export class FrameCursor {
  /** Lower frame index (0-based). */
  i0 = 0;
  /** Upper frame index (`i0 + 1`, or `i0` at the ends and for one frame). */
  i1 = 0;
  /** Blend factor in [0, 1]: value = (1 − alpha)·v[i0] + alpha·v[i1]. */
  alpha = 0;

  /** Frame times in seconds, strictly increasing. */
  constructor(readonly times: ArrayLike<number>) {}

  /**
   * Moves the cursor to time `t` (seconds); before the first frame it holds
   * frame 0, after the last the last frame. Returns this cursor.
   */
  seek(t: number): this {
    const times = this.times;
    const n = times.length;
    if (n <= 1 || !(t > times[0]!)) {
      this.i0 = this.i1 = 0;
      this.alpha = 0;
      return this;
    }
    if (t >= times[n - 1]!) {
      this.i0 = this.i1 = n - 1;
      this.alpha = 0;
      return this;
    }
    let i = this.i0;
    // Cached interval, or its neighbour (the next frame in playback).
    if (!(times[i]! <= t && t < times[i + 1]!)) {
      if (i + 2 < n && times[i + 1]! <= t && t < times[i + 2]!) i++;
      else {
        let lo = 0;
        let hi = n - 2;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (times[mid]! <= t) lo = mid;
          else hi = mid - 1;
        }
        i = lo;
      }
    }
    const t0 = times[i]!;
    const t1 = times[i + 1]!;
    this.i0 = i;
    this.i1 = i + 1;
    this.alpha = (t - t0) / (t1 - t0);
    return this;
  }
}

/** out[k] = (1 − alpha)·a[k] + alpha·b[k] for k < count. No allocation. */
export function lerpArrays(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  alpha: number,
  out: { [i: number]: number },
  count: number,
): void {
  if (alpha === 0) {
    for (let k = 0; k < count; k++) out[k] = a[k]!;
    return;
  }
  const beta = 1 - alpha;
  for (let k = 0; k < count; k++) out[k] = beta * a[k]! + alpha * b[k]!;
}
