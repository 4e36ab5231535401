/**
 * One check of a project file, as `GET /api/check` replies it: read, checked
 * through the registry, its findings located and capped. It runs in a worker
 * of the check pool (check-worker.ts) or, for a registry the workers cannot
 * rebuild, on the server's thread (file-check.ts).
 */
import { open, stat } from "node:fs/promises";
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
import { HttpError } from "./http-reply.js";

/** What one check reads and keeps. */
export interface CheckRunLimits {
  /** Files larger than this (bytes) are recognised but not read. */
  readonly maxCheckBytes: number;
  /** Most diagnostics returned per file (the counts are always whole). */
  readonly maxDiagnostics: number;
}

/** The first bytes of a file (for recognition without reading it whole). */
export async function readHead(real: string): Promise<Uint8Array> {
  const handle = await open(real, "r");
  try {
    const head = new Uint8Array(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The reply for a file that is recognised but not checked here (`why`: the budget it is over). */
export async function notChecked(
  registry: FormatRegistry,
  rel: string,
  real: string,
  size: number,
  why?: CheckReply["over"],
): Promise<CheckReply> {
  const found = registry.recognise(rel, await readHead(real).catch(() => new Uint8Array(0)));
  return {
    path: rel,
    format: found ? formatInfo(found.format) : null,
    status: "too-large",
    ...(why === undefined ? {} : { over: why }),
    ok: true,
    errors: 0,
    warnings: 0,
    diagnostics: [],
    omitted: 0,
    size,
  };
}

/**
 * Checks project file `rel` (at real path `real`, `size` bytes) with its
 * companions read through `read`; `companions` gets each companion read with
 * its `stamp` taken before it is read (what a cached result depends on).
 */
export async function runCheck(
  registry: FormatRegistry,
  limits: CheckRunLimits,
  file: { readonly rel: string; readonly real: string; readonly size: number },
  companions: Map<string, string>,
  own?: FileReader,
  stamp?: (path: string) => Promise<string>,
): Promise<CheckReply> {
  const { rel, real, size } = file;
  if (size > limits.maxCheckBytes) return notChecked(registry, rel, real, size, "size");
  const input = await readInput(real);
  if (input.status !== "ok") throw new HttpError(404, "not found");
  const read: FileReader | undefined =
    own &&
    (async (path, from) => {
      if (stamp && !companions.has(path)) companions.set(path, await stamp(path));
      return own(path, from);
    });
  const c = await checkFile(registry, input.bytes, rel, read ? { read } : {});
  const v = checkVerdict(c);
  const shown = v.diagnostics.slice(0, limits.maxDiagnostics);
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

/** Size and modification time of a file, or why there is none: what a cached check depends on. */
export async function fileStamp(real: string): Promise<string> {
  try {
    const info = await stat(real);
    return info.isFile() ? `${info.size}:${info.mtimeMs}` : "not a file";
  } catch {
    return "missing";
  }
}
