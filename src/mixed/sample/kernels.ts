/**
 * The per-node loops of sampling a frame, as jobs: a {@link FrameKernels}
 * runs a job over all its nodes, in JavaScript ({@link JS_KERNELS}, over a
 * node range with {@link runFrameJob}) or in WebAssembly (`FrameArena`,
 * `./wasm-kernels.ts`). Both give the same bits.
 */
import { mapScalarRange } from "../../core/colormap.js";

/**
 * World positions `M·(p0 + factor·(lerp(src0, src1, alpha) − p0))` (xyz
 * packed); `p0` null means factor 1 (the initial coordinates unused).
 */
export interface PositionsJob {
  readonly kind: "positions";
  readonly count: number;
  readonly src0: Float32Array;
  readonly src1: Float32Array;
  readonly p0: Float32Array | null;
  readonly alpha: number;
  readonly factor: number;
  /** Row-major 3×4 affine transform (12 numbers). */
  readonly matrix: ArrayLike<number>;
  readonly out: Float32Array;
}

/** Values `lerp(v0, v1, alpha)`, one per node. */
export interface ValuesJob {
  readonly kind: "values";
  readonly count: number;
  readonly v0: Float32Array;
  readonly v1: Float32Array;
  readonly alpha: number;
  readonly out: Float32Array;
}

/** Colours of values through a colour map's float table (`colormapTable`), RGB per node. */
export interface ColoursJob {
  readonly kind: "colours";
  readonly count: number;
  readonly values: Float32Array;
  readonly min: number;
  readonly max: number;
  readonly table: Float32Array;
  readonly out: Float32Array;
}

/** One frame loop over `count` nodes. */
export type FrameJob = PositionsJob | ValuesJob | ColoursJob;

/** Runs frame jobs over all their nodes. */
export interface FrameKernels {
  run(job: FrameJob): void;
}

/** The JavaScript kernels. */
export const JS_KERNELS: FrameKernels = { run: (job) => runFrameJob(job, 0, job.count) };

/** Runs `job` over nodes `from` to `to` (exclusive). */
export function runFrameJob(job: FrameJob, from: number, to: number): void {
  switch (job.kind) {
    case "positions":
      blendPositions(job, from, to);
      return;
    case "values":
      blendValues(job.v0, job.v1, job.alpha, job.out, from, to);
      return;
    case "colours":
      mapScalarRange(job.values, job.min, job.max, job.table, job.out, from, to);
      return;
  }
}

/** `out[k] = (1 − alpha)·v0[k] + alpha·v1[k]` for `k` in `[from, to)`. */
export function blendValues(
  v0: Float32Array,
  v1: Float32Array,
  alpha: number,
  out: Float32Array,
  from: number,
  to: number,
): void {
  const beta = 1 - alpha;
  for (let k = from; k < to; k++) out[k] = beta * v0[k]! + alpha * v1[k]!;
}

function blendPositions(job: PositionsJob, from: number, to: number): void {
  const { src0, src1, p0, alpha, out } = job;
  const beta = 1 - alpha;
  const e = job.factor;
  const t = job.matrix;
  const a11 = t[0]!,
    a12 = t[1]!,
    a13 = t[2]!,
    b1 = t[3]!;
  const a21 = t[4]!,
    a22 = t[5]!,
    a23 = t[6]!,
    b2 = t[7]!;
  const a31 = t[8]!,
    a32 = t[9]!,
    a33 = t[10]!,
    b3 = t[11]!;
  if (p0 === null) {
    // No exaggeration: the initial coordinates are not needed (three reads less per node).
    for (let o = 3 * from, end = 3 * to; o < end; o += 3) {
      const x = beta * src0[o]! + alpha * src1[o]!;
      const y = beta * src0[o + 1]! + alpha * src1[o + 1]!;
      const z = beta * src0[o + 2]! + alpha * src1[o + 2]!;
      out[o] = a11 * x + a12 * y + a13 * z + b1;
      out[o + 1] = a21 * x + a22 * y + a23 * z + b2;
      out[o + 2] = a31 * x + a32 * y + a33 * z + b3;
    }
    return;
  }
  for (let o = 3 * from, end = 3 * to; o < end; o += 3) {
    const qx = p0[o]!,
      qy = p0[o + 1]!,
      qz = p0[o + 2]!;
    const x = qx + e * (beta * src0[o]! + alpha * src1[o]! - qx);
    const y = qy + e * (beta * src0[o + 1]! + alpha * src1[o + 1]! - qy);
    const z = qz + e * (beta * src0[o + 2]! + alpha * src1[o + 2]! - qz);
    out[o] = a11 * x + a12 * y + a13 * z + b1;
    out[o + 1] = a21 * x + a22 * y + a23 * z + b2;
    out[o + 2] = a31 * x + a32 * y + a33 * z + b3;
  }
}
