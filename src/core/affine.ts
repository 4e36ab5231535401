/**
 * 3×4 affine transforms as in FRUND: twelve reals stored row-major
 * `a11 a12 a13 b1 a21 a22 a23 b2 a31 a32 a33 b3`, mapping `p' = A·p + b`.
 * Plain `Float64Array(12)` (or any array of 12 numbers) so matrices live in
 * typed arrays and hot loops allocate nothing.
 */

/** Names of the 12 entries in storage (and file) order, for messages. */
export const AFFINE_ENTRY_NAMES: readonly string[] = [
  ...["a11", "a12", "a13", "b1"],
  ...["a21", "a22", "a23", "b2"],
  ...["a31", "a32", "a33", "b3"],
];

/** A 3×4 affine matrix, row-major; see the module comment. */
export type Affine = Float64Array;

/** Read-only view of 12 numbers laid out as an {@link Affine}. */
export type AffineLike = ArrayLike<number>;

/** A new identity transform. */
export function identity(): Affine {
  return Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0);
}

/** A new transform from 12 row-major numbers. */
export function affineFrom(values: ArrayLike<number>, offset = 0): Affine {
  const m = new Float64Array(12);
  for (let i = 0; i < 12; i++) m[i] = values[offset + i] ?? 0;
  return m;
}

/** `out = a · b` (apply `b` first, then `a`); `out` may alias either input. */
export function compose(a: AffineLike, b: AffineLike, out: Affine = new Float64Array(12)): Affine {
  const a11 = a[0]!,
    a12 = a[1]!,
    a13 = a[2]!,
    a14 = a[3]!;
  const a21 = a[4]!,
    a22 = a[5]!,
    a23 = a[6]!,
    a24 = a[7]!;
  const a31 = a[8]!,
    a32 = a[9]!,
    a33 = a[10]!,
    a34 = a[11]!;
  const b11 = b[0]!,
    b12 = b[1]!,
    b13 = b[2]!,
    b14 = b[3]!;
  const b21 = b[4]!,
    b22 = b[5]!,
    b23 = b[6]!,
    b24 = b[7]!;
  const b31 = b[8]!,
    b32 = b[9]!,
    b33 = b[10]!,
    b34 = b[11]!;
  out[0] = a11 * b11 + a12 * b21 + a13 * b31;
  out[1] = a11 * b12 + a12 * b22 + a13 * b32;
  out[2] = a11 * b13 + a12 * b23 + a13 * b33;
  out[3] = a11 * b14 + a12 * b24 + a13 * b34 + a14;
  out[4] = a21 * b11 + a22 * b21 + a23 * b31;
  out[5] = a21 * b12 + a22 * b22 + a23 * b32;
  out[6] = a21 * b13 + a22 * b23 + a23 * b33;
  out[7] = a21 * b14 + a22 * b24 + a23 * b34 + a24;
  out[8] = a31 * b11 + a32 * b21 + a33 * b31;
  out[9] = a31 * b12 + a32 * b22 + a33 * b32;
  out[10] = a31 * b13 + a32 * b23 + a33 * b33;
  out[11] = a31 * b14 + a32 * b24 + a33 * b34 + a34;
  return out;
}

/** Determinant of the 3×3 part `A`. */
export function determinant(m: AffineLike): number {
  const a = m[0]!,
    b = m[1]!,
    c = m[2]!;
  const d = m[4]!,
    e = m[5]!,
    f = m[6]!;
  const g = m[8]!,
    h = m[9]!,
    i = m[10]!;
  return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
}

/**
 * `out = m⁻¹`, or null when `A` is singular (|det| < 1e-300). Works for any
 * invertible `A`, not only rotations.
 */
export function invert(m: AffineLike, out: Affine = new Float64Array(12)): Affine | null {
  const a = m[0]!,
    b = m[1]!,
    c = m[2]!,
    tx = m[3]!;
  const d = m[4]!,
    e = m[5]!,
    f = m[6]!,
    ty = m[7]!;
  const g = m[8]!,
    h = m[9]!,
    i = m[10]!,
    tz = m[11]!;
  const c11 = e * i - f * h,
    c12 = c * h - b * i,
    c13 = b * f - c * e;
  const c21 = f * g - d * i,
    c22 = a * i - c * g,
    c23 = c * d - a * f;
  const c31 = d * h - e * g,
    c32 = b * g - a * h,
    c33 = a * e - b * d;
  const det = a * c11 + b * c21 + c * c31;
  if (!(Math.abs(det) >= 1e-300)) return null;
  const k = 1 / det;
  const r11 = c11 * k,
    r12 = c12 * k,
    r13 = c13 * k;
  const r21 = c21 * k,
    r22 = c22 * k,
    r23 = c23 * k;
  const r31 = c31 * k,
    r32 = c32 * k,
    r33 = c33 * k;
  out[0] = r11;
  out[1] = r12;
  out[2] = r13;
  out[3] = -(r11 * tx + r12 * ty + r13 * tz);
  out[4] = r21;
  out[5] = r22;
  out[6] = r23;
  out[7] = -(r21 * tx + r22 * ty + r23 * tz);
  out[8] = r31;
  out[9] = r32;
  out[10] = r33;
  out[11] = -(r31 * tx + r32 * ty + r33 * tz);
  return out;
}

/**
 * Applies `m` to `count` packed xyz points of `src` (starting at point
 * `srcStart`) and writes them to `dst` (starting at point `dstStart`).
 * `src` and `dst` may be the same array. No allocation.
 */
export function applyToPoints(
  m: AffineLike,
  src: ArrayLike<number>,
  dst: { [i: number]: number; readonly length: number },
  count: number = Math.floor(src.length / 3),
  srcStart = 0,
  dstStart = 0,
): void {
  const a11 = m[0]!,
    a12 = m[1]!,
    a13 = m[2]!,
    b1 = m[3]!;
  const a21 = m[4]!,
    a22 = m[5]!,
    a23 = m[6]!,
    b2 = m[7]!;
  const a31 = m[8]!,
    a32 = m[9]!,
    a33 = m[10]!,
    b3 = m[11]!;
  let s = srcStart * 3;
  let d = dstStart * 3;
  for (let k = 0; k < count; k++, s += 3, d += 3) {
    const x = src[s]!,
      y = src[s + 1]!,
      z = src[s + 2]!;
    dst[d] = a11 * x + a12 * y + a13 * z + b1;
    dst[d + 1] = a21 * x + a22 * y + a23 * z + b2;
    dst[d + 2] = a31 * x + a32 * y + a33 * z + b3;
  }
}

/**
 * How far the 3×3 part is from a proper rotation: the largest entry of
 * |AᵀA − I|, and the determinant. A proper rotation has `deviation ≈ 0`, `det ≈ +1`.
 */
export function orthonormality(m: AffineLike): { deviation: number; det: number } {
  let deviation = 0;
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      // (AᵀA)[r][c] = Σ_k A[k][r]·A[k][c]
      let s = 0;
      for (let k = 0; k < 3; k++) s += m[k * 4 + r]! * m[k * 4 + c]!;
      const dev = Math.abs(s - (r === c ? 1 : 0));
      if (dev > deviation || Number.isNaN(dev)) deviation = dev;
    }
  }
  return { deviation, det: determinant(m) };
}

/** Default tolerance of {@link isRotation}: 1e-3 on the entries of AᵀA − I and on det − 1 (spec §5). */
export const ROTATION_TOLERANCE = 1e-3;

/** Whether the 3×3 part is orthonormal with determinant +1 within `tolerance`. */
export function isRotation(m: AffineLike, tolerance = ROTATION_TOLERANCE): boolean {
  const { deviation, det } = orthonormality(m);
  return deviation <= tolerance && Math.abs(det - 1) <= tolerance;
}

/** Whether two matrices agree entry by entry within `tolerance` (absolute). */
export function affineEquals(a: AffineLike, b: AffineLike, tolerance = 0): boolean {
  for (let i = 0; i < 12; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    if (!(d <= tolerance)) return false;
  }
  return true;
}
