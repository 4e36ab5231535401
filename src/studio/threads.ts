/**
 * Starting a worker thread of the studio's mesh open (mesh-open.ts starts
 * mesh-worker.ts, which starts mesh-helper.ts): the built `.js` beside this
 * module, or, run from the sources (tests, the bench), the `.ts` through
 * tsx's loader.
 */
import { type ResourceLimits, Worker } from "node:worker_threads";

/** Starts `name` (a module of this folder, without extension) with `resourceLimits`. */
export function startThread(name: string, resourceLimits: ResourceLimits): Worker {
  const fromSources = import.meta.url.endsWith(".ts");
  const entry = new URL(`./${name}${fromSources ? ".ts" : ".js"}`, import.meta.url);
  if (!fromSources) return new Worker(entry, { resourceLimits });
  const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, resourceLimits });
}
