/**
 * Which `.agr` frames a mesh body writes as morph targets, and the keys of
 * the `weights` channel that plays them (mesh-body.ts writes both). Pure.
 */
import { thinIndices } from "../sample/frames.js";
import type { SceneVariant } from "../sample/scene.js";

/**
 * Most morph targets per mesh: the `weights` channel holds targets × keys
 * numbers, so it grows with the square of the frames; longer animations are
 * thinned evenly to stay below this.
 */
export const MAX_MORPH_TARGETS = 256;

/** The frame step used for `frames` `.agr` frames: at least `frameStep`, and enough to keep ≤ {@link MAX_MORPH_TARGETS}. */
export function morphStep(frames: number, frameStep: number): number {
  // Two below the cap: thinning keeps the last frame as one more.
  return Math.max(frameStep, Math.ceil((frames - 1) / (MAX_MORPH_TARGETS - 2)));
}

/**
 * The `.agr` frames `addMeshBody` (mesh-body.ts) writes as morph targets: the kept
 * frames (thinned by `frameStep`) that the span `[start, end]` needs — those
 * inside it and the one on each side that the weights at its ends blend with.
 * An empty span (no MBS frames) keeps every frame.
 */
export function morphFrames(
  variant: SceneVariant,
  frameStep: number,
  span: readonly [number, number],
): Uint32Array {
  const m = variant.animation;
  if (!m) return new Uint32Array(0);
  const all = thinIndices(m.times.length, morphStep(m.times.length, frameStep));
  const [start, end] = span;
  if (!(end > start) || all.length < 2) return all;
  let first = 0;
  while (first + 1 < all.length && m.times[all[first + 1]!]! <= start) first++;
  let last = all.length - 1;
  while (last - 1 > first && m.times[all[last - 1]!]! >= end) last--;
  return all.slice(first, last + 1);
}

/** The number of morph frames `addMeshBody` (mesh-body.ts) will write for a variant. */
export function morphFrameCount(
  variant: SceneVariant,
  frameStep: number,
  span: readonly [number, number],
): number {
  return morphFrames(variant, frameStep, span).length;
}

/**
 * The `weights` keys of morph frames at `times` (seconds, ascending): one key
 * per frame inside the span, plus one at each end of it where the weights
 * blend the frames on either side (so the animation is exactly as long as the
 * model's, as the studio plays it). Returns the key times and, per key, the
 * weights of every target (a hat function of time, clamped at both ends).
 */
export function morphKeys(
  times: readonly number[],
  span: readonly [number, number],
): { input: number[]; output: number[] } {
  const n = times.length;
  const [start, end] = span;
  const keys =
    end > start ? [start, ...times.filter((t) => t > start && t < end), end] : [...times];
  const output: number[] = [];
  for (const t of keys) {
    const w = new Array<number>(n).fill(0);
    if (t <= times[0]!) w[0] = 1;
    else if (t >= times[n - 1]!) w[n - 1] = 1;
    else {
      let k = 0;
      while (times[k + 1]! < t) k++;
      const a = (t - times[k]!) / (times[k + 1]! - times[k]!);
      w[k] = 1 - a;
      w[k + 1] = a;
    }
    output.push(...w);
  }
  return { input: keys, output };
}
