/**
 * `GET /api/share?path=P&lang=en|ru`: the project file P as one HTML page
 * (the same `shareFile` as `deforma share`, docs/player.md), sent as a
 * download (`Content-Disposition: attachment`) named after the file. Paths
 * follow the other endpoints' rules (inside the project, no `..`, a link out
 * refused); the files P names are read inside the project only. A file that
 * cannot be shared is 422 with its located findings as JSON
 * (`{"ok":false,"diagnostics":[…]}`, FMT008–FMT012); a studio whose player
 * is not built is 503.
 */
import type { ServerResponse } from "node:http";
import { Worker } from "node:worker_threads";
import { stemOf } from "../core/path.js";
import { reportJson } from "../core/report.js";
import {
  missingPlayerWords,
  packageVersion,
  readPlayerBundle,
  type ShareLang,
} from "../node/share/index.js";
import { HttpError, sendJson } from "./http-reply.js";
import { pathSegments, resolveExisting } from "./project-path.js";
import type { ShareAnswer, ShareJob } from "./share-worker.js";

/** The worker's heap, MiB (a page's data is at most 64 MiB, decision 328). */
export const SHARE_HEAP_MIB = 2048;

/** Runs `job` in a new worker thread (the built `share-worker.js`, or the source through tsx). */
function inWorker(job: ShareJob): Promise<ShareAnswer> {
  const fromSources = import.meta.url.endsWith(".ts");
  const entry = new URL(fromSources ? "./share-worker.ts" : "./share-worker.js", import.meta.url);
  const options = { workerData: job, resourceLimits: { maxOldGenerationSizeMb: SHARE_HEAP_MIB } };
  const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  const w = fromSources ? new Worker(boot, { ...options, eval: true }) : new Worker(entry, options);
  return new Promise((resolve) => {
    w.once("message", (a: ShareAnswer) => resolve(a));
    w.once("error", (e) => resolve({ unreadable: e.message }));
    w.once("exit", () => resolve({ unreadable: "the worker stopped" }));
  }).finally(() => void w.terminate()) as Promise<ShareAnswer>;
}

/** Largest file the endpoint shares (bytes; the CLI has no such bound). */
export const MAX_SHARED_FILE = 256 * 1024 * 1024;

/** Answers `GET /api/share` (see the module comment). */
export async function handleShare(
  res: ServerResponse,
  root: string,
  query: URLSearchParams,
): Promise<void> {
  const all = query.getAll("path");
  if (all.length !== 1) throw new HttpError(400, "give exactly one 'path' query parameter");
  const lang = query.get("lang") ?? "en";
  if (lang !== "en" && lang !== "ru") throw new HttpError(400, "lang is 'en' or 'ru'");
  const segments = pathSegments(all[0]!);
  const real = await resolveExisting(root, segments);
  const player = await readPlayerBundle();
  if (player === undefined) throw new HttpError(503, missingPlayerWords());
  const path = segments.join("/");
  const version = await packageVersion();
  const job: ShareJob = {
    root,
    rel: path,
    real,
    maxBytes: MAX_SHARED_FILE,
    player,
    version,
    lang: lang as ShareLang,
  };
  const r = await inWorker(job);
  if (r.missing) throw new HttpError(404, "not found");
  if (r.unreadable !== undefined) throw new HttpError(422, `cannot share it: ${r.unreadable}`);
  res.setHeader("Cache-Control", "no-store");
  if (r.html === undefined) {
    sendJson(res, 422, reportJson(r.report ?? []));
    return;
  }
  const body = Buffer.from(r.html, "utf8");
  const name = `${stemOf(stemOf(path)) || "shared"}.html`;
  res.statusCode = 200;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader(
    "Content-Disposition",
    `attachment; filename="${name.replace(/[^\w.-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  );
  res.setHeader("Content-Length", body.length);
  res.end(body);
}
