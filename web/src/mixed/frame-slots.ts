/**
 * A mesh view's frame attributes on the GPU (decisions 320, 352): three sets
 * of a positions and a values attribute, each on a WebGL buffer the slots own
 * (three.js draws from them as `GLBufferAttribute`s and never uploads them).
 * Two are shown as `pos0`/`val0` and `pos1`/`val1`; the third receives the
 * frame after the shown two in slices ({@link SlicePlan}), within a budget of
 * main-thread time per animation frame ({@link TimedSlicer}: each slice's
 * `bufferSubData` is timed). A crossing into the staged frame renames the
 * attributes instead of uploading 16 bytes per node at once. Each attribute
 * keeps the frame's values as `array` for the CPU's readers (the fit to
 * bounds).
 */
import * as THREE from "three";
import type { MeshAnimation, ParamRef } from "../../../src/mixed/agr/index.js";
import { SLICE_BUDGET_MS, type Slice, StagedSlots, TimedSlicer } from "./upload-slices.js";

/** The WebGL calls the slots make. */
export type SlotGl = Pick<
  WebGL2RenderingContext,
  "createBuffer" | "bindBuffer" | "bufferData" | "bufferSubData"
> &
  Partial<Pick<WebGL2RenderingContext, "fenceSync" | "getSyncParameter" | "deleteSync">>;

const ARRAY_BUFFER = 0x8892;
const DYNAMIC_DRAW = 0x88e8;
const FLOAT = 0x1406;
const SYNC_GPU_COMMANDS_COMPLETE = 0x9117;
const SYNC_STATUS = 0x9114;
const SIGNALED = 0x9119;

/** No context (a view made without a renderer, as in unit tests): buffers are names only. */
export const NO_GL: SlotGl = {
  createBuffer: () => ({}) as WebGLBuffer,
  bindBuffer: () => undefined,
  bufferData: () => undefined,
  bufferSubData: () => undefined,
};

/** A frame attribute on a buffer the slots own; `array` holds the frame's values it was given. */
export class FrameAttribute extends THREE.GLBufferAttribute {
  constructor(
    buffer: WebGLBuffer,
    itemSize: number,
    public array: Float32Array,
  ) {
    super(buffer, FLOAT, itemSize, 4, array.length / itemSize);
  }
}

interface AttributeSet {
  readonly pos: FrameAttribute;
  readonly val: FrameAttribute;
}

/** Sets attribute `name` of `g` (three.js types geometries for array attributes only). */
function setFrameAttribute(g: THREE.BufferGeometry, name: string, a: FrameAttribute): void {
  g.setAttribute(name, a as unknown as THREE.BufferAttribute);
}

/** The three attribute sets of one mesh and which frame each holds. */
export class FrameSlots {
  readonly state = new StagedSlots();
  /** Frames put into a shown slot (one per interval crossed in playback). */
  frameUploads = 0;
  /** Of those, frames uploaded whole at once (the first at open or after a jump). */
  wholeUploads = 0;
  /** Elements (4 bytes each) handed to the GPU: whole frames and slices. */
  uploadedElements = 0;
  /** Slices uploaded while staging (several per staged frame for a large mesh). */
  slices = 0;
  /** The longest main-thread time of one animation frame's slices so far (ms). */
  longestStagingMs = 0;
  private readonly sets: AttributeSet[] = [];
  private readonly geometries: THREE.BufferGeometry[] = [];
  /** Animation frames that uploaded no slice because the GPU had not drawn the last one yet. */
  gpuBusySkips = 0;
  /** Set after a draw: the GPU has finished it when signalled (decision 353). */
  private fence: WebGLSync | null = null;
  /** Whether each buffer of the staged plan is the positions (true) or the values. */
  private kinds: boolean[] = [];

  constructor(
    m: MeshAnimation,
    readonly surface: THREE.BufferGeometry,
    private readonly gl: SlotGl = NO_GL,
    readonly slicer = new TimedSlicer(SLICE_BUDGET_MS, () => performance.now()),
  ) {
    // Until a frame is in a set: the mesh at rest, value 0.
    const zero = new Float32Array(m.nodeCount);
    for (let k = 0; k < 3; k++) {
      this.sets.push({ pos: this.buffer(m.positions, 3), val: this.buffer(zero, 1) });
    }
    this.share(surface);
  }

  /** A buffer of `array`'s size holding it. */
  private buffer(array: Float32Array, itemSize: number): FrameAttribute {
    const gl = this.gl;
    const b = gl.createBuffer();
    gl.bindBuffer(ARRAY_BUFFER, b);
    gl.bufferData(ARRAY_BUFFER, array, DYNAMIC_DRAW);
    return new FrameAttribute(b, itemSize, array);
  }

  /** Gives `g` the shown attributes (and keeps them current on every swap). */
  share(g: THREE.BufferGeometry): void {
    this.geometries.push(g);
    this.bind(g);
  }

  private bind(g: THREE.BufferGeometry): void {
    for (const slot of [0, 1]) {
      const set = this.sets[this.state.shown[slot]!]!;
      setFrameAttribute(g, `pos${slot}`, set.pos);
      setFrameAttribute(g, `val${slot}`, set.val);
    }
  }

  /** Whether a shown slot holds frame `f`. */
  held(f: number): boolean {
    return f >= 0 && (this.state.frames[0] === f || this.state.frames[1] === f);
  }

  /** Whether frame `f` is staged in full (a crossing into it swaps it in). */
  ready(f: number): boolean {
    return f >= 0 && this.state.stagedFrame === f && this.state.plan.complete;
  }

  /**
   * Puts frame `f` (`values` of `params`) into shown slot `slot`: the staged
   * set when it holds `f` in full, else, unless `hold`, one whole upload (the
   * first frame at open or after a jump). With `hold` (playback crossed into
   * `f` from the frame before) a frame not staged in full is never uploaded
   * whole: this returns false and the view shows the frame before alone while
   * {@link stage} goes on slicing `f` (decisions 321, 351).
   */
  place(
    slot: number,
    f: number,
    params: readonly ParamRef[],
    values: Float32Array[],
    hold = false,
  ): boolean {
    if (this.ready(f)) {
      this.state.swapInto(slot);
      for (const g of this.geometries) this.bind(g);
    } else {
      if (hold) return false;
      const set = this.sets[this.state.shown[slot]!]!;
      if (this.state.stagedFrame === f) this.state.stage(-1, []);
      params.forEach((p, k) => {
        const a = p.vector ? set.pos : set.val;
        // The same array (a value that does not vary): nothing to upload.
        if (a.array === values[k]) return;
        a.array = values[k]!;
        this.gl.bindBuffer(ARRAY_BUFFER, a.buffer);
        this.gl.bufferSubData(ARRAY_BUFFER, 0, a.array);
        this.uploadedElements += a.array.length;
      });
      this.state.frames[slot] = f;
      this.wholeUploads++;
    }
    this.frameUploads++;
    return true;
  }

  /**
   * Stages frame `f` (`values` of `params`, or undefined when they have not
   * arrived) and uploads this animation frame's slices, within the time budget.
   */
  stage(f: number, params: readonly ParamRef[], values: (Float32Array | undefined)[]): void {
    const st = this.state;
    if (f < 0 || this.held(f)) return;
    if (st.stagedFrame !== f) {
      if (values.some((v) => v === undefined)) return;
      const set = this.sets[st.staging]!;
      params.forEach((p, k) => {
        (p.vector ? set.pos : set.val).array = values[k]!;
      });
      st.stage(
        f,
        values.map((v) => v!.length),
      );
      this.kinds = params.map((p) => p.vector);
    }
    if (st.plan.complete) return;
    if (!this.gpuDone()) {
      this.gpuBusySkips++;
      return;
    }
    const t0 = this.slicer.now();
    this.slicer.run(st.plan, (s) => this.upload(s));
    this.longestStagingMs = Math.max(this.longestStagingMs, this.slicer.now() - t0);
  }

  /**
   * Marks the end of a draw (decision 353): the next slices wait until the GPU
   * has finished it, for data sent while it draws waits in Chrome's transfer
   * buffer, and a full one blocks the main thread until the draw ends.
   */
  drawn(): void {
    const gl = this.gl;
    if (this.fence || !gl.fenceSync || this.state.stagedFrame < 0 || this.state.plan.complete)
      return;
    this.fence = gl.fenceSync(SYNC_GPU_COMMANDS_COMPLETE, 0);
  }

  /** Whether the draw marked last is finished (a status read, never a wait). */
  private gpuDone(): boolean {
    const gl = this.gl;
    if (!this.fence || !gl.getSyncParameter) return true;
    if (gl.getSyncParameter(this.fence, SYNC_STATUS) !== SIGNALED) return false;
    gl.deleteSync?.(this.fence);
    this.fence = null;
    return true;
  }

  /** Uploads one slice of the staged plan into the staged set. */
  private upload(s: Slice): void {
    const set = this.sets[this.state.staging]!;
    const a = this.kinds[s.buffer] ? set.pos : set.val;
    this.gl.bindBuffer(ARRAY_BUFFER, a.buffer);
    this.gl.bufferSubData(ARRAY_BUFFER, s.start * 4, a.array, s.start, s.count);
    this.uploadedElements += s.count;
    this.slices++;
  }

  /** Forgets every frame (all sets are refilled: a new scalar parameter, or the flat surface made). */
  clear(): void {
    this.state.clear();
  }
}
