/** Numbers on scales: "nice" steps for grids and one shared number format for a legend's ticks. */

/** The smallest 1, 2 or 5 × 10^k that is at least `x` (for x > 0; 1 otherwise). */
export function niceStep(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return 1;
  const k = Math.floor(Math.log10(x));
  const base = 10 ** k;
  for (const m of [1, 2, 5, 10]) {
    const step = m * base;
    // Guard against 10^k landing a hair under x in floating point.
    if (step >= x * (1 - 1e-12)) return +step.toPrecision(12);
  }
  return 10 * base;
}

/** `count` evenly spaced values from `lo` to `hi` (both included). */
export function tickValues(lo: number, hi: number, count = 5): number[] {
  if (count < 2) return [lo];
  return Array.from({ length: count }, (_, i) => lo + ((hi - lo) * i) / (count - 1));
}

/**
 * One number format for every tick of a scale from `lo` to `hi`: the same
 * number of decimals, or the same exponent (`1.25e-4`, `5.00e-4`) when the
 * largest magnitude is below 1e-3 or at least 1e4. At least 3 significant
 * digits on the largest tick, more when needed to tell neighbouring ticks apart.
 */
export function tickFormat(lo: number, hi: number, count = 5): (v: number) => string {
  const maxAbs = Math.max(Math.abs(lo), Math.abs(hi));
  if (!(maxAbs > 0) || !Number.isFinite(maxAbs)) return (v) => (v === 0 ? "0" : String(v));
  const e = Math.floor(Math.log10(maxAbs));
  const step = Math.abs(hi - lo) / Math.max(1, count - 1);
  const needed = step > 0 ? e - Math.floor(Math.log10(step)) + 2 : 3;
  const significant = Math.max(3, Math.min(7, needed));
  if (e >= 4 || e < -3) {
    const scale = 10 ** e;
    const digits = significant - 1;
    return (v) => `${noNegativeZero((v / scale).toFixed(digits))}e${e}`;
  }
  const decimals = Math.max(0, significant - 1 - e);
  return (v) => noNegativeZero(v.toFixed(decimals));
}

function noNegativeZero(s: string): string {
  return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
}

/**
 * `v` to `digits` significant digits, rounded away from a range's inside:
 * down for its minimum (`up` false), up for its maximum. A fixed colour range
 * started from the data's range then reads short ("0.002315", not
 * "0.0023143284") and still holds every value.
 */
export function roundOutward(v: number, digits: number, up: boolean): number {
  if (v === 0 || !Number.isFinite(v)) return v;
  const scale = 10 ** (Math.floor(Math.log10(Math.abs(v))) - digits + 1);
  const q = v / scale;
  const near = Math.round(q);
  // A value already that short (up to floating-point noise) stays as it is.
  const n = Math.abs(q - near) <= 1e-9 * Math.abs(q) ? near : up ? Math.ceil(q) : Math.floor(q);
  return Number((n * scale).toPrecision(digits + 1));
}
