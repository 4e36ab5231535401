/**
 * A mesh view's frame attributes on the GPU (decision 320): three sets of a
 * positions and a values attribute. Two are shown as `pos0`/`val0` and
 * `pos1`/`val1`; the third, `pos2`/`val2` on the surface geometry (which the
 * shader does not read, so three.js uploads it without drawing it), receives
 * the frame after the shown two in slices ({@link SlicePlan}), a budget per
 * animation frame, through three.js update ranges (`bufferSubData` of those
 * ranges only). A crossing into the staged frame renames the attributes
 * instead of uploading 16 bytes per node at once.
 */
import * as THREE from "three";
import type { MeshAnimation, ParamRef } from "../../../src/mixed/agr/index.js";
import { MAX_SLICE_BYTES, MIN_SLICE_BYTES, StagedSlots, sliceBudget } from "./upload-slices.js";

interface AttributeSet {
  readonly pos: THREE.BufferAttribute;
  readonly val: THREE.BufferAttribute;
}

const dynamic = (a: THREE.BufferAttribute) => a.setUsage(THREE.DynamicDrawUsage);

/** The three attribute sets of one mesh and which frame each holds. */
export class FrameSlots {
  readonly state = new StagedSlots();
  /** Frames put into a shown slot (one per interval crossed in playback). */
  frameUploads = 0;
  /** Of those, frames uploaded whole at once (a jump, or no staged frame ready). */
  wholeUploads = 0;
  /** Elements (4 bytes each) handed to the GPU: whole frames and slices. */
  uploadedElements = 0;
  /** Slices handed out while staging (several per staged frame for a large mesh). */
  slices = 0;
  private readonly sets: AttributeSet[] = [];
  private readonly geometries: THREE.BufferGeometry[] = [];
  private last = { i0: -1, alpha: 0 };

  /** Bytes a staged frame uploads per animation frame at least and at most. */
  constructor(
    m: MeshAnimation,
    readonly surface: THREE.BufferGeometry,
    readonly minSliceBytes: number = MIN_SLICE_BYTES,
    readonly maxSliceBytes: number = MAX_SLICE_BYTES,
  ) {
    // Until a frame is in a set: the mesh at rest, value 0.
    const zero = new Float32Array(m.nodeCount);
    for (let k = 0; k < 3; k++) {
      this.sets.push({
        pos: dynamic(new THREE.BufferAttribute(m.positions, 3)),
        val: dynamic(new THREE.BufferAttribute(zero, 1)),
      });
    }
    this.share(surface);
    surface.setAttribute("pos2", this.sets[2]!.pos);
    surface.setAttribute("val2", this.sets[2]!.val);
  }

  /** Gives `g` the shown attributes (and keeps them current on every swap). */
  share(g: THREE.BufferGeometry): void {
    this.geometries.push(g);
    this.bind(g);
  }

  private bind(g: THREE.BufferGeometry): void {
    for (const slot of [0, 1]) {
      const set = this.sets[this.state.shown[slot]!]!;
      g.setAttribute(`pos${slot}`, set.pos);
      g.setAttribute(`val${slot}`, set.val);
    }
    if (g === this.surface) {
      g.setAttribute("pos2", this.sets[this.state.staging]!.pos);
      g.setAttribute("val2", this.sets[this.state.staging]!.val);
    }
  }

  /** Whether a shown slot holds frame `f`. */
  held(f: number): boolean {
    return f >= 0 && (this.state.frames[0] === f || this.state.frames[1] === f);
  }

  /**
   * Puts frame `f` (`values` of `params`) into shown slot `slot`: the staged
   * set when it holds `f`, else one whole upload. With `hold` (the frame
   * before `f` is shown) only a complete staged `f` is shown: otherwise this
   * returns false, the view shows the frame before alone and {@link stage}
   * slices `f` (decision 321). Without, a staged `f` not yet complete is
   * shown with its last slices uploaded now.
   */
  place(
    slot: number,
    f: number,
    params: readonly ParamRef[],
    values: Float32Array[],
    hold = false,
  ): boolean {
    const staged = this.state.stagedFrame === f;
    if (hold && !(staged && this.state.plan.complete)) return false;
    if (staged) {
      this.upload(this.state.plan.remaining);
      this.state.swapInto(slot);
      for (const g of this.geometries) this.bind(g);
    } else {
      const set = this.sets[this.state.shown[slot]!]!;
      params.forEach((p, k) => {
        const a = p.vector ? set.pos : set.val;
        // The same array (a value that does not vary): nothing to upload.
        if (a.array === values[k]) return;
        a.clearUpdateRanges();
        (a as { array: THREE.TypedArray }).array = values[k]!;
        a.needsUpdate = true;
        this.uploadedElements += values[k]!.length;
      });
      this.state.frames[slot] = f;
      this.wholeUploads++;
    }
    this.frameUploads++;
    return true;
  }

  /**
   * Stages frame `f` (`values` of `params`, or undefined when they have not
   * arrived) and hands out this animation frame's slices; `i0` and `alpha`
   * are the playhead's interval and blend (their advance sets the budget).
   */
  stage(
    f: number,
    params: readonly ParamRef[],
    values: (Float32Array | undefined)[],
    i0: number,
    alpha: number,
  ): void {
    const step = this.last.i0 === i0 ? alpha - this.last.alpha : 0;
    this.last = { i0, alpha };
    const st = this.state;
    if (f < 0 || this.held(f)) return;
    if (st.stagedFrame !== f) {
      if (values.some((v) => v === undefined)) return;
      const set = this.sets[st.staging]!;
      params.forEach((p, k) => {
        const a = p.vector ? set.pos : set.val;
        a.clearUpdateRanges();
        // No needsUpdate: the slices say what to upload.
        (a as { array: THREE.TypedArray }).array = values[k]!;
      });
      st.stage(
        f,
        values.map((v) => v!.length),
      );
      this.kinds = params.map((p) => p.vector);
    }
    const budget = sliceBudget(st.plan.remaining, alpha, step, this.minSliceBytes / 4);
    this.upload(Math.min(budget, this.maxSliceBytes / 4));
  }

  /** Whether each buffer of the staged plan is the positions (true) or the values. */
  private kinds: boolean[] = [];

  /** Hands out the staged plan's next `budget` elements as update ranges of the staged set. */
  private upload(budget: number): void {
    const st = this.state;
    if (st.stagedFrame < 0 || st.plan.complete) return;
    const set = this.sets[st.staging]!;
    for (const s of st.plan.take(budget)) {
      const a = this.kinds[s.buffer] ? set.pos : set.val;
      a.addUpdateRange(s.start, s.count);
      a.needsUpdate = true;
      this.uploadedElements += s.count;
      this.slices++;
    }
  }

  /** Forgets every frame (all sets are refilled: a new scalar parameter, or the flat surface made). */
  clear(): void {
    this.state.clear();
  }
}
