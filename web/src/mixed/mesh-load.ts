/**
 * Reading a mesh file for the Mesh workspace in a Web Worker
 * (mesh-load-worker.ts; decision 215), with the page as the fallback: a
 * browser without module workers, a worker that fails, or a file the
 * worker's formats do not open is read on the page as before.
 */
import type { MeshFile } from "../../../src/mixed/index.js";
import { apiToken } from "../api.js";

/** The distinct ArrayBuffers under `value` (typed arrays' buffers), to transfer rather than copy. */
export function transferables(value: unknown): ArrayBuffer[] {
  const found = new Set<ArrayBuffer>();
  const seen = new Set<object>();
  const walk = (v: unknown): void => {
    if (typeof v !== "object" || v === null || seen.has(v)) return;
    seen.add(v);
    if (ArrayBuffer.isView(v)) {
      if (v.buffer instanceof ArrayBuffer) found.add(v.buffer);
      return;
    }
    for (const x of Array.isArray(v) ? v : Object.values(v)) walk(x);
  };
  walk(value);
  return [...found];
}

/** The mesh file read in a worker, or undefined when the page should read it itself. */
export function loadMeshInWorker(file: string): Promise<MeshFile | undefined> {
  let worker: Worker;
  try {
    worker = new Worker(new URL("./mesh-load-worker.ts", import.meta.url), { type: "module" });
  } catch {
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const done = (r: MeshFile | undefined) => {
      worker.terminate();
      resolve(r);
    };
    worker.onmessage = (e: MessageEvent<{ file?: MeshFile }>) => done(e.data.file);
    worker.onerror = () => done(undefined);
    worker.postMessage({ file, token: apiToken() });
  });
}
