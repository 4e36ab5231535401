/**
 * A bulge definition compiled for evaluation: every section's profile as
 * monotone piecewise-cubic Hermite curves x(u) and y(u) through its keypoints
 * (Fritsch & Carlson 1980), and the sections sorted by angle for periodic
 * interpolation around the bone. Everything lives in flat typed arrays, so
 * evaluating a vertex allocates nothing. See docs/bulge-deformation.md.
 */
import type { BulgeDefinition, Keypoint } from "../catalogue/model.js";

const TWO_PI = 2 * Math.PI;

/** A definition ready to evaluate; built once by {@link compileBulge}. */
export interface CompiledBulge {
  /** Section angles in radians, ascending in [0, 2π) (360° is 0°). */
  readonly angles: Float64Array;
  /** Section `s` owns keypoints `start[s] … start[s + 1] − 1`. */
  readonly start: Int32Array;
  /** Keypoint bone positions (knots). */
  readonly u: Float64Array;
  /** X icon's along-bone value and the Hermite slope dx/du at each knot. */
  readonly x: Float64Array;
  readonly mx: Float64Array;
  /** X icon's away-from-bone value and the slope dy/du at each knot. */
  readonly y: Float64Array;
  readonly my: Float64Array;
}

/**
 * Fritsch–Carlson slopes of the data `(t[k], f[k])`, k in `[from, to)`,
 * written into `m`: monotone data give a monotone C¹ interpolant.
 */
export function monotoneSlopes(
  t: ArrayLike<number>,
  f: ArrayLike<number>,
  m: Float64Array,
  from = 0,
  to = t.length,
): void {
  const n = to - from;
  if (n < 2) {
    if (n === 1) m[from] = 0;
    return;
  }
  // Secant slopes; the initial tangents are their averages (zero at a local extremum).
  let prev = (f[from + 1]! - f[from]!) / (t[from + 1]! - t[from]!);
  m[from] = prev;
  for (let k = from + 1; k < to - 1; k++) {
    const next = (f[k + 1]! - f[k]!) / (t[k + 1]! - t[k]!);
    m[k] = prev * next <= 0 ? 0 : (prev + next) / 2;
    prev = next;
  }
  m[to - 1] = prev;
  // Fritsch & Carlson's step: keep (α, β) inside the circle of radius 3.
  for (let k = from; k < to - 1; k++) {
    const delta = (f[k + 1]! - f[k]!) / (t[k + 1]! - t[k]!);
    if (delta === 0) {
      m[k] = 0;
      m[k + 1] = 0;
      continue;
    }
    const a = m[k]! / delta;
    const b = m[k + 1]! / delta;
    const r = a * a + b * b;
    if (r > 9) {
      const tau = 3 / Math.sqrt(r);
      m[k] = tau * a * delta;
      m[k + 1] = tau * b * delta;
    }
  }
}

/** Compiles a definition's sections (keypoints as the catalogue holds them; assumed valid). */
export function compileBulge(def: Pick<BulgeDefinition, "sections">): CompiledBulge {
  // Sort by angle modulo 360; a second section at the same direction (0 and 360) is dropped.
  const order = def.sections
    .map((s, i) => ({ angle: ((s.angle % 360) + 360) % 360, i }))
    .sort((a, b) => a.angle - b.angle || a.i - b.i)
    .filter((s, k, all) => k === 0 || all[k - 1]!.angle !== s.angle);
  const sections = order.map((o) => def.sections[o.i]!.keypoints);
  const total = sections.reduce((sum, k) => sum + k.length, 0);
  const out: CompiledBulge = {
    angles: Float64Array.from(order, (o) => (o.angle * TWO_PI) / 360),
    start: new Int32Array(sections.length + 1),
    u: new Float64Array(total),
    x: new Float64Array(total),
    mx: new Float64Array(total),
    y: new Float64Array(total),
    my: new Float64Array(total),
  };
  let at = 0;
  sections.forEach((keypoints: readonly Keypoint[], s) => {
    out.start[s] = at;
    for (const [u, x, y] of keypoints) {
      out.u[at] = u;
      out.x[at] = x;
      out.y[at] = y;
      at++;
    }
    monotoneSlopes(out.u, out.x, out.mx, out.start[s]!, at);
    monotoneSlopes(out.u, out.y, out.my, out.start[s]!, at);
  });
  out.start[sections.length] = at;
  return out;
}

/**
 * Section `s`'s profile at bone position `u` (clamped to its knots): writes
 * `out[0] = x(u) − u` (along the bone) and `out[1] = y(u)` (away from it),
 * in bone lengths.
 */
export function sectionAt(c: CompiledBulge, s: number, u: number, out: Float64Array): void {
  const first = c.start[s]!;
  const last = c.start[s + 1]! - 1;
  const knots = c.u;
  if (last <= first) {
    out[0] = c.x[first]! - u;
    out[1] = c.y[first]!;
    return;
  }
  if (u <= knots[first]!) u = knots[first]!;
  else if (u >= knots[last]!) u = knots[last]!;
  let k = first;
  while (k < last - 1 && u >= knots[k + 1]!) k++;
  const t0 = knots[k]!;
  const h = knots[k + 1]! - t0;
  const t = (u - t0) / h;
  const t2 = t * t;
  const t3 = t2 * t;
  const h00 = 2 * t3 - 3 * t2 + 1;
  const h10 = t3 - 2 * t2 + t;
  const h01 = -2 * t3 + 3 * t2;
  const h11 = t3 - t2;
  out[0] = h00 * c.x[k]! + h10 * h * c.mx[k]! + h01 * c.x[k + 1]! + h11 * h * c.mx[k + 1]! - u;
  out[1] = h00 * c.y[k]! + h10 * h * c.my[k]! + h01 * c.y[k + 1]! + h11 * h * c.my[k + 1]!;
}

/**
 * The bulge's displacement at bone position `u` and angle `phi` (radians, any
 * value): the sections' profiles blended periodically over the angle between
 * the two neighbouring sections with the smoothstep weight `t²(3 − 2t)`.
 * Writes `out[0]` (along, bone lengths) and `out[1]` (away); `tmp` is scratch
 * of length 2.
 */
export function bulgeAt(
  c: CompiledBulge,
  u: number,
  phi: number,
  out: Float64Array,
  tmp: Float64Array,
): void {
  const angles = c.angles;
  const count = angles.length;
  if (count === 1) {
    sectionAt(c, 0, u, out);
    return;
  }
  phi %= TWO_PI;
  if (phi < 0) phi += TWO_PI;
  // The last section at or before phi; before the first one, the last (wrapping).
  let s = count - 1;
  for (let k = 0; k < count; k++) {
    if (angles[k]! > phi) {
      s = k - 1;
      break;
    }
  }
  let from: number;
  let to: number;
  let next: number;
  if (s < 0) {
    // Before the first section: between the last one (a turn back) and the first.
    s = count - 1;
    next = 0;
    from = angles[s]! - TWO_PI;
    to = angles[0]!;
  } else if (s === count - 1) {
    // After the last section: between it and the first one (a turn on).
    next = 0;
    from = angles[s]!;
    to = angles[0]! + TWO_PI;
  } else {
    next = s + 1;
    from = angles[s]!;
    to = angles[next]!;
  }
  const t = (phi - from) / (to - from);
  sectionAt(c, s, u, out);
  if (t === 0) return;
  sectionAt(c, next, u, tmp);
  const w = t * t * (3 - 2 * t);
  out[0] = out[0]! + w * (tmp[0]! - out[0]!);
  out[1] = out[1]! + w * (tmp[1]! - out[1]!);
}
