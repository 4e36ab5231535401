/**
 * Which cells of the improved engine's field grid are special (grid.ts):
 * those holding a control point and those a live cut segment touches.
 */
import type { FieldGeometry } from "./geometry.js";

/** Most cut segments listed per cell; a cell with more has its quarters test every segment. */
export const MAX_CELL = 8;
/** A segment within this distance of a square (pixels) counts as touching it. */
const MARGIN = 0.5;
/** Whether live segment s of g comes within MARGIN of the square [x0, x0 + size] × [y0, y0 + size]. */
export function touches(
  g: FieldGeometry,
  s: number,
  x0: number,
  y0: number,
  size: number,
): boolean {
  const ax = g.sax[s]!;
  const ay = g.say[s]!;
  const dx = g.sdx[s]!;
  const dy = g.sdy[s]!;
  if (Math.max(ax, ax + dx) < x0 - MARGIN || Math.min(ax, ax + dx) > x0 + size + MARGIN)
    return false;
  if (Math.max(ay, ay + dy) < y0 - MARGIN || Math.min(ay, ay + dy) > y0 + size + MARGIN)
    return false;
  // The square's centre from the segment's line, against half the square's extent along its normal.
  const len = g.slen[s]!;
  const cx = x0 + size / 2 - ax;
  const cy = y0 + size / 2 - ay;
  return (
    Math.abs(dx * cy - dy * cx) / len <= ((Math.abs(dx) + Math.abs(dy)) * size) / 2 / len + MARGIN
  );
}

/**
 * Marks the cells holding a control point and those each live cut segment
 * touches (listing its segments) in `into`; returns how many cells are
 * special (listed in `into.special`).
 */
export function classify(
  g: FieldGeometry,
  size: number,
  ncx: number,
  ncy: number,
  into: {
    readonly kind: Uint8Array;
    readonly cellCount: Uint8Array;
    readonly cellSegs: Int32Array;
    readonly special: Int32Array;
  },
): number {
  const { kind, cellCount, cellSegs, special } = into;
  kind.fill(0);
  cellCount.fill(0);
  let nSpecial = 0;
  // Cells holding a control point: the field curves most there, so they are refined too.
  for (let i = 0; i < g.n; i++) {
    const c = Math.floor(g.px[i]! / size);
    const r = Math.floor(g.py[i]! / size);
    if (c < 0 || c >= ncx || r < 0 || r >= ncy || kind[r * ncx + c]) continue;
    kind[r * ncx + c] = 1;
    special[nSpecial++] = r * ncx + c;
  }
  for (let s = 0; s < g.ns; s++) {
    const ax = g.sax[s]!;
    const ay = g.say[s]!;
    const bx = ax + g.sdx[s]!;
    const by = ay + g.sdy[s]!;
    const c0 = Math.max(0, Math.floor((Math.min(ax, bx) - MARGIN) / size));
    const c1 = Math.min(ncx - 1, Math.floor((Math.max(ax, bx) + MARGIN) / size));
    const r0 = Math.max(0, Math.floor((Math.min(ay, by) - MARGIN) / size));
    const r1 = Math.min(ncy - 1, Math.floor((Math.max(ay, by) + MARGIN) / size));
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        if (!touches(g, s, c * size, r * size, size)) continue;
        const cell = r * ncx + c;
        const count = cellCount[cell]!;
        if (count === 0) {
          kind[cell] = 1;
          special[nSpecial++] = cell;
        }
        if (count < MAX_CELL) cellSegs[cell * MAX_CELL + count] = s;
        if (count <= MAX_CELL) cellCount[cell] = count + 1;
      }
    }
  }
  return nSpecial;
}
