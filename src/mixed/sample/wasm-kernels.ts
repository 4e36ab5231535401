/**
 * The frame kernels in WebAssembly with SIMD, over arrays that live in one
 * shared WebAssembly memory (a {@link FrameArena}). Every number is computed
 * in double precision in the order the JavaScript kernels (`kernels.ts`) use
 * and rounded to float32 once, so both give the same bits; WebAssembly never
 * fuses a multiply and an add. A job whose arrays are not all in the arena
 * runs in JavaScript.
 *
 * The memory is shared (a SharedArrayBuffer), so growing it never moves or
 * detaches arrays handed out before. Where shared memory or SIMD is missing
 * (a browser page without cross-origin isolation, an old engine)
 * {@link FrameArena.create} gives undefined and callers use the JavaScript
 * kernels.
 */
import { colourIndex } from "../../core/colormap.js";
import type { MeshAnimation } from "../agr/model.js";
import { type FrameJob, type FrameKernels, runFrameJob } from "./kernels.js";
import { type Exports, kernelsModule, MAX_PAGES } from "./wasm-code.js";

const PAGE = 65536;
const ALIGN = 16;

/**
 * One WebAssembly memory for a mesh's frames and the sampled outputs, and
 * the kernels over it: give it to `new MixedSampler(scene, arena)`, load the
 * mesh into it (`readAgrFile(path, { arena })` in `deforma/node`, or
 * {@link FrameArena.adopt}) and take outputs from {@link FrameArena.float32}.
 * Arrays are handed out and never freed: an arena lives as long as its mesh.
 */
export class FrameArena implements FrameKernels {
  private readonly buffers = new WeakSet<ArrayBufferLike>();
  private readonly tables = new WeakMap<Float32Array, Float32Array>();
  private top = ALIGN;

  private constructor(
    private readonly memory: WebAssembly.Memory,
    private readonly kernels: Exports,
  ) {
    this.buffers.add(memory.buffer);
  }

  /** A new arena, or undefined when this engine cannot run the kernels. */
  static create(): FrameArena | undefined {
    const module = kernelsModule();
    if (!module) return undefined;
    try {
      const memory = new WebAssembly.Memory({ initial: 1, maximum: MAX_PAGES, shared: true });
      const instance = new WebAssembly.Instance(module, { env: { memory } });
      return new FrameArena(memory, instance.exports as unknown as Exports);
    } catch {
      return undefined;
    }
  }

  /** Bytes handed out so far. */
  get size(): number {
    return this.top;
  }

  /**
   * `length` zeroed bytes, 16-byte aligned, in the arena; undefined when
   * they do not fit in its 4 GiB.
   */
  bytes(length: number): Uint8Array | undefined {
    const at = this.reserve(length);
    return at === undefined ? undefined : new Uint8Array(this.current(), at, length);
  }

  /** `length` zeroed floats in the arena; undefined when they do not fit. */
  float32(length: number): Float32Array | undefined {
    const at = this.reserve(4 * length);
    return at === undefined ? undefined : new Float32Array(this.current(), at, length);
  }

  /** `a` itself when it is in the arena, else a copy in it (or `a` when the copy does not fit). */
  adopt(a: Float32Array): Float32Array {
    if (this.has(a)) return a;
    const copy = this.float32(a.length);
    if (!copy) return a;
    copy.set(a);
    return copy;
  }

  /**
   * `m` with its node coordinates and parameter values in the arena (copied
   * in unless they are there already, as a binary file read into the arena
   * is); a mesh read frame by frame is returned as it is.
   */
  adoptMesh(m: MeshAnimation): MeshAnimation {
    if (m.frames) return m;
    return {
      ...m,
      positions: this.adopt(m.positions),
      scalarValues: m.scalarValues.map((a) => this.adopt(a)),
      vectorValues: m.vectorValues.map((a) => this.adopt(a)),
    };
  }

  /** Whether `a` lives in the arena's memory. */
  has(a: ArrayBufferView): boolean {
    return this.buffers.has(a.buffer);
  }

  run(job: FrameJob): void {
    if (!this.runHere(job)) runFrameJob(job, 0, job.count);
  }

  /** Runs `job` in WebAssembly when all its arrays are in the arena; whether it did. */
  private runHere(job: FrameJob): boolean {
    const k = this.kernels;
    const n = job.count;
    if (job.kind === "values") {
      if (!this.has(job.v0) || !this.has(job.v1) || !this.has(job.out)) return false;
      k.values(job.v0.byteOffset, job.v1.byteOffset, job.out.byteOffset, n, job.alpha);
      return true;
    }
    if (job.kind === "colours") {
      const table = this.table(job.table);
      if (!table || !this.has(job.values) || !this.has(job.out)) return false;
      const { scale, offset, last } = colourIndex(job.min, job.max, job.table);
      const at = [job.values.byteOffset, table.byteOffset, job.out.byteOffset] as const;
      k.colours(...at, n, scale, offset, last);
      return true;
    }
    const { src0, src1, p0, out, matrix: t } = job;
    if (!this.has(src0) || !this.has(src1) || !this.has(out) || (p0 && !this.has(p0))) {
      return false;
    }
    const f = p0 ? k.positionsExaggerated : k.positions;
    f(
      src0.byteOffset,
      src1.byteOffset,
      out.byteOffset,
      n,
      job.alpha,
      ...Array.from({ length: 12 }, (_, i) => t[i]!),
      p0 ? p0.byteOffset : 0,
      job.factor,
    );
    return true;
  }

  /** The arena's copy of a colour table (made once per table). */
  private table(table: Float32Array): Float32Array | undefined {
    let t = this.tables.get(table);
    if (!t) {
      t = this.adopt(table);
      if (!this.has(t)) return undefined;
      this.tables.set(table, t);
    }
    return t;
  }

  /** The memory's buffer now, known as the arena's. */
  private current(): ArrayBufferLike {
    const b = this.memory.buffer;
    this.buffers.add(b);
    return b;
  }

  private reserve(length: number): number | undefined {
    const at = this.top;
    const end = at + Math.ceil(length / ALIGN) * ALIGN;
    if (!(length >= 0) || end > MAX_PAGES * PAGE) return undefined;
    const pages = this.memory.buffer.byteLength / PAGE;
    const need = Math.ceil(end / PAGE);
    if (need > pages) {
      try {
        this.memory.grow(need - pages);
      } catch {
        return undefined;
      }
    }
    this.top = end;
    return at;
  }
}
