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
import { CutBands } from "./bands.js";
import { FieldEvaluator } from "./field.js";
import { FieldGeometry } from "./geometry.js";
import { FieldGrid } from "./grid.js";
import { type FlowWasm, flowWasm } from "./invert-wasm.js";
import { RefinedFlow } from "./refine.js";
import { jsRenderer, type Renderer, simdRenderer } from "./renderer.js";
import { Openings, StillPixels } from "./still.js";
import { buildSpans, writeMaps } from "./warp.js";

/** What fitting a K → L pair made: its refined flow (null when not asked for) and its still pixels. */
interface Fit {
  readonly refined: RefinedFlow | null;
  readonly still: StillPixels;
}

/**
 * Fits kept per pair of frames (the same objects) and per `refine` flag: a
 * transition that recurs between the same key frames (a blink, the smile
 * back) starts without fitting again. Both parts are read-only once made;
 * the entries go with the frames (a player's key frames live as long as it).
 */
const FITS = new WeakMap<EngineFrame, WeakMap<EngineFrame, Map<boolean, Fit>>>();
let fitsMade = 0;

/** How many pair fits this module has made (tests see that a recurring pair is not fitted again). */
export const fitCount = (): number => fitsMade;

/** The morph between two key frames at any t: the engine's working part, also used by the bench and tests. */
export class ImprovedMorph {
  readonly width: number;
  readonly height: number;
  private readonly geometry: FieldGeometry;
  private readonly grid: FieldGrid;
  private readonly renderer: Renderer;
  /** Control points at the last `prepare`'s t, parallel to the frames' names. */
  readonly points: Float64Array;
  private readonly k: EngineFrame;
  private readonly l: EngineFrame;
  private t = 0;
  private refined: RefinedFlow | null;
  private readonly still: StillPixels;
  private readonly openings: Openings;
  private readonly bands: CutBands | null;
  /** The refined flow's inversion's numbers (RefinedFlow.invert). */
  private readonly io = new Float64Array(5);
  /** The same inversion in WebAssembly (invert-wasm.ts); null without the flow or WebAssembly, or with `simd: false`. */
  private readonly inverter: FlowWasm | null;

  /**
   * `simd: false` runs the JavaScript kernel and flow inversion even where WebAssembly SIMD is
   * available; `refine: false` leaves out the refined flow and `bands: false`
   * the cuts' bands (decision 367), for the control points' field alone.
   */
  constructor(
    k: EngineFrame,
    l: EngineFrame,
    options: {
      readonly simd?: boolean;
      readonly refine?: boolean;
      readonly bands?: boolean;
    } = {},
  ) {
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
    this.renderer =
      (options.simd !== false ? simdRenderer(k.image, l.image) : null) ??
      jsRenderer(k.image, l.image);
    this.renderer.bind(this.grid);
    this.points = new Float64Array(k.points.length);
    this.bands = options.bands === false ? null : new CutBands(k);
    this.refined = null;
    const fit = this.fit(options.refine !== false);
    this.refined = fit.refined;
    this.still = fit.still;
    this.openings = new Openings(k, l);
    const { cell, nodes } = this.grid;
    this.inverter =
      this.refined && options.simd !== false
        ? flowWasm(this.refined, cell, nodes.length / 2)
        : null;
  }

  /** This pair's fit, made once per pair of frames and `refine` flag (see {@link FITS}). */
  private fit(refine: boolean): Fit {
    const { k, l } = this;
    let byL = FITS.get(k);
    if (!byL) {
      byL = new WeakMap();
      FITS.set(k, byL);
    }
    let byFlag = byL.get(l);
    if (!byFlag) {
      byFlag = new Map();
      byL.set(l, byFlag);
    }
    const known = byFlag.get(refine);
    if (known) return known;
    const initial = this.initialFlow();
    const made: Fit = {
      refined: refine ? new RefinedFlow(k, l, initial) : null,
      still: new StillPixels(k.image, l.image, (q) =>
        Math.hypot(initial[2 * q]!, initial[2 * q + 1]!),
      ),
    };
    byFlag.set(refine, made);
    fitsMade++;
    return made;
  }

  /** The control points' field as a flow per pixel at t = 0 (x, y interleaved), before any refinement. */
  private initialFlow(): Float32Array {
    const { width, height } = this;
    const n = width * height;
    const planes = [0, 1, 2, 3].map(() => new Float32Array(n));
    this.prepare(0);
    this.maps(planes[0]!, planes[1]!, planes[2]!, planes[3]!);
    const initial = new Float32Array(2 * n);
    for (let q = 0; q < n; q++) {
      initial[2 * q] = planes[2]![q]! - (q % width);
      initial[2 * q + 1] = planes[3]![q]! - Math.floor(q / width);
    }
    return initial;
  }

  /** Replaces the field's motion by the refined flow's wherever no cut is near. */
  private applyRefined(): void {
    const { refined, grid, t, io, inverter } = this;
    if (!refined) return;
    const { nodes, ncx, kind, pmap, cell, width, height, evaluated, rowFrom, rowTo } = grid;
    const { needed } = grid;
    if (inverter) inverter.nodes(grid, t);
    else {
      for (let j = rowFrom; j <= rowTo; j++) {
        for (let i = 0; i <= ncx; i++) {
          if (!needed[j * (ncx + 1) + i]) continue;
          const o = (j * (ncx + 1) + i) * 2;
          // A node the field was not evaluated at starts the flow's inversion from no motion;
          // where that meets a cut's frozen nodes, from the field as everywhere else (decision 358).
          if (!evaluated[j * (ncx + 1) + i]) {
            io[2] = 0;
            nodes[o] = 0;
            nodes[o + 1] = 0;
            if (this.invertAt(i * cell, j * cell, nodes, o)) {
              io[2] = t;
              if (this.invertAt(i * cell, j * cell, nodes, o)) continue;
            }
            grid.evalNode(i, j);
          }
          io[2] = t;
          this.invertAt(i * cell, j * cell, nodes, o);
        }
      }
    }
    io[2] = t;
    for (let cy = rowFrom; cy < rowTo; cy++) {
      for (let cx = grid.colFrom(cy); cx < grid.colTo(cy); cx++) {
        if (kind[cy * ncx + cx] === 0) continue;
        if (this.frozenCell(cx, cy)) continue;
        if (inverter) {
          const x = cx * cell;
          const y = cy * cell;
          inverter.cell(
            pmap,
            width,
            x,
            y,
            Math.min(cell, width - x),
            Math.min(cell, height - y),
            t,
          );
          continue;
        }
        for (let y = cy * cell; y < Math.min((cy + 1) * cell, height); y++) {
          for (let x = cx * cell; x < Math.min((cx + 1) * cell, width); x++) {
            this.invertAt(x, y, pmap, 2 * (y * width + x));
          }
        }
      }
    }
  }

  /**
   * The refined flow's motion at (x, y) at time io[2], from the guess
   * buf[o], buf[o + 1], written there; false (nothing written) where the
   * flow cannot serve. The numbers travel in `io`: a call passing them
   * would box each (decision 395).
   */
  private invertAt(x: number, y: number, buf: Float64Array | Float32Array, o: number): boolean {
    const { io } = this;
    io[0] = x;
    io[1] = y;
    io[3] = buf[o]!;
    io[4] = buf[o + 1]!;
    if (!this.refined!.invert(io)) return false;
    buf[o] = io[3]!;
    buf[o + 1] = io[4]!;
    return true;
  }

  /**
   * Whether the refined flow serves no pixel of special cell (cx, cy): the
   * first look of every pixel's inversion (v − t·u, u its field motion)
   * lands where a cut froze the flow, so none is asked (the same bytes).
   */
  private frozenCell(cx: number, cy: number): boolean {
    const { grid, t } = this;
    const { pmap, cell, width, height } = grid;
    // One pixel's first look in an open flow cell: every box of them holds it (decision 414).
    const mx = Math.min(cx * cell + (cell >> 1), width - 1);
    const my = Math.min(cy * cell + (cell >> 1), height - 1);
    const ax = mx - t * pmap[2 * (my * width + mx)]!;
    const ay = my - t * pmap[2 * (my * width + mx) + 1]!;
    if (!this.refined!.frozenIn(ax, ay, ax, ay)) return false;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let y = cy * cell; y < Math.min((cy + 1) * cell, height); y++) {
      for (let x = cx * cell; x < Math.min((cx + 1) * cell, width); x++) {
        const q = 2 * (y * width + x);
        const sx = x - t * pmap[q]!;
        const sy = y - t * pmap[q + 1]!;
        if (Number.isNaN(sx) || Number.isNaN(sy)) return false;
        if (sx < x0) x0 = sx;
        if (sx > x1) x1 = sx;
        if (sy < y0) y0 = sy;
        if (sy > y1) y1 = sy;
      }
    }
    return this.refined!.frozenIn(x0, y0, x1, y1);
  }

  /** Whether the WebAssembly SIMD kernel renders. */
  get simd(): boolean {
    return this.renderer.simd;
  }

  /** Computes the field at time t (0 = K, 1 = L) and the control points. */
  prepare(t: number): void {
    this.t = t;
    const { k, l, points } = this;
    for (let i = 0; i < points.length; i++) points[i] = (1 - t) * k.points[i]! + t * l.points[i]!;
    this.geometry.update(t);
    this.grid.compute(this.refined !== null);
    this.applyRefined();
    this.bands?.apply(this.grid, l, points);
  }

  /** Renders the in-between of the last `prepare`; the picture is valid until the next render. */
  render(): RgbaImage {
    const { renderer } = this;
    const tw = Math.round(this.t * 128);
    // Listed runs (decision 393) where both masses are in [0, 128], as the SIMD kernel's fours need.
    buildSpans(this.grid, renderer.k, renderer.l, this.t, renderer.spans, tw >= 0 && tw <= 128);
    const image = renderer.run(tw);
    const { grid, width, height } = this;
    const { rowFrom, rowTo, cell } = grid;
    const { data } = image;
    const words = new Int32Array(data.buffer, data.byteOffset, data.length >> 2);
    // The openings and still pixels of the cells made: rectangles of cell rows with the same columns.
    for (let cy = rowFrom; cy < rowTo; ) {
      const from = grid.colFrom(cy);
      const to = grid.colTo(cy);
      let next = cy + 1;
      while (next < rowTo && grid.colFrom(next) === from && grid.colTo(next) === to) next++;
      const y0 = cy * cell;
      const y1 = Math.min(next * cell, height);
      const x0 = from * cell;
      const x1 = Math.min(to * cell, width);
      this.openings.apply(this.t, this.points, data, y0, y1, x0, x1);
      if (x0 === 0 && x1 === width) this.still.apply(words, y0 * width, y1 * width);
      else for (let y = y0; y < y1; y++) this.still.apply(words, y * width + x0, y * width + x1);
      cy = next;
    }
    return image;
  }

  /**
   * From now on `prepare` and `render` make only the rows of pixels
   * [from, to) of the in-between (rounded out to whole rows of the field's
   * cells); the picture's other rows are left as they were. Two threads
   * each make one band of the same in-between this way (src/node/live-threads.ts);
   * the band's bytes are those of the whole in-between.
   */
  rows(from: number, to: number): void {
    const { cell } = this.grid;
    this.grid.setRows(Math.floor(from / cell), Math.ceil(to / cell));
  }

  /** The side of the field's square cells (pixels), the unit of {@link cells}. */
  get cellSize(): number {
    return this.grid.cell;
  }

  /** The field's cells per row of cells. */
  get cellColumns(): number {
    return this.grid.ncx;
  }

  /**
   * From now on `prepare` and `render` make only the field's cells of
   * raster index [from, to) (row by row, left to right; cellSize pixels
   * square): a band of rows that may start and end part of the way along a
   * row, so two threads can split an in-between where its work balances
   * (decision 396). The band's bytes are those of the whole in-between.
   */
  cells(from: number, to: number): void {
    this.grid.setCells(from, to);
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
      next(counter: number, fraction?: number): Inbetween {
        morph.prepare(fraction ?? (steps - counter) / steps);
        return { image: morph.render(), points: Float64Array.from(morph.points) };
      },
    };
  },
};

/**
 * Fits made on another thread (the studio's fit worker, web/src/live/): a
 * worker calls {@link pairFit} on copies of the two frames and posts the
 * result; the page calls {@link adoptFit} with what arrived, and the
 * engine's `begin` for the page's own frames then does no fitting.
 */

/** Whether the pair's refined fit is made (or adopted): `begin` on it then fits nothing. */
export function hasFit(k: EngineFrame, l: EngineFrame): boolean {
  return FITS.get(k)?.get(l)?.has(true) ?? false;
}

/**
 * The pair's refined fit (made here if needed) as plain data to post — its
 * members' own fields, typed arrays and numbers — and the buffers to transfer.
 */
export function pairFit(k: EngineFrame, l: EngineFrame): { fit: object; transfer: ArrayBuffer[] } {
  if (!hasFit(k, l)) new ImprovedMorph(k, l);
  const fit = FITS.get(k)!.get(l)!.get(true)!;
  const transfer = new Set<ArrayBuffer>();
  for (const part of [fit.refined, fit.still])
    for (const v of Object.values(part ?? {}))
      if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) transfer.add(v.buffer);
  return { fit, transfer: [...transfer] };
}

/** Takes a fit {@link pairFit} made for the same pictures and points elsewhere (structured-cloned). */
export function adoptFit(k: EngineFrame, l: EngineFrame, posted: object): void {
  const fit = posted as Fit;
  if (fit.refined) Object.setPrototypeOf(fit.refined, RefinedFlow.prototype);
  Object.setPrototypeOf(fit.still, StillPixels.prototype);
  const byL = FITS.get(k) ?? new WeakMap<EngineFrame, Map<boolean, Fit>>();
  FITS.set(k, byL);
  const byFlag = byL.get(l) ?? new Map<boolean, Fit>();
  byL.set(l, byFlag);
  byFlag.set(true, fit);
}
