/**
 * The improved engine's in-between on two threads (decision 360): this
 * thread makes the field's cells before a split, a worker thread with its
 * own WebAssembly instance those from it on (row by row, so the split may
 * fall part of the way along a row of cells) into shared memory, and the
 * bands are joined; the bytes are those of one thread (decisions 359, 396).
 * Without a split asked for, the one whose slower band took least is
 * measured when the pair is opened (decision 396). The engine (src/live)
 * stays single-threaded and pure; the threads are this edge's.
 */
import type { Worker } from "node:worker_threads";
import { ImprovedMorph, pairFit } from "../live/improved/index.js";
import type { EngineFrame, RgbaImage } from "../live/index.js";
import { startWorker } from "./worker-entry.js";

/** The control words (Int32) in the shared control buffer, and where t (a float64) is. */
export const ASKED = 0;
export const DONE = 1;
/** The worker's first cell for the in-between asked (it may move between in-betweens; decision 397). */
export const SPLIT = 2;
export const T_AT = 16;
/** ASKED to end the worker's loop; DONE when its band failed. */
export const STOP = -1;
export const FAILED = -2;
/** Longest wait for the worker's band (ms) before the in-between fails. */
const WAIT_MS = 10_000;
/** A wait for the worker's band this short (ms) leaves the split where it is. */
const BALANCED_MS = 0.05;

/**
 * The next in-between's split (the worker's first cell) after one made at
 * `cell` (decision 397): a cell more for this thread when it waited for the
 * worker longer than BALANCED_MS (`waitMs`), a cell less when it did not
 * wait at all (`waitMs` < 0), kept inside 1 … `cellCount` − 1.
 */
export function nextSplit(cell: number, waitMs: number, cellCount: number): number {
  if (waitMs < 0) return Math.max(cell - 1, 1);
  if (waitMs > BALANCED_MS) return Math.min(cell + 1, cellCount - 1);
  return cell;
}

/** How long (ms) a thread polls a control word before it sleeps on it (decision 398). */
export const SPIN_MS = 1;

/**
 * Polls `control[index]` for up to SPIN_MS while it still equals `value`;
 * true when it changed meanwhile (no sleep, so no wake-up to wait for).
 */
export function spinWhile(control: Int32Array, index: number, value: number): boolean {
  const end = performance.now() + SPIN_MS;
  for (let k = 0; ; k++) {
    if (Atomics.load(control, index) !== value) return true;
    if ((k & 63) === 63 && performance.now() > end) return false;
  }
}

/** What the worker is sent once: copies of the frames, the pair's fit, its band and the shared memory. */
export interface BandJob {
  readonly k: EngineFrame;
  readonly l: EngineFrame;
  readonly fit: object;
  /** The worker's first cell at the start (raster index; then control[SPLIT] says). */
  readonly cell: number;
  readonly control: SharedArrayBuffer;
  /** Whole rows of pixels from the first row of the worker's first cell on (room for the whole picture). */
  readonly out: SharedArrayBuffer;
}

/**
 * Copies the pixels of the cells from raster index `cell` on (`columns`
 * cells of `size` pixels a row) between a width × height RGBA `picture`
 * and `rows`, whole rows of pixels from that cell's first row on: into
 * `rows` when `pack`, else back into `picture`.
 */
export function copyCells(
  picture: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  size: number,
  columns: number,
  cell: number,
  rows: Uint8Array,
  pack: boolean,
): void {
  const y0 = Math.floor(cell / columns) * size;
  const first = Math.min((cell % columns) * size, width);
  for (let y = y0; y < height; y++) {
    const x0 = y < y0 + size ? first : 0;
    const at = (y * width + x0) * 4;
    const end = (y + 1) * width * 4;
    const o = at - y0 * width * 4;
    if (pack) rows.set(picture.subarray(at, end), o);
    else picture.set(rows.subarray(o, o + end - at), at);
  }
}

/**
 * The worker's first cell whose slower band takes least on this thread:
 * rows of cells at the middle and one either side, split at 0, ¼, ½ and ¾
 * of the row, each band timed (the best of `rounds` in-betweens at
 * t = 0.5; wall time, whose best is the one least disturbed by other work).
 */
export function measureSplit(k: EngineFrame, l: EngineFrame, rounds = 3): number {
  const morph = new ImprovedMorph(k, l);
  const columns = morph.cellColumns;
  const rows = Math.ceil(k.image.height / morph.cellSize);
  const cells = columns * rows;
  const time = (from: number, to: number) => {
    morph.cells(from, to);
    let best = Infinity;
    for (let r = 0; r < rounds; r++) {
      const start = performance.now();
      morph.prepare(0.5);
      morph.render();
      best = Math.min(best, performance.now() - start);
    }
    return best;
  };
  time(0, cells);
  const middle = Math.round(rows / 2);
  let chosen = middle * columns;
  let least = Infinity;
  for (const row of [middle - 1, middle, middle + 1]) {
    for (const part of [0, 0.25, 0.5, 0.75]) {
      const cell = row * columns + Math.round(part * columns);
      if (cell <= 0 || cell >= cells) continue;
      const slower = Math.max(time(0, cell), time(cell, cells));
      if (slower < least) {
        least = slower;
        chosen = cell;
      }
    }
  }
  return chosen;
}

/** One K → L pair's in-betweens made on two threads; `close` ends the worker. */
export class TwoThreadMorph {
  private asked = 0;
  private readonly control: Int32Array;
  private readonly t: Float64Array;
  private readonly band: Uint8Array;
  private readonly cellCount: number;

  private constructor(
    private readonly morph: ImprovedMorph,
    private readonly worker: Worker,
    control: SharedArrayBuffer,
    out: SharedArrayBuffer,
    /** The worker's first cell (raster index of the field's cells, `morph.cellSize` pixels square). */
    private cell: number,
  ) {
    this.control = new Int32Array(control, 0, 4);
    this.t = new Float64Array(control, T_AT, 1);
    this.band = new Uint8Array(out);
    this.cellCount = morph.cellColumns * Math.ceil(morph.height / morph.cellSize);
  }

  /** The worker's first cell for the next in-between (decision 397: it follows the bands' times). */
  get split(): number {
    return this.cell;
  }

  /**
   * Fits the pair here (or takes its kept fit), starts the worker with a copy
   * of the frames and the fit and waits until it is ready. `split` says
   * where the worker's band starts: a number is a row of pixels (a multiple
   * of 16, so of every cell size), `{ cell }` the raster index of a cell;
   * without it the split is measured (`measureSplit`, decision 396).
   */
  static async open(
    k: EngineFrame,
    l: EngineFrame,
    split?: number | { readonly cell: number },
  ): Promise<TwoThreadMorph> {
    const { width, height } = k.image;
    const morph = new ImprovedMorph(k, l);
    const columns = morph.cellColumns;
    const cells = columns * Math.ceil(height / morph.cellSize);
    if (typeof split === "number" && (split % 16 !== 0 || split <= 0 || split >= height)) {
      throw new Error(`a band split at row ${split} is not a multiple of 16 inside the picture`);
    }
    const cell =
      split === undefined
        ? measureSplit(k, l)
        : typeof split === "number"
          ? (split / morph.cellSize) * columns
          : split.cell;
    if (!Number.isInteger(cell) || cell <= 0 || cell >= cells) {
      throw new Error(`a band split at cell ${cell} is not inside the picture`);
    }
    morph.cells(0, cell);
    const control = new SharedArrayBuffer(T_AT + 8);
    const out = new SharedArrayBuffer(height * width * 4);
    const job: BandJob = {
      k,
      l,
      fit: pairFit(k, l).fit,
      cell,
      control,
      out,
    };
    const worker = startWorker(import.meta.url, "live-band-worker");
    await new Promise<void>((resolve, reject) => {
      worker.once("message", (m: { ready?: boolean; error?: string }) =>
        m.ready ? resolve() : reject(new Error(m.error ?? "the band worker failed")),
      );
      worker.once("error", reject);
      worker.once("exit", () => reject(new Error("the band worker exited")));
      worker.postMessage(job);
    });
    worker.removeAllListeners();
    worker.on("error", () => {});
    return new TwoThreadMorph(morph, worker, control, out, cell);
  }

  /** Control points at the last in-between's t, parallel to the frames' names. */
  get points(): Float64Array {
    return this.morph.points;
  }

  /** The in-between at time t; the picture is valid until the next call. */
  inbetween(t: number): RgbaImage {
    const { control, morph, cell } = this;
    const asked = (this.asked % 0x3fffffff) + 1;
    this.asked = asked;
    this.t[0] = t;
    morph.cells(0, cell);
    Atomics.store(control, SPLIT, cell);
    Atomics.store(control, ASKED, asked);
    Atomics.notify(control, ASKED);
    morph.prepare(t);
    const image = morph.render();
    const start = performance.now();
    let waited = false;
    for (;;) {
      const done = Atomics.load(control, DONE);
      if (done === asked) break;
      if (done === FAILED) throw new Error("the band worker failed");
      waited = true;
      if (spinWhile(control, DONE, done)) continue;
      if (Atomics.wait(control, DONE, done, WAIT_MS) === "timed-out") {
        throw new Error("the band worker did not answer");
      }
    }
    // The next in-between's split follows the bands' times (decision 397): a cell less for
    // the worker when this thread waited more than a little, a cell more when it did not wait.
    this.cell = nextSplit(cell, waited ? performance.now() - start : -1, this.cellCount);
    copyCells(
      image.data,
      image.width,
      image.height,
      morph.cellSize,
      morph.cellColumns,
      cell,
      this.band,
      false,
    );
    return image;
  }

  /** Ends the worker. */
  async close(): Promise<void> {
    Atomics.store(this.control, ASKED, STOP);
    Atomics.notify(this.control, ASKED);
    await this.worker.terminate();
  }
}
