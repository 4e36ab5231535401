/** A qualitative palette for telling objects apart (ten hues of similar weight, colour-blind aware order). */

/** Colours as CSS hex strings. */
const QUALITATIVE = [
  "#4e79a7",
  "#f28e2b",
  "#59a14f",
  "#e15759",
  "#b07aa1",
  "#76b7b2",
  "#edc948",
  "#9c755f",
  "#ff9da7",
  "#7f7f7f",
] as const;

/** The palette's colour for the `i`-th object (0-based; repeats after ten). */
export function qualitativeColour(i: number): string {
  return QUALITATIVE[((i % QUALITATIVE.length) + QUALITATIVE.length) % QUALITATIVE.length]!;
}
