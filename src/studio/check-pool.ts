/**
 * The studio's check pool: `GET /api/check` reads, decodes and checks files
 * in worker threads (node:worker_threads), never on the server's thread, so a
 * hostile file (a PNG bomb, a series naming one large file thousands of
 * times) slows its own check, not the server. Each check has budgets: time
 * (the worker is stopped), heap (the worker's `resourceLimits`) and the
 * process's resident memory (a watchdog stops the longest-running check); a
 * check over one is answered as "too large to check here" and its worker is
 * replaced. Jobs wait in a queue while every worker is busy.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { CheckAnswer, CheckJob } from "./check-worker.js";

/** Budgets of the pool (times in ms). */
export interface CheckBudgets {
  /** Worker threads (default: the cores, at least 1, at most 4). */
  readonly workers: number;
  /** Longest a check may run once its worker is ready. */
  readonly timeMs: number;
  /** A worker's JavaScript heap (MiB): `maxOldGenerationSizeMb`. */
  readonly heapMiB: number;
  /** The process's resident memory past which the longest-running check is stopped. */
  readonly residentBytes: number;
}

/** Defaults of {@link CheckBudgets}. */
export const CHECK_BUDGETS: CheckBudgets = {
  workers: Math.max(1, Math.min(4, availableParallelism())),
  timeMs: 10_000,
  heapMiB: 512,
  residentBytes: 1024 * 1024 * 1024,
};

/** How often the resident-memory watchdog looks while checks run (ms). */
const WATCH_MS = 200;

/** How long the watchdog waits after stopping a check before it stops another (ms). */
const QUIET_MS = 1000;

/** A check's outcome: the worker's answer, or the budget it went over. */
export type PoolOutcome = CheckAnswer | { readonly over: "time" | "memory" };

/** A job waiting or running, with the function that settles it. */
interface Item {
  readonly job: CheckJob;
  readonly done: (outcome: PoolOutcome) => void;
}

/** One worker place: its worker (made on demand), whether it has loaded, what it runs since when. */
interface Slot {
  worker: Worker | undefined;
  ready: boolean;
  running: Item | undefined;
  started: number;
  timer: NodeJS.Timeout | undefined;
}

/** From the built files the worker is `check-worker.js`; from the sources (tsx, vitest) it registers tsx first. */
function startWorker(heapMiB: number): Worker {
  const fromSources = import.meta.url.endsWith(".ts");
  const entry = new URL(fromSources ? "./check-worker.ts" : "./check-worker.js", import.meta.url);
  const resourceLimits = {
    maxOldGenerationSizeMb: heapMiB,
    maxYoungGenerationSizeMb: Math.max(4, Math.min(64, Math.floor(heapMiB / 8))),
  };
  if (!fromSources) return new Worker(entry, { resourceLimits });
  const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/** Worker threads that run checks under budgets (see the module comment). */
export class CheckPool {
  private readonly slots: Slot[];
  private readonly queue: Item[] = [];
  private nextId = 0;
  private watchdog: NodeJS.Timeout | undefined;
  /** Until when the watchdog waits after stopping a check (its memory takes a moment to go). */
  private quietUntil = 0;
  private closed = false;

  constructor(readonly budgets: CheckBudgets = CHECK_BUDGETS) {
    this.slots = Array.from({ length: Math.max(1, budgets.workers) }, () => ({
      worker: undefined,
      ready: false,
      running: undefined,
      started: 0,
      timer: undefined,
    }));
  }

  /** Runs one check (its id is the pool's); resolves with the answer or the budget it went over. */
  run(job: Omit<CheckJob, "id">): Promise<PoolOutcome> {
    if (this.closed) return Promise.resolve({ id: -1, error: { status: 503, message: "closing" } });
    return new Promise((done) => {
      this.queue.push({ job: { ...job, id: this.nextId++ }, done });
      this.pump();
    });
  }

  /** Stops every worker; waiting and running checks are answered 503. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watchdog);
    const stopping: Promise<number>[] = [];
    for (const item of this.queue.splice(0)) item.done(closing(item));
    for (const slot of this.slots) {
      if (slot.running) this.settle(slot, closing(slot.running));
      if (slot.worker) stopping.push(slot.worker.terminate());
      slot.worker = undefined;
    }
    await Promise.all(stopping);
  }

  /** Starts waiting jobs on idle slots. */
  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) break;
      if (slot.running) continue;
      const item = this.queue.shift()!;
      const worker = slot.worker ?? this.spawn(slot);
      slot.running = item;
      worker.postMessage(item.job);
      if (slot.ready) this.arm(slot);
    }
    this.watch();
  }

  /** A new worker for `slot`, wired to settle its jobs. */
  private spawn(slot: Slot): Worker {
    const w = startWorker(this.budgets.heapMiB);
    w.unref();
    slot.worker = w;
    slot.ready = false;
    w.on("message", (m: CheckAnswer | { ready: true }) => {
      if (slot.worker !== w) return;
      if ("ready" in m) {
        slot.ready = true;
        if (slot.running) this.arm(slot);
      } else if (slot.running?.job.id === m.id) {
        this.settle(slot, m);
      }
    });
    w.on("error", (e: Error & { code?: string }) => {
      if (slot.worker !== w) return;
      slot.worker = undefined;
      const outcome: PoolOutcome =
        e.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? { over: "memory" }
          : { id: -1, error: { status: 500, message: `check worker failed: ${e.message}` } };
      if (slot.running) this.settle(slot, outcome);
    });
    w.on("exit", () => {
      if (slot.worker !== w) return;
      slot.worker = undefined;
      if (slot.running)
        this.settle(slot, { id: -1, error: { status: 500, message: "check worker stopped" } });
    });
    return w;
  }

  /** Starts the time budget of the check `slot` runs (its worker has loaded). */
  private arm(slot: Slot): void {
    slot.started = performance.now();
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => this.stop(slot, "time"), this.budgets.timeMs);
    slot.timer.unref();
  }

  /** Stops the worker of `slot` (over a budget) and answers its check. */
  private stop(slot: Slot, over: "time" | "memory"): void {
    const w = slot.worker;
    slot.worker = undefined;
    if (w) void w.terminate();
    if (slot.running) this.settle(slot, { over });
  }

  /** Answers the check `slot` runs and takes the next. */
  private settle(slot: Slot, outcome: PoolOutcome): void {
    const item = slot.running;
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.running = undefined;
    item?.done(outcome);
    if (!this.closed) this.pump();
  }

  /** While checks run, stops the longest-running one whenever the process is over its resident budget. */
  private watch(): void {
    const busy = this.slots.some((s) => s.running);
    if (!busy) {
      clearInterval(this.watchdog);
      this.watchdog = undefined;
      return;
    }
    if (this.watchdog) return;
    this.watchdog = setInterval(() => {
      if (performance.now() < this.quietUntil) return;
      if (process.memoryUsage.rss() <= this.budgets.residentBytes) return;
      const running = this.slots.filter((s) => s.running && s.ready);
      running.sort((a, b) => a.started - b.started);
      if (!running[0]) return;
      this.stop(running[0], "memory");
      this.quietUntil = performance.now() + QUIET_MS;
    }, WATCH_MS);
    this.watchdog.unref();
  }
}

function closing(item: Item): PoolOutcome {
  return { id: item.job.id, error: { status: 503, message: "the studio is closing" } };
}
