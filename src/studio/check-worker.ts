/**
 * A worker thread of the studio's check pool (check-pool.ts): it answers
 * {@link CheckJob}s, each a project file checked as `GET /api/check` replies
 * (check-run.ts), off the server's thread and under the pool's time and memory
 * budgets. Its registry is rebuilt from the formats it knows — every system's
 * and those of the modules the server names — in the order the job gives.
 */
import { resolve } from "node:path";
import { parentPort } from "node:worker_threads";
import { type AnyFormat, FormatRegistry } from "../core/formats/index.js";
import type { CheckReply } from "../core/formats/reply.js";
import { BUILT_IN_FORMATS } from "../formats.js";
import { companionReader } from "../node/files.js";
import { type CheckRunLimits, fileStamp, runCheck } from "./check-run.js";
import { HttpError } from "./http-reply.js";

/** One check: the file (by project path, real path and size), the project root, the limits, the registry's format ids. */
export interface CheckJob {
  readonly id: number;
  readonly rel: string;
  readonly real: string;
  readonly size: number;
  readonly root: string;
  readonly limits: CheckRunLimits;
  readonly formatIds: readonly string[];
  /** Modules (URLs) whose `formats` export adds formats to the built-in ones. */
  readonly modules: readonly string[];
}

/** The answer: the reply and the companions read (path, stamp), or the HTTP error the check ended in. */
export type CheckAnswer =
  | { readonly id: number; readonly reply: CheckReply; readonly companions: [string, string][] }
  | { readonly id: number; readonly error: { readonly status: number; readonly message: string } };

const known = new Map<string, AnyFormat>(BUILT_IN_FORMATS.map((f) => [f.id, f]));
const loaded = new Set<string>();
const registries = new Map<string, FormatRegistry>();

/** The registry of `ids` (in that order), the modules' formats loaded first. */
async function registryOf(job: CheckJob): Promise<FormatRegistry> {
  for (const url of job.modules) {
    if (loaded.has(url)) continue;
    const mod = (await import(url)) as { formats?: readonly AnyFormat[] };
    for (const f of mod.formats ?? []) known.set(f.id, f);
    loaded.add(url);
  }
  const key = job.formatIds.join("\n");
  let registry = registries.get(key);
  if (!registry) {
    const formats = job.formatIds.map((id) => known.get(id));
    if (formats.some((f) => f === undefined)) throw new Error("a format the worker does not know");
    registry = new FormatRegistry(formats as AnyFormat[]);
    registries.set(key, registry);
  }
  return registry;
}

async function answer(job: CheckJob): Promise<CheckAnswer> {
  const registry = await registryOf(job);
  const companions = new Map<string, string>();
  // Companions are bounded like the file itself: a .pvd's listing check never reads gigabytes.
  const read = companionReader(job.root, { maxBytes: job.limits.maxCheckBytes });
  const stamp = (path: string) => fileStamp(resolve(job.root, path));
  const reply = await runCheck(registry, job.limits, job, companions, read, stamp);
  return { id: job.id, reply, companions: [...companions] };
}

parentPort?.on("message", (job: CheckJob) => {
  void answer(job).then(
    (a) => parentPort?.postMessage(a),
    (e: unknown) =>
      parentPort?.postMessage({
        id: job.id,
        error:
          e instanceof HttpError
            ? { status: e.status, message: e.message }
            : { status: 500, message: String((e as Error)?.stack ?? e) },
      } satisfies CheckAnswer),
  );
});

// Loaded: the pool starts a check's clock from here.
parentPort?.postMessage({ ready: true });
