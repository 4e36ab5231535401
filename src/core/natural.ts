/**
 * Natural order of names: runs of digits compare as numbers, so a numbered
 * series sorts `run_0`, `run_100`, `run_200`, `run_1000` (not `run_0`,
 * `run_100`, `run_1000`, `run_200`). The one comparator the file tree, the
 * studio's listing and the CLI use for names and paths.
 */

const isDigit = (c: number) => c >= 48 && c <= 57;

/** The end of the run of digits of `s` that starts at `i`. */
function digitsEnd(s: string, i: number): number {
  let j = i;
  while (j < s.length && isDigit(s.charCodeAt(j))) j++;
  return j;
}

/** Compares two digit runs by value (any length), then the shorter (fewer leading zeros) first. */
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+/, "");
  const y = b.replace(/^0+/, "");
  if (x.length !== y.length) return x.length - y.length;
  if (x !== y) return x < y ? -1 : 1;
  return a.length - b.length;
}

/**
 * Compares `a` and `b` in natural order: character by character (code
 * units), except where both have a run of digits at the same place, which
 * compare by value; equal by that, the plain code-unit order decides (a
 * total order, 0 only when equal).
 */
export function naturalCompare(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    if (isDigit(x) && isDigit(y)) {
      const ie = digitsEnd(a, i);
      const je = digitsEnd(b, j);
      const c = compareDigits(a.slice(i, ie), b.slice(j, je));
      if (c !== 0) return c;
      i = ie;
      j = je;
      continue;
    }
    if (x !== y) return x - y;
    i++;
    j++;
  }
  if (i < a.length || j < b.length) return i < a.length ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}
