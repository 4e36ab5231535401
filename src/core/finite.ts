/** A fast finiteness check over float32 arrays (a parser's validation pass over every value). */

/**
 * Index of the first NaN or infinity in `a`, or -1 (pass a `subarray` for a range).
 *
 * The common case, every value finite, is one pass of float64 additions into
 * independent sums, no branch per value: a float64 sum of float32 values
 * is NaN or infinite exactly when a summand is (|float32| < 2¹²⁸, so fewer
 * than 2⁸⁹⁵ finite summands cannot overflow). Only then is `a` scanned again
 * to find where.
 */
export function firstNonFinite(a: Float32Array): number {
  const s = sum(a);
  if (s - s === 0) return -1;
  for (let k = 0; k < a.length; k++) {
    const v = a[k]!;
    if (v - v !== 0) return k;
  }
  return -1;
}

/**
 * The float64 sum of `a`, in four sums of pairs. Its shape is measured: the
 * loop bound `i + 7 < len` over `a.length` lets V8 drop the bounds checks
 * (other shapes ran 2–5× slower), and the odd elements come first so that code
 * compiled while the main loop runs (on-stack replacement) has type feedback
 * for all that follows.
 */
function sum(a: Float32Array): number {
  const len = a.length;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i < len % 8; i++) s0 += a[i]!;
  for (; i + 7 < len; i += 8) {
    s0 += a[i]! + a[i + 4]!;
    s1 += a[i + 1]! + a[i + 5]!;
    s2 += a[i + 2]! + a[i + 6]!;
    s3 += a[i + 3]! + a[i + 7]!;
  }
  return s0 + s1 + s2 + s3;
}

// Type feedback for every path before the first large array arrives (see `sum`).
firstNonFinite(Float32Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9, Number.NaN));
