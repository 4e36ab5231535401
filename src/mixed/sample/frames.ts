/** Which times an export samples: the `.amb`'s frames, a fixed rate, or a list, optionally thinned. */
import type { MixedScene } from "./scene.js";

/** Options choosing the sampled times of an export. */
export interface FrameOptions {
  /** Resample at this rate (frames per second) from the scene's start to its end (end included). */
  readonly fps?: number;
  /** Explicit times in seconds (sorted, duplicates dropped); wins over `fps`. */
  readonly frames?: readonly number[];
  /** Keep every `frameStep`-th time (the last one always kept); default 1. */
  readonly frameStep?: number;
}

/** Defaults of {@link FrameOptions}: the `.amb`'s own frame times, all of them. */
export const FRAME_DEFAULTS = { frameStep: 1 } as const;

/** Most frames an export samples; more (a huge `fps` or `frames` list) is a RangeError. */
export const MAX_EXPORT_FRAMES = 1_000_000;

/** The times (seconds, strictly increasing) an export samples `scene` at. */
export function sampleTimes(scene: MixedScene, options: FrameOptions = {}): Float64Array {
  let times: Float64Array;
  if (options.frames !== undefined) {
    const sorted = [...options.frames].filter(Number.isFinite).sort((a, b) => a - b);
    times = Float64Array.from(sorted.filter((t, i) => i === 0 || t > sorted[i - 1]!));
  } else if (options.fps !== undefined && options.fps > 0) {
    const { start, end } = scene;
    const count = Math.floor((end - start) * options.fps + 1e-9) + 1;
    if (!(count <= MAX_EXPORT_FRAMES)) {
      throw new RangeError(
        `${options.fps} frames per second over ${end - start} s is more than ${MAX_EXPORT_FRAMES} frames`,
      );
    }
    const last = start + (count - 1) / options.fps;
    const extra = end - last > 1e-9 ? 1 : 0;
    times = new Float64Array(count + extra);
    for (let k = 0; k < count; k++) times[k] = start + k / options.fps;
    if (extra) times[count] = end;
  } else {
    times = Float64Array.from(scene.mbs.times);
  }
  return thin(times, options.frameStep ?? FRAME_DEFAULTS.frameStep);
}

/** Every `step`-th entry of `times` with the last one kept (a copy; `step` < 1 counts as 1). */
export function thin(times: ArrayLike<number>, step: number): Float64Array {
  return Float64Array.from(thinIndices(times.length, step), (i) => times[i]!);
}

/** Indices into `times` of the entries {@link thin} keeps. */
export function thinIndices(count: number, step: number): Uint32Array {
  const s = Math.max(1, Math.floor(step));
  if (count === 0) return new Uint32Array(0);
  const kept = Math.floor((count - 1) / s) + 1;
  const extra = (count - 1) % s === 0 ? 0 : 1;
  const out = new Uint32Array(kept + extra);
  for (let k = 0; k < kept; k++) out[k] = k * s;
  if (extra) out[kept] = count - 1;
  return out;
}
