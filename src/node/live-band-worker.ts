/**
 * The worker thread of {@link TwoThreadMorph} (live-threads.ts): makes its
 * band of cells of each in-between the page's thread asks for, into shared
 * memory, and says when it is done; both sides wait on the shared control
 * words (Atomics), so an in-between costs no message.
 */
import { parentPort } from "node:worker_threads";
import { adoptFit, ImprovedMorph } from "../live/improved/index.js";
import type { BandJob } from "./live-threads.js";
import { ASKED, copyCells, DONE, FAILED, SPLIT, STOP, spinWhile, T_AT } from "./live-threads.js";

parentPort?.once("message", (job: BandJob) => {
  const control = new Int32Array(job.control, 0, 4);
  const t = new Float64Array(job.control, T_AT, 1);
  let morph: ImprovedMorph;
  try {
    adoptFit(job.k, job.l, job.fit);
    morph = new ImprovedMorph(job.k, job.l);
    morph.cells(job.cell, Infinity);
  } catch (e) {
    parentPort?.postMessage({ error: String(e) });
    return;
  }
  const out = new Uint8Array(job.out);
  const { width, height } = job.k.image;
  parentPort?.postMessage({ ready: true });
  let seen = 0;
  for (;;) {
    if (!spinWhile(control, ASKED, seen)) Atomics.wait(control, ASKED, seen);
    const asked = Atomics.load(control, ASKED);
    if (asked === STOP) break;
    seen = asked;
    try {
      const cell = Atomics.load(control, SPLIT);
      morph.cells(cell, Infinity);
      morph.prepare(t[0]!);
      const { data } = morph.render();
      copyCells(data, width, height, morph.cellSize, morph.cellColumns, cell, out, true);
      Atomics.store(control, DONE, asked);
    } catch {
      Atomics.store(control, DONE, FAILED);
    }
    Atomics.notify(control, DONE);
  }
});
