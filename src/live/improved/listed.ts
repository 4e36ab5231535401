/**
 * The listed pixels of buildSpans (warp.ts): pixels whose sources are their
 * own, given clamped to the picture, four at a time in a listed run
 * (decision 393) or one at a time; and the special rows the SIMD kernel
 * lists itself from the motion in its memory (decision 416, simd-motion.ts).
 */
import { MARGIN } from "./sample.js";

/**
 * Int32 fields per span: out, count, XK, YK, DXK, DYK, XL, YL, DXL, DYL. A
 * listed run is a span with count −n (n a multiple of 4) and R in the XK
 * field, followed by R = ⌈4n / SPAN⌉ spans' room holding its sources, for
 * each four pixels XK ×4, YK ×4, XL ×4, YL ×4 (the same fixed point).
 */
export const SPAN = 10;

/** The spans' room a listed run of n pixels takes after its own span. */
export const listedRoom = (n: number): number => Math.ceil((4 * n) / SPAN);

/** Fixed point: 16.16 in the padded picture, plus half of 1/128 so that truncation to 1/128 rounds. */
export const FIX = MARGIN * 65536 + 256.5;

/** The fixed point of a source coordinate clamped to [0, max]. */
export function clamped(v: number, max: number): number {
  return (Math.min(Math.max(v, 0), max) * 65536 + FIX) | 0;
}

/**
 * Pixels x … x1 − 1 of row y (from column c of its cell) as spans of one at
 * o, their motion from `pmap` or else from the row's [ux, uy, dux, duy];
 * `max`: the pictures' largest x and y in K, then in L. Returns the next o.
 */
export function singles(
  d: Int32Array,
  o: number,
  pmap: Float32Array | null,
  from: number,
  x1: number,
  c0: number,
  y: number,
  width: number,
  t: number,
  u: readonly number[],
  max: readonly number[],
): number {
  const s = 1 - t;
  for (let x = from, c = c0; x < x1; x++, c++) {
    const q = y * width + x;
    const vx = pmap ? pmap[2 * q]! : u[0]! + u[2]! * c;
    const vy = pmap ? pmap[2 * q + 1]! : u[1]! + u[3]! * c;
    d.fill(0, o + 4, o + SPAN);
    d[o] = q;
    d[o + 1] = 1;
    d[o + 2] = clamped(x - t * vx, max[0]!);
    d[o + 3] = clamped(y - t * vy, max[1]!);
    d[o + 6] = clamped(x + s * vx, max[2]!);
    d[o + 7] = clamped(y + s * vy, max[3]!);
    o += SPAN;
  }
  return o;
}

/**
 * A motion-listed run's span at o (simd-motion.ts) in d (and `doubles`, the
 * same memory): `fours` pixels from (x0, y), pixel q, the motion at byte
 * `motion` of the kernel's memory; `max` as `singles`' (each below 2^15, as 16.16 needs).
 */
export function motionRun(
  d: Int32Array,
  doubles: Float64Array,
  motion: number,
  o: number,
  q: number,
  fours: number,
  x0: number,
  y: number,
  t: number,
  max: readonly number[],
): void {
  d[o] = q;
  d[o + 1] = -fours;
  d[o + 2] = 0;
  d[o + 3] = motion;
  d[o + 4] = x0;
  d[o + 5] = y;
  doubles[(o + 6) >> 1] = t;
  d[o + 8] = max[0]! | (max[1]! << 16);
  d[o + 9] = max[2]! | (max[3]! << 16);
}

/**
 * A listed run's sources (see SPAN) from the per-pixel motion in `pmap`:
 * `fours` pixels from (x0, y), pixel index q0, into d after the run's span at o, four at a time.
 */
export function listedPixels(
  d: Int32Array,
  o: number,
  pmap: Float32Array,
  q0: number,
  x0: number,
  y: number,
  fours: number,
  t: number,
  kxMax: number,
  kyMax: number,
  lxMax: number,
  lyMax: number,
): void {
  const s = 1 - t;
  for (let c = 0, m = 2 * q0, at = o + SPAN; c < fours; c += 4, at += 16) {
    for (let j = 0; j < 4; j++, m += 2) {
      const x = x0 + c + j;
      const vx = pmap[m]!;
      const vy = pmap[m + 1]!;
      d[at + j] = clamped(x - t * vx, kxMax);
      d[at + j + 4] = clamped(y - t * vy, kyMax);
      d[at + j + 8] = clamped(x + s * vx, lxMax);
      d[at + j + 12] = clamped(y + s * vy, lyMax);
    }
  }
}

/**
 * A smooth row's first `fours` pixels from (x0, y) as a listed run's
 * sources after its span at o, the motion from the row's [ux, uy, dux, duy]
 * (a cell whose sources leave the pictures); `max` as `singles`'.
 */
export function listedSmooth(
  d: Int32Array,
  o: number,
  x0: number,
  y: number,
  fours: number,
  t: number,
  u: readonly number[],
  max: readonly number[],
): void {
  const s = 1 - t;
  const [ux, uy, dux, duy] = u as [number, number, number, number];
  for (let c = 0; c < fours; c++) {
    const at = o + SPAN + (c & ~3) * 4 + (c & 3);
    d[at] = clamped(x0 + c - t * (ux + dux * c), max[0]!);
    d[at + 4] = clamped(y - t * (uy + duy * c), max[1]!);
    d[at + 8] = clamped(x0 + c + s * (ux + dux * c), max[2]!);
    d[at + 12] = clamped(y + s * (uy + duy * c), max[3]!);
  }
}
