/**
 * Starting one of this folder's worker threads: from the built files its
 * `.js`; from the TypeScript sources (tsx, vitest) the worker registers
 * tsx's loader first, as a worker does not inherit it.
 */
import { Worker } from "node:worker_threads";

/** The worker `name` (without extension) beside the module at `base` (its `import.meta.url`). */
export function startWorker(base: string, name: string): Worker {
  const fromSources = base.endsWith(".ts");
  const entry = new URL(`./${name}${fromSources ? ".ts" : ".js"}`, base);
  if (!fromSources) return new Worker(entry);
  const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true });
}
