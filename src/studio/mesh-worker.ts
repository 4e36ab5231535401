/**
 * The worker thread of `GET /api/mesh` (mesh-open.ts): opens a mesh file of
 * the project (or a numbered series) with the same `loadMeshFile` the CLI
 * and the page use, its companions through the project's companion reader
 * (with blocking reads: this thread does nothing else meanwhile, decision 401),
 * and posts the result packed (src/core/typed-pack.ts), its buffer
 * transferred, with the mesh's outer surface extracted here (decision 274)
 * and, unless the job asks for them, without the volume cells' node lists
 * (decision 350): the page draws, picks and colours the surface. A file no
 * mesh format opens, or a result that cannot be packed (an `.agr` read
 * frame by frame), is answered `fallback`: the page reads it itself.
 */
import { readdir } from "node:fs/promises";
import { parentPort, type Worker } from "node:worker_threads";
import type { SecondModel, SecondReader } from "../core/file-source.js";
import { FORMAT } from "../core/formats/index.js";
import { packTyped } from "../core/typed-pack.js";
import { FORMATS } from "../formats.js";
import {
  isMeshFile,
  loadMeshFile,
  loadMeshSeries,
  type MeshFile,
  patternMembers,
  surfaceCellsOf,
} from "../mixed/index.js";
import { companionReader, readInputSync } from "../node/files.js";
import type { HelperAnswer, HelperJob } from "./mesh-helper.js";
import { startThread } from "./threads.js";

/** One job: the project, the file's project path and real path, whether it is a numbered series' pattern. */
export interface MeshJob {
  readonly id: number;
  readonly root: string;
  readonly rel: string;
  /** The real path of the file, or of the folder of a numbered series. */
  readonly real: string;
  readonly numbered: boolean;
  /** Largest file read (bytes). */
  readonly maxBytes: number;
  /** Send the cells' node lists too (the page's VTK export asks for them). */
  readonly cells?: boolean;
}

/** The answer: the packed `{file: MeshFile}`, or `fallback`, or why it failed. */
export interface MeshAnswer {
  readonly id: number;
  readonly packed?: Uint8Array;
  readonly fallback?: true;
  readonly error?: string;
}

/** The numbered series `rel` in folder `real` read; undefined when a member cannot be read (the page says why). */
async function numbered(job: MeshJob): Promise<MeshFile | undefined> {
  const folder = job.rel.includes("/") ? job.rel.slice(0, job.rel.lastIndexOf("/") + 1) : "";
  const names = await readdir(job.real);
  const members = patternMembers(
    job.rel,
    names.map((n) => folder + n),
  );
  const read = companionReader(job.root, { maxBytes: job.maxBytes, blocking: true });
  const files = [];
  for (const m of members) {
    // Through the companion reader, as every file a series names: a member that is a link
    // out of the folder is refused, not followed.
    const src = await read(m.path, job.rel);
    if (src.status !== "ok") return undefined;
    files.push({ name: m.path, bytes: src.bytes });
  }
  return loadMeshSeries(job.rel, files, read, FORMATS);
}

/** Bounds of the second thread (decision 400). */
export const MESH_HELPER = {
  /** Fewest files an index names for the second thread to read half of them. */
  from: 8,
  /** Its heap, MiB: it holds the frames of half a series until it sends them. */
  heapMiB: 1536,
} as const;

/**
 * The second thread (mesh-helper.ts), started with this one so an open does
 * not wait for its start; one batch at a time (this thread opens one file
 * at a time). A thread that stops answers its batch with no frames, and
 * this thread reads those files itself; the next open starts a new one.
 */
class Helper {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, (a: HelperAnswer) => void>();

  ensure(): Worker {
    if (this.worker) return this.worker;
    const w = startThread("mesh-helper", { maxOldGenerationSizeMb: MESH_HELPER.heapMiB });
    w.on("message", (a: HelperAnswer) => {
      this.waiting.get(a.id)?.(a);
      this.waiting.delete(a.id);
    });
    const lost = () => {
      if (this.worker !== w) return;
      this.worker = undefined;
      for (const [id, done] of this.waiting) done({ id, frames: [], bytes: [] });
      this.waiting.clear();
    };
    w.on("error", lost);
    w.on("exit", lost);
    this.worker = w;
    return w;
  }

  /** A second reader for one open of `job`: it takes the second half of an index's files. */
  reader(job: MeshJob): SecondReader {
    let got: Promise<Map<string, SecondModel>> | undefined;
    return {
      take: (names, from) => {
        // One batch an open: the first index that names enough files (a .pvd's, not its blocks').
        if (got || names.length < MESH_HELPER.from) return [];
        const cut = Math.ceil(names.length / 2);
        const mine = names.slice(cut);
        const id = this.nextId++;
        const { root, maxBytes } = job;
        const batch: HelperJob = { id, root, names: mine, from, before: names[cut - 1]!, maxBytes };
        got = new Promise<HelperAnswer>((resolve) => {
          this.waiting.set(id, resolve);
          this.ensure().postMessage(batch);
        }).then((a) => {
          const m = new Map<string, SecondModel>();
          for (const [i, name] of mine.entries()) {
            const f = a.frames[i];
            if (f?.frame)
              m.set(name, { model: f.frame, bytes: a.bytes[i] ?? 0, charged: f.charged });
          }
          return m;
        });
        return mine;
      },
      model: async (name) => (await got)?.get(name),
    };
  }
}

const helper = new Helper();

async function answer(job: MeshJob): Promise<Omit<MeshAnswer, "id">> {
  if (job.numbered) {
    const r = await numbered(job);
    return r ? packed(r, job.cells === true) : { fallback: true };
  }
  if (!isMeshFile(job.rel, FORMATS)) return { fallback: true };
  const input = readInputSync(job.real, job.maxBytes);
  if (input.status !== "ok") return { fallback: true };
  const read = companionReader(job.root, { maxBytes: job.maxBytes, blocking: true });
  const r = await loadMeshFile(job.rel, input.bytes, read, FORMATS, helper.reader(job));
  if (r.report.some((f) => f.diagnostics.some((d) => d.code === FORMAT.unknown.code)))
    return { fallback: true };
  return packed(r, job.cells === true);
}

/**
 * `{file, surface}` packed: the page draws the surface the worker extracted
 * (decision 274). Without `cells`, a model sent with its surface leaves its
 * connectivity here (an empty array in its place, its length as
 * `cellsLeft`): the page asks again with `cells=all` when it writes the
 * cells (decision 350).
 */
function packed(file: MeshFile, cells: boolean): Omit<MeshAnswer, "id"> {
  const m = file.model;
  const surface = m && !m.frames ? surfaceCellsOf(m) : undefined;
  const leave = m !== undefined && surface !== undefined && !cells && m.connectivity.length > 0;
  const sent = leave ? { ...file, model: { ...m, connectivity: new Uint32Array(0) } } : file;
  const bytes = packTyped({
    file: sent,
    ...(surface ? { surface } : {}),
    ...(leave ? { cellsLeft: m.connectivity.length } : {}),
  });
  return bytes ? { packed: bytes } : { fallback: true };
}

if (parentPort) helper.ensure();

parentPort?.on("message", (job: MeshJob) => {
  void answer(job).then(
    (a) =>
      parentPort?.postMessage(
        { id: job.id, ...a },
        a.packed ? [a.packed.buffer as ArrayBuffer] : [],
      ),
    (e: unknown) => parentPort?.postMessage({ id: job.id, error: String(e) }),
  );
});
