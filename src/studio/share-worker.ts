/**
 * The worker thread of `GET /api/share` (share-api.ts): makes the page of a
 * project file with the same `shareFile` as `deforma share` (reading the
 * file, decoding its pictures, packing), off the thread that serves
 * requests, and posts the page or the findings back.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { FileReport } from "../core/report.js";
import { projectReader, readInput } from "../node/files.js";
import { type ShareLang, shareFile } from "../node/share/index.js";

/** One job: the project, the file's project path and real path, and the page's settings. */
export interface ShareJob {
  readonly root: string;
  readonly rel: string;
  readonly real: string;
  readonly maxBytes: number;
  readonly player: string;
  readonly version: string;
  readonly lang: ShareLang;
}

/** The answer: the page, or the findings, or why the file could not be read. */
export interface ShareAnswer {
  readonly html?: string;
  readonly report?: FileReport[];
  readonly missing?: true;
  readonly unreadable?: string;
}

async function run(job: ShareJob): Promise<ShareAnswer> {
  const source = await readInput(job.real, job.maxBytes);
  if (source.status === "missing") return { missing: true };
  if (source.status !== "ok") return { unreadable: source.reason };
  const r = await shareFile(job.rel, source.bytes, {
    read: projectReader(job.root),
    player: job.player,
    version: job.version,
    lang: job.lang,
  });
  return r.html === undefined ? { report: r.report } : { html: r.html };
}

if (parentPort) {
  const port = parentPort;
  run(workerData as ShareJob).then(
    (a) => port.postMessage(a),
    (e: unknown) => port.postMessage({ unreadable: (e as Error).message }),
  );
}
