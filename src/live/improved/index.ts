/**
 * The improved in-between engine (docs/live-engines.md, "Improved engine"):
 * every in-between is made directly from K and L at t = n/(inbetweens + 1),
 * n = inbetweens + 1 − counter, by a two-sided backward warp — K warped
 * forward by t, L warped back by 1 − t, with an affine moving-least-squares
 * field whose weights respect the cuts — and a cross-dissolve
 * (1 − t)·K′ + t·L′. No holes (every pixel is looked up), no accumulated
 * blur (nothing is resampled twice), and the last in-between is one step
 * from L. Buffers are allocated in `begin` and reused by `next`.
 */
import type { Engine, EngineFrame, EngineParams, Inbetween, Transition } from "../engine.js";
import type { RgbaImage } from "../image.js";
import { FieldEvaluator } from "./field.js";
import { FieldGeometry } from "./geometry.js";
import { FieldGrid } from "./grid.js";
import { type Padded, pad, paddedLength } from "./sample.js";
import { buildSpans, runSpans, Spans, writeMaps } from "./warp.js";

/** The morph between two key frames at any t: the engine's working part, also used by the bench and tests. */
export class ImprovedMorph {
  readonly width: number;
  readonly height: number;
  private readonly geometry: FieldGeometry;
  private readonly grid: FieldGrid;
  private readonly kw: Padded;
  private readonly lw: Padded;
  private readonly spans = new Spans();
  private readonly out: Int32Array;
  /** The in-between picture; rewritten by each `render`. */
  readonly image: RgbaImage;
  /** Control points at the last `prepare`'s t, parallel to the frames' names. */
  readonly points: Float64Array;
  private readonly k: EngineFrame;
  private readonly l: EngineFrame;
  private t = 0;

  constructor(k: EngineFrame, l: EngineFrame) {
    this.k = k;
    this.l = l;
    this.width = k.image.width;
    this.height = k.image.height;
    this.geometry = new FieldGeometry(k, l, this.width, this.height);
    this.grid = new FieldGrid(
      this.geometry,
      new FieldEvaluator(this.geometry),
      this.width,
      this.height,
    );
    const kw = k.image.width;
    const kh = k.image.height;
    const lw = l.image.width;
    const lh = l.image.height;
    this.kw = pad(k.image.data, kw, kh, new Int32Array(paddedLength(kw, kh)));
    this.lw = pad(l.image.data, lw, lh, new Int32Array(paddedLength(lw, lh)));
    const data = new Uint8ClampedArray(this.width * this.height * 4);
    this.image = { width: this.width, height: this.height, data };
    this.out = new Int32Array(data.buffer);
    this.points = new Float64Array(k.points.length);
  }

  /** Computes the field at time t (0 = K, 1 = L) and the control points. */
  prepare(t: number): void {
    this.t = t;
    const { k, l, points } = this;
    for (let i = 0; i < points.length; i++) points[i] = (1 - t) * k.points[i]! + t * l.points[i]!;
    this.geometry.update(t);
    this.grid.compute();
  }

  /** Renders the in-between of the last `prepare` into `image`. */
  render(): RgbaImage {
    buildSpans(this.grid, this.kw, this.lw, this.t, this.spans);
    runSpans(this.spans, this.kw, this.lw, Math.round(this.t * 128), this.out);
    return this.image;
  }

  /** The per-pixel sources in K and L of the last `prepare` (four planes, width × height). */
  maps(xk: Float32Array, yk: Float32Array, xl: Float32Array, yl: Float32Array): void {
    writeMaps(this.grid, this.t, xk, yk, xl, yl);
  }
}

/** The improved engine. */
export const IMPROVED_ENGINE: Engine = {
  name: "improved",
  begin(k: EngineFrame, l: EngineFrame, params: EngineParams): Transition {
    const morph = new ImprovedMorph(k, l);
    const steps = params.inbetweens + 1;
    return {
      next(counter: number): Inbetween {
        morph.prepare((steps - counter) / steps);
        return { image: morph.render(), points: Float64Array.from(morph.points) };
      },
    };
  },
};
