/** Colour ranges of a mesh's scalars: per frame and over all frames (at load, or as streamed frames arrive). */
import { cellScalarAt, type MeshAnimation, scalarAt } from "../../../src/mixed/agr/index.js";

/** Per-frame minimum and maximum of one scalar parameter, and over all frames. */
export interface ScalarRanges {
  readonly min: Float32Array;
  readonly max: Float32Array;
  readonly allMin: number;
  readonly allMax: number;
}

/**
 * Minimum and maximum of each frame of scalar parameter `param` (one pass at
 * load): of its cell values when it comes from a cell array (drawn flat).
 */
export function scalarRanges(m: MeshAnimation, param: number): ScalarRanges {
  const frames = m.scalars[param]?.varying ? m.times.length : 1;
  const min = new Float32Array(frames);
  const max = new Float32Array(frames);
  let allMin = Number.POSITIVE_INFINITY;
  let allMax = Number.NEGATIVE_INFINITY;
  for (let f = 0; f < frames; f++) {
    frameRange(cellScalarAt(m, param, f) ?? scalarAt(m, param, f), min, max, f);
    const lo = min[f]!;
    const hi = max[f]!;
    if (lo < allMin) allMin = lo;
    if (hi > allMax) allMax = hi;
  }
  return { min, max, allMin, allMax };
}

/** Writes the minimum and maximum of `v` to `min[k]` and `max[k]` (±Infinity when empty). */
export function frameRange(v: Float32Array, min: Float32Array, max: Float32Array, k: number): void {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  min[k] = lo;
  max[k] = hi;
}

/** Ranges of a streamed mesh before any frame is seen: NaN per frame, filled as frames arrive. */
export function seenRanges(m: MeshAnimation, param: number): ScalarRanges {
  const frames = m.scalars[param]?.varying ? m.times.length : 1;
  return {
    min: new Float32Array(frames).fill(Number.NaN),
    max: new Float32Array(frames).fill(Number.NaN),
    allMin: Number.POSITIVE_INFINITY,
    allMax: Number.NEGATIVE_INFINITY,
  };
}
