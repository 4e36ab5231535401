/**
 * The worker thread of `GET /api/mesh` (mesh-open.ts): opens a mesh file of
 * the project (or a numbered series) with the same `loadMeshFile` the CLI
 * and the page use, its companions through the project's companion reader
 * (with blocking reads: this thread does nothing else meanwhile, decision 369),
 * and posts the result packed (src/core/typed-pack.ts), its buffer
 * transferred, with the mesh's outer surface extracted here (decision 274)
 * and, unless the job asks for them, without the volume cells' node lists
 * (decision 350): the page draws, picks and colours the surface. A file no
 * mesh format opens, or a result that cannot be packed (an `.agr` read
 * frame by frame), is answered `fallback`: the page reads it itself.
 */
import { readdir } from "node:fs/promises";
import { parentPort } from "node:worker_threads";
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

async function answer(job: MeshJob): Promise<Omit<MeshAnswer, "id">> {
  if (job.numbered) {
    const r = await numbered(job);
    return r ? packed(r, job.cells === true) : { fallback: true };
  }
  if (!isMeshFile(job.rel, FORMATS)) return { fallback: true };
  const input = readInputSync(job.real, job.maxBytes);
  if (input.status !== "ok") return { fallback: true };
  const read = companionReader(job.root, { maxBytes: job.maxBytes, blocking: true });
  const r = await loadMeshFile(job.rel, input.bytes, read, FORMATS);
  if (r.report.some((f) => f.diagnostics.some((d) => d.code === FORMAT.unknown.code)))
    return { fallback: true };
  return packed(r, job.cells === true);
}

/**
 * `{file, surface}` packed, equal typed arrays once (decision 371): the page
 * draws the surface the worker extracted (decision 274). Without `cells`, a model sent with its surface leaves its
 * connectivity here (an empty array in its place, its length as
 * `cellsLeft`): the page asks again with `cells=all` when it writes the
 * cells (decision 350).
 */
function packed(file: MeshFile, cells: boolean): Omit<MeshAnswer, "id"> {
  const m = file.model;
  const surface = m && !m.frames ? surfaceCellsOf(m) : undefined;
  const leave = m !== undefined && surface !== undefined && !cells && m.connectivity.length > 0;
  const sent = leave ? { ...file, model: { ...m, connectivity: new Uint32Array(0) } } : file;
  // Equal arrays (a vector's magnitude and the displacement scalar, say) are sent once: the page
  // only reads what it unpacks (decision 371).
  const value = {
    file: sent,
    ...(surface ? { surface } : {}),
    ...(leave ? { cellsLeft: m.connectivity.length } : {}),
  };
  const bytes = packTyped(value, { once: true });
  return bytes ? { packed: bytes } : { fallback: true };
}

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
