/**
 * `GET /api/check?path=REL`: a project file checked through the format
 * registry, as the file list's status icon and the file view show it.
 * Results are cached by path, size and modification time, the file's and
 * those of the companions it read; files larger than a bound are not read
 * (the reply says so), so listing a big project stays cheap.
 */
import { open, stat } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { LineCounter } from "../core/diagnostics.js";
import type { FileReader } from "../core/file-source.js";
import {
  type CheckReply,
  checkFile,
  checkReports,
  checkVerdict,
  type FormatRegistry,
  formatInfo,
  HEAD_BYTES,
} from "../core/formats/index.js";
import { readInput } from "../node/files.js";
import { HttpError, sendJson } from "./http-reply.js";
import { resolveExisting } from "./project-path.js";

/** Bounds of the check endpoint. */
export interface CheckLimits {
  /** Files larger than this (bytes) are recognised but not read. */
  readonly maxCheckBytes: number;
  /** Most diagnostics returned per file (the counts are always whole). */
  readonly maxDiagnostics: number;
  /** Most results kept in the cache. */
  readonly cacheEntries: number;
}

/** Defaults of {@link CheckLimits}. */
export const CHECK_DEFAULTS: CheckLimits = {
  maxCheckBytes: 64 * 1024 * 1024,
  maxDiagnostics: 500,
  cacheEntries: 2000,
};

/** A cached check: the file's stamp, the reply, and the stamps of the companions it read. */
interface CacheEntry {
  readonly key: string;
  readonly reply: Promise<CheckReply>;
  /** Set when the check is done: each companion read (by the path asked for) and its stamp then. */
  companions?: Map<string, string>;
}

/** Size and modification time of a file, or why there is none: what a cached check depends on. */
export async function fileStamp(real: string): Promise<string> {
  try {
    const info = await stat(real);
    return info.isFile() ? `${info.size}:${info.mtimeMs}` : "not a file";
  } catch {
    return "missing";
  }
}

/** Checks of project files, cached by path, size and modification time. */
export class FileChecks {
  private readonly cache = new Map<string, CacheEntry>();

  /**
   * `read`: the companions a file names (a `.pvd`'s data sets), by project
   * path; the server gives {@link companionReader} over the project root.
   * `stamp`: a companion's {@link fileStamp} by the same path. A cached
   * result stands while the file's and every companion's stamp are the
   * same (without `stamp`, companions are not watched).
   */
  constructor(
    readonly registry: FormatRegistry,
    readonly limits: CheckLimits = CHECK_DEFAULTS,
    readonly read?: FileReader,
    readonly stamp?: (path: string) => Promise<string>,
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
    const reply = this.compute(rel, real, info.size, companions);
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
    while (this.cache.size > this.limits.cacheEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    return reply;
  }

  /** Whether every companion a cached check read has its stamp of then (a pending check counts as unchanged). */
  private async companionsUnchanged(entry: CacheEntry): Promise<boolean> {
    const { companions } = entry;
    if (!companions || companions.size === 0 || !this.stamp) return true;
    const stamp = this.stamp;
    const now = await Promise.all([...companions.keys()].map((path) => stamp(path)));
    return [...companions.values()].every((was, i) => was === now[i]);
  }

  /** The check; `companions` gets each companion read, stamped before it is read. */
  private async compute(
    rel: string,
    real: string,
    size: number,
    companions: Map<string, string>,
  ): Promise<CheckReply> {
    if (size > this.limits.maxCheckBytes) {
      const head = await readHead(real);
      const found = this.registry.recognise(rel, head);
      return {
        path: rel,
        format: found ? formatInfo(found.format) : null,
        status: "too-large",
        ok: true,
        errors: 0,
        warnings: 0,
        diagnostics: [],
        omitted: 0,
        size,
      };
    }
    const input = await readInput(real);
    if (input.status !== "ok") throw new HttpError(404, "not found");
    const own = this.read;
    const stamp = this.stamp;
    const read: FileReader | undefined =
      own &&
      (async (path, from) => {
        if (stamp && !companions.has(path)) companions.set(path, await stamp(path));
        return own(path, from);
      });
    const c = await checkFile(this.registry, input.bytes, rel, read ? { read } : {});
    const v = checkVerdict(c);
    const shown = v.diagnostics.slice(0, this.limits.maxDiagnostics);
    // Each finding's excerpt comes from its own file (the file or a companion it names).
    const counters = new Map<string, LineCounter>();
    for (const r of checkReports(c))
      if (r.text !== undefined && !counters.has(r.file))
        counters.set(r.file, new LineCounter(r.text));
    const lines = counters.size === 0 ? undefined : counters;
    return {
      path: rel,
      format: c.format ? formatInfo(c.format) : null,
      ...(c.variant === undefined ? {} : { variant: c.variant }),
      status: "checked",
      ok: v.ok,
      errors: v.errors,
      warnings: v.warnings,
      diagnostics: shown,
      omitted: v.diagnostics.length - shown.length,
      // A window of each finding's line with its caret: bounded, however long the line.
      ...(lines === undefined
        ? {}
        : { excerpts: shown.map((d) => lines.get(d.file)?.excerpt(d.line, d.column, 1) ?? "") }),
      ...(c.summary === undefined ? {} : { summary: c.summary }),
      size,
    };
  }
}

/** The first bytes of a file (for recognition without reading it whole). */
async function readHead(real: string): Promise<Uint8Array> {
  const handle = await open(real, "r");
  try {
    const head = new Uint8Array(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
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
