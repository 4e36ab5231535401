/** Number formatting shared by the text writers. */

/** Shortest decimal text that reads back to exactly `v` (a float64). Never `NaN`/`Infinity` in valid models. */
export function formatReal(v: number): string {
  if (Object.is(v, -0)) return "-0";
  return String(v);
}

/**
 * Shortest decimal text that reads back, through `Math.fround`, to exactly
 * the float32 `v` (6 to 9 significant digits; 9 always suffice).
 */
export function formatFloat32(v: number): string {
  if (v === 0) return Object.is(v, -0) ? "-0" : "0";
  if (Number.isInteger(v) && Math.abs(v) < 1e15) return String(v);
  // Most values need 7 to 9 digits: probe 8 first, then walk down or up.
  const p8 = shortFixed(v, 8);
  if (Math.fround(Number(p8)) !== v) return shortFixed(v, 9);
  const p7 = shortFixed(v, 7);
  if (Math.fround(Number(p7)) !== v) return p8;
  const p6 = shortFixed(v, 6);
  return Math.fround(Number(p6)) === v ? p6 : p7;
}

/** `v.toPrecision(digits)` without trailing zeros in the mantissa (no regular expressions). */
function shortFixed(v: number, digits: number): string {
  const s = v.toPrecision(digits);
  const e = s.indexOf("e");
  const mantissaEnd = e < 0 ? s.length : e;
  if (s.indexOf(".") < 0) return s;
  let end = mantissaEnd;
  while (s.charCodeAt(end - 1) === 48) end--;
  if (s.charCodeAt(end - 1) === 46) end--;
  return end === mantissaEnd ? s : s.slice(0, end) + s.slice(mantissaEnd);
}
