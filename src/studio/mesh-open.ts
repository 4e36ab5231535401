/**
 * `GET /api/mesh?path=REL[&series=numbered][&cells=all]`: a mesh file of the project
 * opened on the server for the Mesh workspace (decision 224). The files are
 * next to the server, so a 300-file series is read from the disk and parsed
 * in one worker thread (mesh-worker.ts) with the loader the CLI and the page
 * use, instead of sending 45 MB of XML to the page to parse there; the reply
 * is the loaded mesh packed (src/core/typed-pack.ts), typed arrays as bytes,
 * with its outer surface and without the volume cells' node lists unless
 * `cells=all` asks for them (decision 350).
 * The worker is started with the server (so the first open does not wait for
 * its start) and serves one open at a time; the server's own thread only
 * checks the path and passes bytes on, so it keeps serving. A worker past
 * its memory bound is restarted and the reply says the file is too large to
 * open here. A file no mesh format opens answers `204` (the page reads it).
 */
import type { ServerResponse } from "node:http";
import { Worker } from "node:worker_threads";
import { HttpError } from "./http-reply.js";
import type { MeshAnswer, MeshJob } from "./mesh-worker.js";
import { pathSegments, resolveExisting } from "./project-path.js";

/** Bounds of `GET /api/mesh`. */
export const MESH_OPEN_LIMITS = {
  /** Largest file (and companion) read, bytes. */
  maxBytes: 2 ** 31,
  /** The worker's heap, MiB: the loader's own budget is 1 GiB of values. */
  heapMiB: 3072,
} as const;

/** The worker thread: the built `mesh-worker.js`, or from the sources through tsx's loader. */
function startWorker(): Worker {
  const fromSources = import.meta.url.endsWith(".ts");
  const entry = new URL(fromSources ? "./mesh-worker.ts" : "./mesh-worker.js", import.meta.url);
  const resourceLimits = { maxOldGenerationSizeMb: MESH_OPEN_LIMITS.heapMiB };
  if (!fromSources) return new Worker(entry, { resourceLimits });
  const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/** The server's mesh opener: one worker, its jobs answered in turn. */
export class MeshOpener {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, (a: MeshAnswer) => void>();

  constructor(private readonly root: string) {}

  /** Starts the worker now (idle until asked; it does not keep the process alive). */
  warm(): void {
    this.ensure();
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = startWorker();
    w.unref();
    w.on("message", (a: MeshAnswer) => {
      const done = this.waiting.get(a.id);
      this.waiting.delete(a.id);
      if (this.waiting.size === 0) w.unref();
      done?.(a);
    });
    const lost = (why: string) => {
      if (this.worker !== w) return;
      this.worker = undefined;
      for (const [id, done] of this.waiting) done({ id, error: why });
      this.waiting.clear();
    };
    w.on("error", (e) => lost(e.message));
    w.on("exit", () => lost("the worker stopped"));
    this.worker = w;
    return w;
  }

  /** Opens project file `rel` (real path `real`; for a numbered series, its folder's). */
  open(rel: string, real: string, numbered: boolean, cells = false): Promise<MeshAnswer> {
    return new Promise((resolve) => {
      const w = this.ensure();
      const id = this.nextId++;
      this.waiting.set(id, resolve);
      w.ref();
      const job: MeshJob = {
        id,
        root: this.root,
        rel,
        real,
        numbered,
        maxBytes: MESH_OPEN_LIMITS.maxBytes,
        cells,
      };
      w.postMessage(job);
    });
  }

  /** Stops the worker (the server closes). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    await w?.terminate();
  }
}

/** Answers `GET /api/mesh` (see the module comment). */
export async function handleMeshOpen(
  res: ServerResponse,
  opener: MeshOpener,
  root: string,
  query: URLSearchParams,
): Promise<void> {
  const all = query.getAll("path");
  if (all.length !== 1) throw new HttpError(400, "give exactly one 'path' query parameter");
  const segments = pathSegments(all[0]!);
  const numbered = query.get("series") === "numbered";
  // A numbered series' pattern names no file: its folder must exist.
  const real = await resolveExisting(root, numbered ? segments.slice(0, -1) : segments);
  const a = await opener.open(segments.join("/"), real, numbered, query.get("cells") === "all");
  if (a.error !== undefined)
    throw new HttpError(413, `'${segments.join("/")}' is too large to open here (${a.error})`);
  res.setHeader("Cache-Control", "no-store");
  if (!a.packed) {
    res.statusCode = 204;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader("Content-Type", "application/octet-stream");
  res.setHeader("Content-Length", a.packed.length);
  res.end(a.packed);
}
