/**
 * The worker thread of {@link readAgrFile}: reads the frames of an `.agr`
 * text from a byte offset to the end of a shared buffer and posts them back
 * (the values' buffer transferred, not copied).
 */
import { parentPort } from "node:worker_threads";
import { readFrameRun } from "../mixed/agr/index.js";

/** One job: the file's bytes (shared) and where the frames to read begin. */
export interface AgrFramesJob {
  readonly id: number;
  readonly buffer: SharedArrayBuffer;
  /** Where the file's bytes begin in the buffer, and how many there are. */
  readonly offset: number;
  readonly length: number;
  readonly start: number;
}

/** The answer: the run's arrays, or none when the run is not clean. */
export interface AgrFramesAnswer {
  readonly id: number;
  readonly run?: { times: Float64Array; values: Float32Array; perFrame: number };
}

parentPort?.on("message", (job: AgrFramesJob) => {
  let answer: AgrFramesAnswer = { id: job.id };
  let transfer: ArrayBuffer[] = [];
  try {
    const run = readFrameRun(new Uint8Array(job.buffer, job.offset, job.length), job.start);
    if (run) {
      answer = { id: job.id, run };
      transfer = [run.values.buffer as ArrayBuffer, run.times.buffer as ArrayBuffer];
    }
  } catch {
    // An answer without a run: the caller reads the file in one pass.
  }
  parentPort?.postMessage(answer, transfer);
});
