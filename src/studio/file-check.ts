/**
 * `GET /api/check?path=REL`: a project file checked through the format
 * registry, as the file list's status icon and the file view show it.
 * Results are cached by path, size and modification time, the file's and
 * those of the companions it read; files larger than a bound are not read
 * (the reply says so), so listing a big project stays cheap. Checks run in
 * the check pool's workers (check-pool.ts) under time and memory budgets.
 */
import { stat } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { resolve } from "node:path";
import type { AnyFormat, CheckReply, FormatRegistry } from "../core/formats/index.js";
import { BUILT_IN_FORMATS } from "../formats.js";
import { companionReader } from "../node/files.js";
import { CHECK_BUDGETS, type CheckBudgets, type CheckPool } from "./check-pool.js";
import { type CheckRunLimits, fileStamp, notChecked, runCheck } from "./check-run.js";
import { HttpError, sendJson } from "./http-reply.js";
import { resolveExisting } from "./project-path.js";

export { fileStamp };

/** Bounds of the check endpoint: what one check reads and keeps, the cache, the pool's budgets. */
export interface CheckLimits extends CheckRunLimits, CheckBudgets {
  /** Most results kept in the cache. */
  readonly cacheEntries: number;
}

/** Defaults of {@link CheckLimits}. */
export const CHECK_DEFAULTS: CheckLimits = {
  maxCheckBytes: 64 * 1024 * 1024,
  maxDiagnostics: 500,
  cacheEntries: 2000,
  ...CHECK_BUDGETS,
};

/** Runs one check: `companions` gets each companion read and its stamp then. */
export type CheckRunner = (
  rel: string,
  real: string,
  size: number,
  companions: Map<string, string>,
) => Promise<CheckReply>;

/**
 * The runner of `registry`'s checks over project `root`: in `pool` while its
 * workers can rebuild the registry (every format is built in or comes from
 * one of `modules`, whose `formats` exports are loaded here to know), else
 * on this thread (a format registered at run time: a test's or a plugin's).
 */
export async function checkRunner(
  registry: FormatRegistry,
  limits: CheckLimits,
  root: string,
  pool: CheckPool,
  modules: readonly string[] = [],
): Promise<CheckRunner> {
  const known = new Set<AnyFormat>(BUILT_IN_FORMATS);
  for (const url of modules) {
    const mod = (await import(url)) as { formats?: readonly AnyFormat[] };
    for (const f of mod.formats ?? []) known.add(f);
  }
  const stamp = (path: string) => fileStamp(resolve(root, path));
  const read = companionReader(root, { maxBytes: limits.maxCheckBytes });
  const runLimits = { maxCheckBytes: limits.maxCheckBytes, maxDiagnostics: limits.maxDiagnostics };
  return async (rel, real, size, companions) => {
    // Asked each time: a format may be registered while the server runs.
    if (!registry.formats.every((f) => known.has(f)))
      return runCheck(registry, limits, { rel, real, size }, companions, read, stamp);
    const formatIds = registry.formats.map((f) => f.id);
    const outcome = await pool.run({
      rel,
      real,
      size,
      root,
      limits: runLimits,
      formatIds,
      modules,
    });
    if ("over" in outcome) return notChecked(registry, rel, real, size, outcome.over);
    if ("error" in outcome) {
      const { status, message } = outcome.error;
      // A worker's internal error is logged by the server, not sent.
      throw status === 500 ? new Error(message) : new HttpError(status, message);
    }
    for (const [path, at] of outcome.companions) companions.set(path, at);
    return outcome.reply;
  };
}

/** A cached check: the file's stamp, the reply, and the stamps of the companions it read. */
interface CacheEntry {
  readonly key: string;
  readonly reply: Promise<CheckReply>;
  /** Set when the check is done: each companion read (by the path asked for) and its stamp then. */
  companions?: Map<string, string>;
}

/** Checks of project files, cached by path, size and modification time. */
export class FileChecks {
  private readonly cache = new Map<string, CacheEntry>();

  /**
   * `run`: the check itself ({@link checkRunner}). `stamp`: a companion's
   * {@link fileStamp} by project path. A cached result stands while the
   * file's and every companion's stamp are the same.
   */
  constructor(
    readonly run: CheckRunner,
    readonly stamp: (path: string) => Promise<string>,
    readonly cacheEntries: number = CHECK_DEFAULTS.cacheEntries,
  ) {}

  /** The check of `rel` (a checked project path) at real path `real`. */
  async check(rel: string, real: string): Promise<CheckReply> {
    const info = await stat(real);
    if (!info.isFile()) throw new HttpError(404, "not a file");
    const key = `${info.size}:${info.mtimeMs}`;
    const hit = this.cache.get(rel);
    if (hit && hit.key === key && (await this.companionsUnchanged(hit))) {
      // Most recently used last: the first entry is the one to drop.
      this.cache.delete(rel);
      this.cache.set(rel, hit);
      return hit.reply;
    }
    const companions = new Map<string, string>();
    const reply = this.run(rel, real, info.size, companions);
    const entry: CacheEntry = { key, reply };
    void reply.then(
      () => {
        entry.companions = companions;
      },
      () => undefined,
    );
    this.cache.set(rel, entry);
    reply.catch(() => {
      if (this.cache.get(rel) === entry) this.cache.delete(rel);
    });
    while (this.cache.size > this.cacheEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    return reply;
  }

  /** Whether every companion a cached check read has its stamp of then (a pending check counts as unchanged). */
  private async companionsUnchanged(entry: CacheEntry): Promise<boolean> {
    const { companions } = entry;
    if (!companions || companions.size === 0) return true;
    const now = await Promise.all([...companions.keys()].map((path) => this.stamp(path)));
    return [...companions.values()].every((was, i) => was === now[i]);
  }
}

/** `GET|HEAD /api/check?path=REL`: the file's {@link CheckReply}. */
export async function handleCheck(
  res: ServerResponse,
  root: string,
  checks: FileChecks,
  segments: string[],
): Promise<void> {
  const real = await resolveExisting(root, segments);
  sendJson(res, 200, await checks.check(segments.join("/"), real));
}
