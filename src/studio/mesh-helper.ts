/**
 * The second thread of `GET /api/mesh` (decision 400): mesh-worker.ts hands
 * it the second half of the files a series' index names; it reads them
 * through the project's companion reader, as the first thread would, in one
 * session (their repeated arrays decoded once), and posts back each file's
 * frame when that file read alone gave one frame and no finding (the first
 * thread reads the others itself), with each file's size. The frames' arrays
 * are transferred, not copied.
 */
import { parentPort } from "node:worker_threads";
import type { FileReader } from "../core/file-source.js";
import { readNamedFrames, VTK_FORMAT_BUDGET, type VtkFrame } from "../mixed/index.js";
import { companionReader } from "../node/files.js";

/** One batch: the files `names` named by `from`, in project `root`; `before` is read first and dropped. */
export interface HelperJob {
  readonly id: number;
  readonly root: string;
  readonly names: readonly string[];
  readonly from: string;
  readonly before?: string;
  /** Largest file read (bytes). */
  readonly maxBytes: number;
}

/** Per name of the job: its frame (if it gave one), what its read took from the budget, its file's size. */
export interface HelperAnswer {
  readonly id: number;
  readonly frames: readonly { readonly frame?: VtkFrame; readonly charged: number }[];
  readonly bytes: readonly number[];
}

async function answer(job: HelperJob): Promise<HelperAnswer> {
  const sizes = new Map<string, number>();
  // Blocking reads, as the first thread's (decision 401).
  const base = companionReader(job.root, { maxBytes: job.maxBytes, blocking: true });
  const read: FileReader = async (path, from) => {
    const r = await base(path, from);
    if (r.status === "ok") sizes.set(path, r.bytes.length);
    return r;
  };
  // The budget the first thread's reader reads with (the format's), so the charges are its own.
  const frames = await readNamedFrames(
    job.names,
    job.from,
    { read, ...VTK_FORMAT_BUDGET },
    job.before,
  );
  return { id: job.id, frames, bytes: job.names.map((n) => sizes.get(n) ?? 0) };
}

/**
 * Every buffer the frames' typed arrays own whole (never a view into a shared
 * one): transferred, not copied. This thread's session is over, so nothing
 * here uses them again; arrays the frames share stay shared.
 */
function owned(frames: HelperAnswer["frames"]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  const walk = (v: unknown): void => {
    if (ArrayBuffer.isView(v)) {
      const b = v.buffer;
      if (b instanceof ArrayBuffer && v.byteOffset === 0 && v.byteLength === b.byteLength)
        out.add(b);
    } else if (Array.isArray(v)) for (const x of v) walk(x);
    else if (typeof v === "object" && v !== null) for (const x of Object.values(v)) walk(x);
  };
  walk(frames);
  return [...out];
}

parentPort?.on("message", (job: HelperJob) => {
  void answer(job).then(
    (a) => parentPort?.postMessage(a, owned(a.frames)),
    () => parentPort?.postMessage({ id: job.id, frames: [], bytes: [] } satisfies HelperAnswer),
  );
});
