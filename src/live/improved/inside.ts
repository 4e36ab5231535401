/**
 * Whether a smooth cell's sources stay near both pictures (buildSpans in
 * warp.ts): then its rows are spans, else its pixels are listed with their
 * sources clamped (decision 393).
 */
import { MARGIN } from "./sample.js";

/** Sources this far outside the picture are sampled from its border without clamping. */
const SLACK = MARGIN - 2;

/**
 * Whether both pictures' sources of a cell's pixels stay within SLACK of
 * the pictures: the motion is bilinear, so its extremes over the pixels
 * are at the four corner pixels (nodes n0, n0 + 2 above, n1, n1 + 2 below).
 */
export function cellInside(
  nodes: Float64Array,
  n0: number,
  n1: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  inv: number,
  t: number,
  kxMax: number,
  kyMax: number,
  lxMax: number,
  lyMax: number,
): boolean {
  const s = 1 - t;
  const lo = -SLACK;
  for (let c = 0; c < 4; c++) {
    const fx = c & 1 ? (x1 - x0 - 1) * inv : 0;
    const fy = c & 2 ? (y1 - y0 - 1) * inv : 0;
    const top = nodes[n0]! + (nodes[n0 + 2]! - nodes[n0]!) * fx;
    const bottom = nodes[n1]! + (nodes[n1 + 2]! - nodes[n1]!) * fx;
    const ux = top + (bottom - top) * fy;
    const topY = nodes[n0 + 1]! + (nodes[n0 + 3]! - nodes[n0 + 1]!) * fx;
    const bottomY = nodes[n1 + 1]! + (nodes[n1 + 3]! - nodes[n1 + 1]!) * fx;
    const uy = topY + (bottomY - topY) * fy;
    const x = c & 1 ? x1 - 1 : x0;
    const y = c & 2 ? y1 - 1 : y0;
    const xk = x - t * ux;
    const yk = y - t * uy;
    const xl = x + s * ux;
    const yl = y + s * uy;
    if (!(xk >= lo && xk <= kxMax + SLACK && yk >= lo && yk <= kyMax + SLACK)) return false;
    if (!(xl >= lo && xl <= lxMax + SLACK && yl >= lo && yl <= lyMax + SLACK)) return false;
  }
  return true;
}
