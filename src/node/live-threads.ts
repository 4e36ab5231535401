/**
 * The improved engine's in-between on two threads (decision 360): this
 * thread makes the top band of rows, a worker thread with its own
 * WebAssembly instance the bottom band into shared memory, and the bands
 * are joined; the bytes are those of one thread (decision 359). The engine
 * (src/live) stays single-threaded and pure; the threads are this edge's.
 */
import type { Worker } from "node:worker_threads";
import { ImprovedMorph, pairFit } from "../live/improved/index.js";
import type { EngineFrame, RgbaImage } from "../live/index.js";
import { startWorker } from "./worker-entry.js";

/** The control words (Int32) in the shared control buffer, and where t (a float64) is. */
export const ASKED = 0;
export const DONE = 1;
export const T_AT = 16;
/** ASKED to end the worker's loop; DONE when its band failed. */
export const STOP = -1;
export const FAILED = -2;
/** Longest wait for the worker's band (ms) before the in-between fails. */
const WAIT_MS = 10_000;

/** What the worker is sent once: copies of the frames, the pair's fit, its band and the shared memory. */
export interface BandJob {
  readonly k: EngineFrame;
  readonly l: EngineFrame;
  readonly fit: object;
  readonly from: number;
  readonly to: number;
  readonly control: SharedArrayBuffer;
  readonly out: SharedArrayBuffer;
}

/** One K → L pair's in-betweens made on two threads; `close` ends the worker. */
export class TwoThreadMorph {
  private asked = 0;
  private readonly control: Int32Array;
  private readonly t: Float64Array;
  private readonly band: Uint8Array;

  private constructor(
    private readonly morph: ImprovedMorph,
    private readonly worker: Worker,
    control: SharedArrayBuffer,
    out: SharedArrayBuffer,
    /** The first row of the worker's band. */
    readonly split: number,
  ) {
    this.control = new Int32Array(control, 0, 4);
    this.t = new Float64Array(control, T_AT, 1);
    this.band = new Uint8Array(out);
  }

  /**
   * Fits the pair here (or takes its kept fit), starts the worker with a copy
   * of the frames and the fit and waits until it is ready. `split` is the
   * first row of the worker's band (a multiple of 16, so of every cell size).
   */
  static async open(
    k: EngineFrame,
    l: EngineFrame,
    split = Math.round(k.image.height / 32) * 16,
  ): Promise<TwoThreadMorph> {
    const { width, height } = k.image;
    if (split % 16 !== 0 || split <= 0 || split >= height) {
      throw new Error(`a band split at row ${split} is not a multiple of 16 inside the picture`);
    }
    const morph = new ImprovedMorph(k, l);
    morph.rows(0, split);
    const control = new SharedArrayBuffer(T_AT + 8);
    const out = new SharedArrayBuffer((height - split) * width * 4);
    const job: BandJob = {
      k,
      l,
      fit: pairFit(k, l).fit,
      from: split,
      to: height,
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
    return new TwoThreadMorph(morph, worker, control, out, split);
  }

  /** Control points at the last in-between's t, parallel to the frames' names. */
  get points(): Float64Array {
    return this.morph.points;
  }

  /** The in-between at time t; the picture is valid until the next call. */
  inbetween(t: number): RgbaImage {
    const { control } = this;
    const asked = (this.asked % 0x3fffffff) + 1;
    this.asked = asked;
    this.t[0] = t;
    Atomics.store(control, ASKED, asked);
    Atomics.notify(control, ASKED);
    this.morph.prepare(t);
    const image = this.morph.render();
    for (;;) {
      const done = Atomics.load(control, DONE);
      if (done === asked) break;
      if (done === FAILED) throw new Error("the band worker failed");
      if (Atomics.wait(control, DONE, done, WAIT_MS) === "timed-out") {
        throw new Error("the band worker did not answer");
      }
    }
    image.data.set(this.band, this.split * image.width * 4);
    return image;
  }

  /** Ends the worker. */
  async close(): Promise<void> {
    Atomics.store(this.control, ASKED, STOP);
    Atomics.notify(this.control, ASKED);
    await this.worker.terminate();
  }
}
