/**
 * Easing curves of a story's transitions: the share of the way K → L the
 * in-between of step x = n / (inbetweens + 1) shows. `linear` is the seed's
 * (the player then passes no fraction, and the engine reads its counter as
 * before); the named curves are CSS's cubic Béziers.
 */
import type { Easing } from "../scene/model.js";

const CURVES: Record<
  Exclude<Easing, readonly number[]>,
  readonly [number, number, number, number]
> = {
  linear: [0, 0, 1, 1],
  "ease-in": [0.42, 0, 1, 1],
  "ease-out": [0, 0, 0.58, 1],
  "ease-in-out": [0.42, 0, 0.58, 1],
};

/** One coordinate of the Bézier with control values 0, a, b, 1 at parameter s. */
function bezier(a: number, b: number, s: number): number {
  const r = 1 - s;
  return 3 * r * r * s * a + 3 * r * s * s * b + s * s * s;
}

/**
 * The eased share at x in [0, 1]: the curve's y where its x equals `x`. The
 * x of the curve rises monotonically (x1, x2 in 0 … 1), so 60 bisection
 * steps find it to double precision; bounded work for any input. The share
 * is kept in [0, 1] (a curve whose y leaves it is clamped).
 */
export function ease(easing: Easing, x: number): number {
  if (!(x > 0)) return 0;
  if (x >= 1) return 1;
  const [x1, y1, x2, y2] = typeof easing === "string" ? CURVES[easing] : easing;
  if (x1 === y1 && x2 === y2) return x;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (bezier(x1, x2, mid) < x) lo = mid;
    else hi = mid;
  }
  return Math.min(1, Math.max(0, bezier(y1, y2, (lo + hi) / 2)));
}

/** Whether `easing` is the seed's straight line (no fraction is passed then). */
export function isLinear(easing: Easing | undefined): boolean {
  if (easing === undefined || easing === "linear") return true;
  return typeof easing !== "string" && easing[0] === easing[1] && easing[2] === easing[3];
}
