/**
 * A quarter of a special cell of the field's grid (grid.ts), pixel by
 * pixel: its pixels' labels (their sides of the quarter's segments) and
 * the bilinear motion between its corners, with what is the same along a
 * row or a column computed once (decision 403; the same numbers).
 */
import type { FieldGeometry } from "./geometry.js";

/** The largest quarter's side (pixels): half the largest cell. */
export const MAX_QUARTER = 8;

/**
 * Labels the pixels [x0, x0 + cols) × [y0, y0 + rows) of a quarter of side
 * `sub` into labels[r · sub + c]: bit k set when the pixel is on the
 * positive side of segment local[k] (k < count). `terms` is scratch of
 * 3 · count. Returns the bits of the labels used.
 */
export function labelPixels(
  g: FieldGeometry,
  local: Int32Array,
  count: number,
  x0: number,
  y0: number,
  cols: number,
  rows: number,
  sub: number,
  labels: Uint8Array,
  terms: Float64Array,
): number {
  let used = 0;
  // Per segment, A_x − x0 and dy, and per row dx·(A_y − y0 − r): the orientation
  // dy·(A_x − x0 − c) − dx·(A_y − y0 − r) computed as before.
  for (let k = 0; k < count; k++) {
    terms[3 * k] = g.sax[local[k]!]! - x0;
    terms[3 * k + 1] = g.sdy[local[k]!]!;
  }
  if (count === 1) return labelOne(g, local[0]!, x0, y0, cols, rows, sub, labels);
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < count; k++) {
      terms[3 * k + 2] = g.sdx[local[k]!]! * (g.say[local[k]!]! - y0 - r);
    }
    for (let c = 0; c < cols; c++) {
      let label = 0;
      for (let k = 0; k < count; k++) {
        if (terms[3 * k + 1]! * (terms[3 * k]! - c) - terms[3 * k + 2]! > 0) label |= 1 << k;
      }
      labels[r * sub + c] = label;
      used |= 1 << label;
    }
  }
  return used;
}

/** {@link labelPixels} for one segment, s: the most common quarter, without the loop over segments. */
function labelOne(
  g: FieldGeometry,
  s: number,
  x0: number,
  y0: number,
  cols: number,
  rows: number,
  sub: number,
  labels: Uint8Array,
): number {
  let used = 0;
  const across = g.sax[s]! - x0;
  const slope = g.sdy[s]!;
  const above = g.say[s]! - y0;
  const dx = g.sdx[s]!;
  for (let r = 0; r < rows; r++) {
    const along = dx * (above - r);
    for (let c = 0; c < cols; c++) {
      const label = slope * (across - c) - along > 0 ? 1 : 0;
      labels[r * sub + c] = label;
      used |= 1 << label;
    }
  }
  return used;
}

/**
 * For columns c < cols of a quarter of side `sub`, into out[(set · MAX_QUARTER + c) · 4…]:
 * the top edge's x and y at c (corners at v[top], v[top + 2]), and the
 * bottom's (v[bottom], v[bottom + 2]) minus the top's — a pixel's value is
 * then top + difference · fy, the numbers the bilinear formula computed
 * per pixel (decision 403).
 */
export function edges(
  v: Float64Array,
  top: number,
  bottom: number,
  sub: number,
  cols: number,
  out: Float64Array,
  set: number,
): void {
  for (let c = 0; c < cols; c++) {
    const fx = c / sub;
    const o = (set * MAX_QUARTER + c) * 4;
    const tx = v[top]! + (v[top + 2]! - v[top]!) * fx;
    const ty = v[top + 1]! + (v[top + 3]! - v[top + 1]!) * fx;
    out[o] = tx;
    out[o + 1] = ty;
    out[o + 2] = v[bottom]! + (v[bottom + 2]! - v[bottom]!) * fx - tx;
    out[o + 3] = v[bottom + 1]! + (v[bottom + 3]! - v[bottom + 1]!) * fx - ty;
  }
}
