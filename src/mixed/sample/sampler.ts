/**
 * Sampling a mixed animation at any time: rigid placements (rotation by
 * quaternion slerp, shift linearly), mesh node positions and scalars
 * (linearly between the neighbouring `.agr` frames). The `.amb` and each
 * `.agr` keep their own frame times. Cursors cache the current interval, so
 * playback is O(1) per frame; the per-node loops allocate nothing (a call
 * allocates only the small description of its job).
 */
import { compose } from "../../core/affine.js";
import { colormapTable } from "../../core/colormap.js";
import { FrameCursor } from "../../core/frame-cursor.js";
import { affineFromQuaternion, slerpFlat } from "../../core/quaternion.js";
import { cellScalarAt, type MeshAnimation, scalarAt, vectorAt } from "../agr/model.js";
import { type FrameKernels, JS_KERNELS } from "./kernels.js";
import type { MixedScene, SceneVariant } from "./scene.js";

/** Options of the position samplers. */
export interface PositionOptions {
  /**
   * Displacement exaggeration (warp by vector): positions are
   * `p0 + factor·(p(t) − p0)` with `p0` the mesh's initial coordinates. Default 1.
   */
  readonly exaggeration?: number;
}

const scratchQ = new Float64Array(4);
const scratchM = new Float64Array(12);
const scratchWorld = new Float64Array(12);

/** Samples one {@link MixedScene}; see the module comment. */
export class MixedSampler {
  /** Current time in seconds. */
  time = Number.NaN;
  private readonly mbsCursor: FrameCursor;
  private readonly meshCursors = new Map<MeshAnimation, FrameCursor>();

  /**
   * `kernels` runs the per-node loops: JavaScript by default, or a
   * `FrameArena`'s WebAssembly over arrays in its memory (same answers).
   */
  constructor(
    readonly scene: MixedScene,
    private readonly kernels: FrameKernels = JS_KERNELS,
  ) {
    this.mbsCursor = new FrameCursor(scene.mbs.times);
    for (const b of scene.bodies) {
      for (const v of b.variants) {
        if (v.animation && !this.meshCursors.has(v.animation)) {
          this.meshCursors.set(v.animation, new FrameCursor(v.animation.times));
        }
      }
    }
    this.setTime(scene.start);
  }

  /** Moves every cursor to time `t` (seconds). */
  setTime(t: number): void {
    this.time = t;
    this.mbsCursor.seek(t);
    for (const c of this.meshCursors.values()) c.seek(t);
  }

  /** The `.amb` frames around the current time. */
  get mbsFrame(): FrameCursor {
    return this.mbsCursor;
  }

  /** The `.agr` frames of `animation` around the current time. */
  meshFrame(animation: MeshAnimation): FrameCursor {
    return this.meshCursors.get(animation)!;
  }

  /** World placement `M(t)` of body `index` (`.amb` order), written to `out` (12 numbers). */
  bodyMatrix(index: number, out: Float64Array): Float64Array {
    const { mbs, rotations } = this.scene;
    const count = mbs.bodies.length;
    const { i0, i1, alpha } = this.mbsCursor;
    if (alpha === 0) {
      // On a frame (and outside the range) the placement is the file's own, exactly.
      const o = (i0 * count + index) * 12;
      for (let k = 0; k < 12; k++) out[k] = mbs.matrices[o + k]!;
      return out;
    }
    slerpFlat(
      rotations,
      (i0 * count + index) * 4,
      rotations,
      (i1 * count + index) * 4,
      alpha,
      scratchQ,
    );
    affineFromQuaternion(scratchQ, out);
    const a = (i0 * count + index) * 12;
    const b = (i1 * count + index) * 12;
    const m = mbs.matrices;
    out[3] = (1 - alpha) * m[a + 3]! + alpha * m[b + 3]!;
    out[7] = (1 - alpha) * m[a + 7]! + alpha * m[b + 7]!;
    out[11] = (1 - alpha) * m[a + 11]! + alpha * m[b + 11]!;
    return out;
  }

  /** World placement of a variant's mesh nodes, `M(t)·(A|b)`, written to `out` (12 numbers). */
  meshMatrix(index: number, variant: SceneVariant, out: Float64Array): Float64Array {
    this.bodyMatrix(index, scratchM);
    return compose(scratchM, variant.placement, out);
  }

  /**
   * Node positions of a variant in its mesh frame at the current time
   * (the `.amx`'s vector parameter, interpolated and exaggerated), into `out` (3N).
   */
  meshPositions(
    variant: SceneVariant,
    out: Float32Array,
    options: PositionOptions = {},
  ): Float32Array {
    return this.positions(variant, out, null, options.exaggeration ?? 1);
  }

  /** World node positions `M(t)·(A·p(t) + b)` of a variant of body `index`, into `out` (3N). */
  worldPositions(
    index: number,
    variant: SceneVariant,
    out: Float32Array,
    options: PositionOptions = {},
  ): Float32Array {
    const m = this.meshMatrix(index, variant, scratchWorld);
    return this.positions(variant, out, m, options.exaggeration ?? 1);
  }

  /** Values of the `.amx`'s scalar parameter (or `param`) of a variant at the current time, into `out` (N). */
  scalars(
    variant: SceneVariant,
    out: Float32Array,
    param: number = variant.ref.scalarParam,
  ): Float32Array {
    const m = variant.animation;
    if (!m || param >= m.scalars.length) return out.fill(0);
    const n = m.nodeCount;
    if (!m.scalars[param]!.varying) {
      out.set(scalarAt(m, param, 0));
      return out;
    }
    const { i0, i1, alpha } = this.meshCursors.get(m)!;
    const v0 = scalarAt(m, param, i0);
    const v1 = scalarAt(m, param, i1);
    this.kernels.run({ kind: "values", count: n, v0, v1, alpha, out });
    return out;
  }

  /**
   * Colours of the first `count` `values` through `lut` (as `mapScalars`:
   * `min` → first entry, `max` → last, clamped, NaN → first), RGB into `out`.
   */
  colours(
    values: Float32Array,
    min: number,
    max: number,
    lut: Uint8Array,
    out: Float32Array,
    count: number = values.length,
  ): Float32Array {
    this.kernels.run({ kind: "colours", count, values, min, max, table: colormapTable(lut), out });
    return out;
  }

  /**
   * The value of scalar parameter `param` (default: the `.amx`'s) at node
   * `node` of a variant at the current time: O(1), for probes.
   */
  nodeScalar(variant: SceneVariant, node: number, param: number = variant.ref.scalarParam): number {
    const m = variant.animation;
    if (!m || param >= m.scalars.length || node < 0 || node >= m.nodeCount) return Number.NaN;
    if (!m.scalars[param]!.varying) return scalarAt(m, param, 0)[node]!;
    const { i0, i1, alpha } = this.meshCursors.get(m)!;
    return (1 - alpha) * scalarAt(m, param, i0)[node]! + alpha * scalarAt(m, param, i1)[node]!;
  }

  /** The value of cell `cell` of scalar `param` (from a cell array) now, blended like {@link nodeScalar}; NaN without one. */
  cellScalar(variant: SceneVariant, cell: number, param: number): number {
    const m = variant.animation;
    if (!m) return Number.NaN;
    const at = (f: number) => cellScalarAt(m, param, f)?.[cell] ?? Number.NaN;
    if (!m.scalars[param]?.varying) return at(0);
    const { i0, i1, alpha } = this.meshCursors.get(m)!;
    return (1 - alpha) * at(i0) + alpha * at(i1);
  }

  private positions(
    variant: SceneVariant,
    out: Float32Array,
    matrix: Float64Array | null,
    factor: number,
  ): Float32Array {
    const m = variant.animation;
    if (!m) return out;
    const p0 = m.positions;
    const param = variant.ref.vectorParam;
    const desc = m.vectors[param];
    let src0: Float32Array = p0;
    let src1: Float32Array = p0;
    let alpha = 0;
    if (desc && m.vectorValues[param]) {
      const c = this.meshCursors.get(m)!;
      src0 = vectorAt(m, param, c.i0);
      src1 = desc.varying ? vectorAt(m, param, c.i1) : src0;
      alpha = desc.varying ? c.alpha : 0;
    }
    this.kernels.run({
      kind: "positions",
      count: m.nodeCount,
      src0,
      src1,
      p0: factor === 1 ? null : p0,
      alpha,
      factor,
      matrix: matrix ?? IDENTITY,
      out,
    });
    return out;
  }
}

const IDENTITY = Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0);
