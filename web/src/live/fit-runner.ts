/**
 * The page's side of the fit worker (decision 335): one worker per page,
 * started at the first pair to fit, bundled inline (a Blob URL of code in
 * the bundle: the player stays one file that works from file:// with the
 * network blocked). Requests are answered in order; a fit arrives adopted
 * into the engine's cache for the page's own frames.
 */
import { adoptFit, type EngineFrame } from "../../../src/live/index.js";
import type { FitReply, FitRequest } from "./fit-worker.js";
import FitWorker from "./fit-worker.ts?worker&inline";
import type { FitRunner } from "./off-thread-fit.js";

interface Waiting {
  readonly k: EngineFrame;
  readonly l: EngineFrame;
  readonly done: (error?: string) => void;
}

let worker: Worker | undefined;
let broken = false;
let nextId = 0;
const waiting = new Map<number, Waiting>();

/** Fails every request still waiting (the worker died or could not start). */
function failAll(why: string): void {
  broken = true;
  worker?.terminate();
  worker = undefined;
  for (const w of waiting.values()) w.done(why);
  waiting.clear();
}

function started(): Worker {
  if (worker) return worker;
  const w = new FitWorker();
  w.onmessage = (e: MessageEvent<FitReply>) => {
    const reply = e.data;
    const w8 = waiting.get(reply.id);
    if (!w8) return;
    waiting.delete(reply.id);
    if ("error" in reply) return w8.done(reply.error);
    adoptFit(w8.k, w8.l, reply.fit);
    w8.done();
  };
  w.onerror = (e) => {
    e.preventDefault();
    failAll(e.message || "the fit worker failed");
  };
  worker = w;
  return w;
}

/**
 * The worker's runner; undefined where there are no workers (then pairs are
 * fitted on the page's thread). `pending` hears how many fits are on their
 * way whenever that changes, so the page can say that classic in-betweens
 * stand in meanwhile.
 */
export function workerFits(pending: (n: number) => void = () => {}): FitRunner | undefined {
  if (typeof Worker === "undefined" || broken) return undefined;
  let out = 0;
  const count = (d: number) => {
    out += d;
    pending(out);
  };
  return {
    fit(k, l) {
      count(1);
      return workerFit(k, l).finally(() => count(-1));
    },
  };
}

/** One fit asked of the worker: resolves once it is adopted here. */
function workerFit(k: EngineFrame, l: EngineFrame): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (broken) return reject(new Error("the fit worker failed"));
    const id = nextId++;
    waiting.set(id, { k, l, done: (error) => (error ? reject(new Error(error)) : resolve()) });
    try {
      const request: FitRequest = { id, k, l };
      started().postMessage(request);
    } catch (e) {
      failAll((e as Error).message);
    }
  });
}
