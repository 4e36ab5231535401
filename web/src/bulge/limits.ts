/**
 * The section editor's rules while dragging (spec "Restrictions"): a
 * keypoint's bone position u and its X icon's x stay strictly between their
 * neighbours' and inside [0, 1]; y stays in [−0.5, 0.5]; the first u is 0 and
 * the last 1. Pure, so the limits are unit-tested without a browser.
 */
import { BONE_RANGE, DEPTH_RANGE, type Keypoint } from "../../../src/bulge/index.js";

/** The smallest gap kept between neighbours' u (and x), so values stay strictly increasing once written with six decimals. */
export const MIN_GAP = 0.001;

/** Which value of a keypoint is dragged: the circle icon's u, or the X icon's x and y. */
export type DragHandle = "circle" | "cross";

/** The closed interval one value may take, and whether it is fixed. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

/** Rounds to the four decimals the editor places values on. */
export function snap(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}

/** The range of keypoint `i`'s u: fixed at 0 for the first and 1 for the last, else between its neighbours. */
export function uRange(keypoints: readonly Keypoint[], i: number): Range {
  if (i === 0) return { min: BONE_RANGE[0], max: BONE_RANGE[0] };
  if (i === keypoints.length - 1) return { min: BONE_RANGE[1], max: BONE_RANGE[1] };
  const lo = keypoints[i - 1]![0] + MIN_GAP;
  const hi = keypoints[i + 1]![0] - MIN_GAP;
  return { min: Math.min(lo, hi), max: Math.max(lo, hi) };
}

/** The range of keypoint `i`'s x: between its neighbours' x and inside [0, 1]. */
export function xRange(keypoints: readonly Keypoint[], i: number): Range {
  const lo = i > 0 ? keypoints[i - 1]![1] + MIN_GAP : BONE_RANGE[0];
  const hi = i < keypoints.length - 1 ? keypoints[i + 1]![1] - MIN_GAP : BONE_RANGE[1];
  return {
    min: Math.max(BONE_RANGE[0], Math.min(lo, hi)),
    max: Math.min(BONE_RANGE[1], Math.max(lo, hi)),
  };
}

/** The range of every keypoint's y. */
export const Y_RANGE: Range = { min: DEPTH_RANGE[0], max: DEPTH_RANGE[1] };

/** `v` clamped to `r`, and whether it had to be (the limit is then shown). */
function clampTo(v: number, r: Range): { value: number; limited: boolean } {
  const value = Math.min(r.max, Math.max(r.min, v));
  return { value, limited: value !== v };
}

/** Where a drag of keypoint `i`'s handle to the wanted values lands: the keypoint after the rules, and which limits stopped it. */
export function dragTo(
  keypoints: readonly Keypoint[],
  i: number,
  handle: DragHandle,
  wanted: { u?: number; x?: number; y?: number },
): { keypoint: Keypoint; limited: ("u" | "x" | "y")[] } {
  const k = keypoints[i]!;
  const limited: ("u" | "x" | "y")[] = [];
  const out: Keypoint = [k[0], k[1], k[2]];
  if (handle === "circle" && wanted.u !== undefined) {
    const c = clampTo(snap(wanted.u), uRange(keypoints, i));
    out[0] = c.value;
    if (c.limited) limited.push("u");
  }
  if (handle === "cross") {
    if (wanted.x !== undefined) {
      const c = clampTo(snap(wanted.x), xRange(keypoints, i));
      out[1] = c.value;
      if (c.limited) limited.push("x");
    }
    if (wanted.y !== undefined) {
      const c = clampTo(snap(wanted.y), Y_RANGE);
      out[2] = c.value;
      if (c.limited) limited.push("y");
    }
  }
  return { keypoint: out, limited };
}

/**
 * A keypoint to insert after keypoint `i` (halfway to the next one, on the
 * straight line between them), or undefined when the gap is too narrow.
 */
export function midKeypoint(keypoints: readonly Keypoint[], i: number): Keypoint | undefined {
  const a = keypoints[i];
  const b = keypoints[i + 1];
  if (!a || !b) return undefined;
  if (b[0] - a[0] < 2 * MIN_GAP || b[1] - a[1] < 2 * MIN_GAP) return undefined;
  return [snap((a[0] + b[0]) / 2), snap((a[1] + b[1]) / 2), snap((a[2] + b[2]) / 2)];
}

/** Whether keypoint `i` may be removed: not the first or last, and the section keeps two. */
export function canRemoveKeypoint(keypoints: readonly Keypoint[], i: number): boolean {
  return i > 0 && i < keypoints.length - 1 && keypoints.length > 2;
}

/** A free section angle for a new section: the middle of the widest gap between the existing ones (around the circle). */
export function suggestAngle(angles: readonly number[]): number {
  const a = [...new Set(angles.map((x) => ((Math.round(x) % 360) + 360) % 360))].sort(
    (p, q) => p - q,
  );
  if (a.length === 0) return 0;
  let best = 0;
  let at = (a[0]! + 180) % 360;
  a.forEach((x, i) => {
    const next = i + 1 < a.length ? a[i + 1]! : a[0]! + 360;
    if (next - x > best) {
      best = next - x;
      at = Math.floor(x + (next - x) / 2) % 360;
    }
  });
  return best < 2 ? -1 : at;
}
