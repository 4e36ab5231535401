/** Number formatting shared by the text writers. */

/** Shortest decimal text that reads back to exactly `v` (a float64). Never `NaN`/`Infinity` in valid models. */
export function formatReal(v: number): string {
  if (Object.is(v, -0)) return "-0";
  return String(v);
}

/**
 * Shortest decimal text that reads back, through `Math.fround`, to exactly
 * the float32 `v` (6 to 9 significant digits).
 */
export function formatFloat32(v: number): string {
  if (v === 0) return Object.is(v, -0) ? "-0" : "0";
  if (Number.isInteger(v) && Math.abs(v) < 1e15) return String(v);
  for (let p = 6; p < 9; p++) {
    const s = trimExponent(v.toPrecision(p));
    if (Math.fround(Number(s)) === v) return s;
  }
  return trimExponent(v.toPrecision(9));
}

function trimExponent(s: string): string {
  // toPrecision gives "1.50000e-7" / "0.000150000"; drop trailing zeros of the mantissa.
  const e = s.indexOf("e");
  let mant = e < 0 ? s : s.slice(0, e);
  const exp = e < 0 ? "" : s.slice(e);
  if (mant.includes(".")) mant = mant.replace(/0+$/, "").replace(/\.$/, "");
  return mant + exp;
}
