/**
 * The bulge preview's pure parts (no DOM, no WebGL; tested in Node): the flex
 * slider's range, the polar curve of a definition's sections around the bone
 * (interpolated exactly as the engine does, through `bulgeAt`), its SVG path,
 * and allocation-free vertex normals for the deformed mesh.
 */
import { bulgeAt, type CompiledBulge, DEFAULT_LIMITS } from "../../../src/bulge/index.js";

/** The elbow-flex slider's range in degrees. */
export interface FlexRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

/**
 * The slider's range for a bulge attribute's `fullAngle`: from 0 to a quarter
 * past full (so the held, full bulge shows too), at least 90°, rounded up to 5°;
 * 0 … 90° without a usable full angle; never past the joint's `limits`
 * (the rig's, else −180…180: the deformer would hold the arm there anyway).
 */
export function flexRange(
  fullAngle: number | undefined,
  limits: readonly [number, number] = DEFAULT_LIMITS,
): FlexRange {
  const wanted =
    fullAngle === undefined || !Number.isFinite(fullAngle) || !(fullAngle > 0)
      ? 90
      : Math.max(90, Math.ceil((fullAngle * 1.25) / 5) * 5);
  return { min: 0, max: Math.max(0, Math.min(wanted, limits[1])), step: 1 };
}

/** Where along the bone the polar view reads the bulge: a bone position u in [0, 1], or the peak over u. */
export type PolarAt = number | "peak";

/** Bone positions sampled for the peak over u (plus every keypoint's). */
const PEAK_STEPS = 64;

/**
 * The away-from-bone displacement y (bone lengths) at `samples` evenly spaced
 * angles φ = 2πk/samples (k = 0 … samples − 1, radians from the reference
 * axis), at bone position `at`, or — for "peak" — the value of largest
 * magnitude over u (keeping its sign). All zeros for a definition without
 * sections. Writes into `out` and returns it.
 */
export function polarProfile(
  c: CompiledBulge,
  at: PolarAt,
  samples: number,
  out: Float64Array = new Float64Array(samples),
): Float64Array {
  out.fill(0);
  if (c.angles.length === 0) return out;
  for (let k = 0; k < samples; k++) {
    const phi = (2 * Math.PI * k) / samples;
    if (at !== "peak") {
      out[k] = awayAt(c, Math.min(1, Math.max(0, at)), phi);
      continue;
    }
    let best = 0;
    for (let i = 0; i <= PEAK_STEPS + c.u.length; i++) {
      // The profiles interpolate their keypoints without overshoot: the extremes sit at keypoints.
      const u = i <= PEAK_STEPS ? i / PEAK_STEPS : c.u[i - PEAK_STEPS - 1]!;
      const y = awayAt(c, u, phi);
      if (Math.abs(y) > Math.abs(best)) best = y;
    }
    out[k] = best;
  }
  return out;
}

const pair = new Float64Array(2);
const tmp = new Float64Array(2);

/** The engine's away-from-bone displacement at (u, φ). */
function awayAt(c: CompiledBulge, u: number, phi: number): number {
  bulgeAt(c, u, phi, pair, tmp);
  return pair[1]!;
}

/** How a polar curve is drawn: centre, the radius of the bone's surface (y = 0) and units per bone length of y. */
export interface PolarFrame {
  readonly cx: number;
  readonly cy: number;
  readonly base: number;
  readonly gain: number;
}

/**
 * The closed SVG path of a polar profile scaled by `amount`: the point at
 * angle φ lies at radius `base + gain · amount · y(φ)` (never below 0), angle
 * 0 up (the reference axis, up in the 3-D view too), angles growing
 * counter-clockwise on screen.
 */
export function polarPath(profile: ArrayLike<number>, frame: PolarFrame, amount = 1): string {
  const n = profile.length;
  if (n === 0) return "";
  const parts: string[] = [];
  for (let k = 0; k < n; k++) {
    const phi = (2 * Math.PI * k) / n;
    const r = Math.max(0, frame.base + frame.gain * amount * profile[k]!);
    const x = frame.cx - r * Math.sin(phi);
    const y = frame.cy - r * Math.cos(phi);
    parts.push(`${k === 0 ? "M" : "L"}${round(x)} ${round(y)}`);
  }
  return `${parts.join("")}Z`;
}

/** The screen point of angle `degrees` at radius `r` in a {@link PolarFrame} (same convention as {@link polarPath}). */
export function polarPoint(frame: PolarFrame, degrees: number, r: number): [number, number] {
  const phi = (degrees * Math.PI) / 180;
  return [frame.cx - r * Math.sin(phi), frame.cy - r * Math.cos(phi)];
}

/** Two decimals, without "-0.00". */
function round(v: number): string {
  const s = v.toFixed(2);
  return s === "-0.00" ? "0.00" : s;
}

/**
 * Area-weighted vertex normals of a triangle mesh into `out` (x, y, z per
 * vertex, unit length; 0 for a vertex on no triangle). Allocates nothing.
 */
export function vertexNormals(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  out: Float32Array,
): Float32Array {
  out.fill(0);
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = triangles[t]! * 3;
    const b = triangles[t + 1]! * 3;
    const c = triangles[t + 2]! * 3;
    const abx = positions[b]! - positions[a]!;
    const aby = positions[b + 1]! - positions[a + 1]!;
    const abz = positions[b + 2]! - positions[a + 2]!;
    const acx = positions[c]! - positions[a]!;
    const acy = positions[c + 1]! - positions[a + 1]!;
    const acz = positions[c + 2]! - positions[a + 2]!;
    // The cross product's length is twice the area: larger faces weigh more.
    const nx = aby * acz - abz * acy;
    const ny = abz * acx - abx * acz;
    const nz = abx * acy - aby * acx;
    addTo(out, a, nx, ny, nz);
    addTo(out, b, nx, ny, nz);
    addTo(out, c, nx, ny, nz);
  }
  for (let v = 0; v + 2 < out.length; v += 3) {
    const len = Math.hypot(out[v]!, out[v + 1]!, out[v + 2]!);
    if (len > 0) {
      out[v] = out[v]! / len;
      out[v + 1] = out[v + 1]! / len;
      out[v + 2] = out[v + 2]! / len;
    }
  }
  return out;
}

function addTo(out: Float32Array, v: number, x: number, y: number, z: number): void {
  out[v] = out[v]! + x;
  out[v + 1] = out[v + 1]! + y;
  out[v + 2] = out[v + 2]! + z;
}

/** The skin's colour where nothing bulges, and where the bulge reaches its `reach` (linear RGB, 0–1). */
export const TINT_BASE: readonly [number, number, number] = [0.69, 0.36, 0.25];
export const TINT_HOT: readonly [number, number, number] = [0.75, 0.05, 0.02];

/**
 * Per-vertex colours (r, g, b into `out`) showing how far each vertex was
 * bulged: the distance between `rest` and `bulged` over `reach` (clamped
 * to 1) blends {@link TINT_BASE} into {@link TINT_HOT}. Allocates nothing.
 */
export function bulgeTint(
  rest: ArrayLike<number>,
  bulged: ArrayLike<number>,
  reach: number,
  out: Float32Array,
): Float32Array {
  const scale = reach > 0 ? 1 / reach : 0;
  const [r0, g0, b0] = TINT_BASE;
  const [r1, g1, b1] = TINT_HOT;
  for (let v = 0; v + 2 < out.length; v += 3) {
    const d = Math.hypot(
      bulged[v]! - rest[v]!,
      bulged[v + 1]! - rest[v + 1]!,
      bulged[v + 2]! - rest[v + 2]!,
    );
    const t = Math.min(1, d * scale);
    out[v] = r0 + (r1 - r0) * t;
    out[v + 1] = g0 + (g1 - g0) * t;
    out[v + 2] = b0 + (b1 - b0) * t;
  }
  return out;
}
