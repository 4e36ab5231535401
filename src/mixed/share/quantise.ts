/**
 * One array of a packed mesh series (docs/formats/mesh-pack.md): values
 * quantised on a uniform grid (`min + q·step`, q a 16-bit integer), each
 * predicted from the node before it (frame 0) or from the frames before it
 * (first or second order), the residual zigzag-coded in 16 bits and written
 * as two byte planes (low bytes, then high bytes) so deflate finds the
 * runs. Quantised integers are predicted, so errors never accumulate.
 */

/** The most quantisation levels an array has (16 bits). */
export const LEVELS = 65536;

/** How an array's values are laid out and quantised. */
export interface QuantLayout {
  /** Values per frame. */
  readonly n: number;
  /** Frames (1 for a constant array). */
  readonly frames: number;
  /** Components per node (3 for positions and vectors, else 1): frame 0 predicts from the same component of the node before. */
  readonly stride: number;
  /** The grid: value = min + q·step. */
  readonly min: number;
  readonly step: number;
  /** Temporal prediction: 1 from the frame before, 2 from the two frames before (linear). */
  readonly order: 1 | 2;
}

/** An array's values of frame `f` (`n` of them). */
export type FrameValues = (f: number) => Float32Array;

/** The smallest and largest finite value of `frames` frames (0, 0 when there is none). */
export function finiteRange(frame: FrameValues, frames: number): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let f = 0; f < frames; f++) {
    const values = frame(f);
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  return lo <= hi ? [lo, hi] : [0, 0];
}

/**
 * The grid of values in `[lo, hi]` with at most `tolerance` error (half a
 * step), coarsened to {@link LEVELS} levels when finer would need more than
 * 16 bits (then the error is smaller than asked for... or, for a range past
 * 65535 tolerances, larger: half a step).
 */
export function grid(lo: number, hi: number, tolerance: number): { min: number; step: number } {
  const range = hi - lo;
  if (!(range > 0)) return { min: lo, step: 1 };
  let step = 2 * tolerance;
  if (!(step > 0) || range / step > LEVELS - 1) step = range / (LEVELS - 1);
  return { min: lo, step };
}

/** The prediction of value `i` of frame `f` from the quantised frames before (`prev`, `prev2`) or the node before. */
function predict(
  l: QuantLayout,
  f: number,
  i: number,
  cur: Uint16Array,
  prev: Uint16Array,
  prev2: Uint16Array,
): number {
  if (f === 0) return i >= l.stride ? cur[i - l.stride]! : 0;
  if (l.order === 2 && f >= 2) return 2 * prev[i]! - prev2[i]!;
  return prev[i]!;
}

/** The quantised integer of `v` on the grid (a non-finite value becomes the grid's first level). */
function level(v: number, min: number, step: number): number {
  const q = Math.round((v - min) / step);
  return q > 0 ? (q < LEVELS ? q : LEVELS - 1) : 0;
}

/** The values of every frame encoded as byte planes (2 bytes per value, before deflate). */
export function encodeArray(frame: FrameValues, l: QuantLayout): Uint8Array {
  const total = l.n * l.frames;
  const out = new Uint8Array(2 * total);
  let [cur, prev, prev2] = [new Uint16Array(l.n), new Uint16Array(l.n), new Uint16Array(l.n)];
  for (let f = 0; f < l.frames; f++) {
    const base = f * l.n;
    const values = frame(f);
    for (let i = 0; i < l.n; i++) {
      const q = level(values[i]!, l.min, l.step);
      cur[i] = q;
      const r = (q - predict(l, f, i, cur, prev, prev2)) & 0xffff;
      const s = r >= 0x8000 ? r - LEVELS : r;
      const z = s >= 0 ? 2 * s : -2 * s - 1;
      out[base + i] = z & 0xff;
      out[total + base + i] = z >>> 8;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return out;
}
