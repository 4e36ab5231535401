/**
 * Where a mesh view gets a parameter's values at a frame: the loaded
 * animation (every frame at hand), or a streamed `.agr`'s frame cache (a
 * frame may not have arrived yet; the view asks for the frames it shows and
 * the cache reads ahead).
 */
import {
  type AgrFrameCache,
  type MeshAnimation,
  type ParamRef,
  scalarAt,
  vectorAt,
} from "../../../src/mixed/agr/index.js";

/** A parameter's values by frame. */
export interface FrameSource {
  /** The values of `p` at `frame` (3 per node for a vector), or undefined when they have not arrived. */
  values(p: ParamRef, frame: number): Float32Array | undefined;
  /** The frames on screen now (a streamed source keeps them and reads ahead). */
  want(params: readonly ParamRef[], frames: readonly number[]): void;
  /** Whether every frame is at hand (colour ranges over all frames can be computed at once). */
  readonly complete: boolean;
}

/** The frames of a loaded animation (views, no copy). */
export function memoryFrames(m: MeshAnimation): FrameSource {
  return {
    values: (p, f) => (p.vector ? vectorAt(m, p.param, f) : scalarAt(m, p.param, f)),
    want: () => undefined,
    complete: true,
  };
}

/** The frames of a streamed `.agr`, through its cache. */
export function streamedFrames(cache: AgrFrameCache): FrameSource {
  return {
    values: (p, f) => cache.get(p, f),
    want: (params, frames) => cache.want(params, frames),
    complete: false,
  };
}

/**
 * The frames of an animation still being decoded (a shared page's packed
 * series, decision 345): frame `f` once `f < decoded()`; complete when all are.
 */
export function decodingFrames(m: MeshAnimation, decoded: () => number): FrameSource {
  const all = memoryFrames(m);
  return {
    values: (p, f) => (f < decoded() ? all.values(p, f) : undefined),
    want: () => undefined,
    get complete() {
      return decoded() >= m.times.length;
    },
  };
}
