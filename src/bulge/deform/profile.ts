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
  /**
   * The same curves in power form per interval, 8 numbers from knot k on:
   * `x(u) = x_k + s(b + s(c + s d))`, s = u − u_k, then y's four; evaluation
   * is two Horner steps.
   */
  readonly poly: Float64Array;
  /**
   * Per section, the along displacement `x − u` at its first and at its last
   * knot (bone positions 0 and 1 for a valid definition): what
   * {@link surfaceAt} removes so the surface is not torn at the bone's ends.
   */
  readonly ends: Float64Array;
}

/** Fraction of the bone, at each end, over which the away displacement fades to 0 (value and slope). */
export const END_BAND = 0.1;

/** Fraction of the influence radius (its outer part) over which the displacement fades to 0. */
export const RADIUS_BAND = 0.25;

/** `t²(3 − 2t)` of t clamped to [0, 1]: 0 and 1 with zero slope at both ends. */
export function smoothstep(t: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  return t * t * (3 - 2 * t);
}

/**
 * The window along the bone: 0 with zero slope at u = 0 and u = 1 (and
 * outside), 1 from {@link END_BAND} to 1 − END_BAND, smoothstep between.
 */
export function endFalloff(u: number): number {
  return smoothstep(Math.min(u, 1 - u) / END_BAND);
}

/**
 * The window across the bone: 1 up to (1 − {@link RADIUS_BAND}) of the
 * influence `radius`, 0 with zero slope at the radius and beyond.
 */
export function radialFalloff(rho: number, radius: number): number {
  return smoothstep((radius - rho) / (RADIUS_BAND * radius));
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

/** The Hermite piece from knot `k` as `f, b, c, d` of `f + s(b + s(c + s d))` into `out[o…o+3]` (constant at the last knot). */
function powerForm(
  t: Float64Array,
  f: Float64Array,
  m: Float64Array,
  k: number,
  end: number,
  out: Float64Array,
  o: number,
): void {
  out[o] = f[k]!;
  out[o + 1] = k + 1 < end ? m[k]! : 0;
  if (k + 1 >= end) return;
  const h = t[k + 1]! - t[k]!;
  const delta = (f[k + 1]! - f[k]!) / h;
  out[o + 2] = (3 * delta - 2 * m[k]! - m[k + 1]!) / h;
  out[o + 3] = (m[k]! + m[k + 1]! - 2 * delta) / (h * h);
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
    poly: new Float64Array(total * 8),
    ends: new Float64Array(sections.length * 2),
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
    for (let k = out.start[s]!; k < at; k++) {
      powerForm(out.u, out.x, out.mx, k, at, out.poly, k * 8);
      powerForm(out.u, out.y, out.my, k, at, out.poly, k * 8 + 4);
    }
    const first = out.start[s]!;
    if (at > first) {
      out.ends[s * 2] = out.x[first]! - out.u[first]!;
      out.ends[s * 2 + 1] = out.x[at - 1]! - out.u[at - 1]!;
    }
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
  if (u <= knots[first]!) u = knots[first]!;
  else if (u >= knots[last]!) u = knots[last]!;
  let k = first;
  while (k < last - 1 && u >= knots[k + 1]!) k++;
  const d = u - knots[k]!;
  const p = c.poly;
  const o = k * 8;
  out[0] = p[o]! + d * (p[o + 1]! + d * (p[o + 2]! + d * p[o + 3]!)) - u;
  out[1] = p[o + 4]! + d * (p[o + 5]! + d * (p[o + 6]! + d * p[o + 7]!));
}

/**
 * Which two sections a vertex at angle `phi` (radians, any value) lies
 * between, and how far: writes `out[0]` = the section at or before phi,
 * `out[1]` = the next one (wrapping), `out[2]` = the smoothstep weight
 * `t²(3 − 2t)` of the next one (0 at the first's angle).
 */
export function sectionBlend(c: CompiledBulge, phi: number, out: Float64Array): void {
  const angles = c.angles;
  const count = angles.length;
  if (count === 1) {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
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
  out[0] = s;
  out[1] = next;
  out[2] = t * t * (3 - 2 * t);
}

const BLEND = new Float64Array(3);

/**
 * The bulge's displacement at bone position `u` and angle `phi` (radians, any
 * value): the sections' profiles blended periodically over the angle between
 * the two neighbouring sections with the smoothstep weight `t²(3 − 2t)`.
 * Writes `out[0]` (along, bone lengths) and `out[1]` (away); `tmp` is scratch
 * of length 2. This is the shape as drawn; the deformer uses {@link surfaceAt}.
 */
export function bulgeAt(
  c: CompiledBulge,
  u: number,
  phi: number,
  out: Float64Array,
  tmp: Float64Array,
): void {
  sectionBlend(c, phi, BLEND);
  blendSections(c, u, out, tmp);
}

/** The two sections of {@link BLEND} at `u`, blended into `out`. */
function blendSections(c: CompiledBulge, u: number, out: Float64Array, tmp: Float64Array): void {
  const s = BLEND[0]!;
  const w = BLEND[2]!;
  sectionAt(c, s, u, out);
  if (w === 0) return;
  sectionAt(c, BLEND[1]!, u, tmp);
  out[0] = out[0]! + w * (tmp[0]! - out[0]!);
  out[1] = out[1]! + w * (tmp[1]! - out[1]!);
}

/**
 * What the deformer applies at (u, phi): {@link bulgeAt}'s displacement made
 * to meet the unbulged surface. The along part less the straight line through
 * its values at the ends (0 at u = 0 and u = 1; x stays monotone), the away
 * part times {@link endFalloff} (0 with zero slope at both ends). The radial
 * window ({@link radialFalloff}) is the deformer's. Same outputs as bulgeAt.
 */
export function surfaceAt(
  c: CompiledBulge,
  u: number,
  phi: number,
  out: Float64Array,
  tmp: Float64Array,
): void {
  sectionBlend(c, phi, BLEND);
  blendSections(c, u, out, tmp);
  const s = BLEND[0]! * 2;
  const n = BLEND[1]! * 2;
  const w = BLEND[2]!;
  const e = c.ends;
  const a0 = e[s]! + w * (e[n]! - e[s]!);
  const a1 = e[s + 1]! + w * (e[n + 1]! - e[s + 1]!);
  const t = Math.min(Math.max(u, 0), 1);
  out[0] = out[0]! - (a0 + t * (a1 - a0));
  out[1] = out[1]! * endFalloff(u);
}
