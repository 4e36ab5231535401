/**
 * Where the improved engine's pictures live and which span kernel runs:
 * WebAssembly SIMD (simd.ts) where the runtime has it, with K, L, the
 * in-between and the spans in the module's memory, else the same kernel in
 * JavaScript (warp.ts). Both give the same bytes.
 */
import type { RgbaImage } from "../image.js";
import type { FieldGrid } from "./grid.js";
import { type Padded, pad, paddedLength } from "./sample.js";
import { type SimdRun, simdKernel } from "./simd.js";
import { runSpans, SPAN, Spans } from "./warp.js";

/** The pictures, the spans and the kernel of one transition. */
export interface Renderer {
  readonly k: Padded;
  readonly l: Padded;
  readonly spans: Spans;
  /** Whether the WebAssembly SIMD kernel runs. */
  readonly simd: boolean;
  /** Runs the spans with L's mass tw (of 128); returns the in-between (valid until the next run). */
  run(tw: number): RgbaImage;
  /**
   * Gives the grid's per-pixel motion a place the kernel reads (the SIMD
   * kernel's memory, decision 416), moving it there; the JavaScript kernel's
   * grid keeps its own.
   */
  bind(grid: FieldGrid): void;
}

/** The JavaScript kernel over arrays of its own. */
export function jsRenderer(k: RgbaImage, l: RgbaImage): Renderer {
  const kp = pad(k.data, k.width, k.height, new Int32Array(paddedLength(k.width, k.height)));
  const lp = pad(l.data, l.width, l.height, new Int32Array(paddedLength(l.width, l.height)));
  const data = new Uint8ClampedArray(k.width * k.height * 4);
  const image: RgbaImage = { width: k.width, height: k.height, data };
  const out = new Int32Array(data.buffer);
  const spans = new Spans();
  return {
    k: kp,
    l: lp,
    spans,
    simd: false,
    run(tw) {
      runSpans(spans, kp, lp, tw, out);
      return image;
    },
    bind() {},
  };
}

const PAGE = 65536;
const align = (n: number) => (n + 15) & ~15;

/** Spans in the module's memory, after everything else, growing the memory when needed. */
class MemorySpans extends Spans {
  /** Called after the memory grew (its views then need making again). */
  grown: () => void = () => {};

  constructor(
    private readonly memory: WebAssembly.Memory,
    readonly offset: number,
  ) {
    super();
    this.data = new Int32Array(memory.buffer, offset, (memory.buffer.byteLength - offset) >> 2);
  }

  protected override grow(length: number): Int32Array {
    const bytes = this.offset + length * 4;
    const have = this.memory.buffer.byteLength;
    if (bytes > have) {
      this.memory.grow(Math.ceil((bytes - have) / PAGE));
      this.grown();
    }
    // The old view is detached by the growth; the new one starts at the same place.
    this.data = new Int32Array(this.memory.buffer, this.offset, this.count * SPAN);
    return new Int32Array(this.memory.buffer, this.offset, length);
  }
}

/** The SIMD kernel with everything in its memory; null where WebAssembly SIMD is missing. */
export function simdRenderer(k: RgbaImage, l: RgbaImage): Renderer | null {
  const kBytes = align(paddedLength(k.width, k.height) * 4);
  const lBytes = align(paddedLength(l.width, l.height) * 4);
  const outBytes = align(k.width * k.height * 4);
  // The grid's per-pixel motion (two float32 a pixel), then the spans.
  const motionAt = kBytes + lBytes + outBytes;
  const motionLength = k.width * k.height * 2;
  const spansAt = motionAt + align(motionLength * 4);
  // Room for one span per cell row and one per pixel of a tenth of the picture; more grows.
  const spanBytes =
    (Math.ceil((k.width * k.height) / 10) + k.height * Math.ceil(k.width / 8)) * SPAN * 4;
  let memory: WebAssembly.Memory;
  try {
    memory = new WebAssembly.Memory({ initial: Math.ceil((spansAt + spanBytes) / PAGE) });
  } catch {
    return null;
  }
  const kernel: SimdRun | null = simdKernel(memory);
  if (!kernel) return null;
  const kp = pad(k.data, k.width, k.height, new Int32Array(memory.buffer, 0, kBytes >> 2));
  const lp = pad(l.data, l.width, l.height, new Int32Array(memory.buffer, kBytes, lBytes >> 2));
  const spans = new MemorySpans(memory, spansAt);
  const outAt = kBytes + lBytes;
  let image: RgbaImage = { width: k.width, height: k.height, data: new Uint8ClampedArray(0) };
  return {
    k: kp,
    l: lp,
    spans,
    simd: true,
    run(tw) {
      kernel(
        spans.offset,
        spans.count,
        0,
        kp.stride * 4,
        kBytes,
        lp.stride * 4,
        outAt,
        128 - tw,
        tw,
      );
      if (image.data.buffer !== memory.buffer) {
        image = {
          width: k.width,
          height: k.height,
          data: new Uint8ClampedArray(memory.buffer, outAt, k.width * k.height * 4),
        };
      }
      return image;
    },
    bind(grid) {
      if (grid.pmap.length !== motionLength) return;
      const place = () => new Float32Array(memory.buffer, motionAt, motionLength);
      place().set(grid.pmap);
      grid.pmap = place();
      spans.grown = () => {
        grid.pmap = place();
      };
      spans.motion = motionAt;
    },
  };
}
