/**
 * The Mesh workspace's reader in a Web Worker (decision 215): the file and its
 * companions are fetched here (companions batched into few `POST /api/read`
 * requests) and parsed by the same {@link loadMeshFile} the CLI uses, off the
 * page's thread; the result goes back with its typed arrays transferred, not
 * copied. The worker knows the mixed system's formats (the only ones that
 * open in the Mesh workspace); a file they do not open as a mesh is answered
 * `{ fallback: true }` and read on the page with the page's registry.
 */
import { FORMAT, FormatRegistry } from "../../../src/core/formats/index.js";
import { MIXED_FORMATS } from "../../../src/mixed/formats.js";
import { isMeshFile, loadMeshFile } from "../../../src/mixed/index.js";
import { batchedReader, readProjectFile, setApiToken } from "../api.js";
import { transferables } from "./mesh-load.js";

const formats = new FormatRegistry(MIXED_FORMATS);

/** What a dedicated worker's global scope offers here. */
interface WorkerScope {
  onmessage: ((e: MessageEvent<{ file: string; token?: string }>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (e) => {
  // A worker has no sessionStorage: the page gives it the token with the job.
  setApiToken(e.data.token);
  void answer(e.data.file).then(
    (reply) => scope.postMessage(reply, transferables(reply)),
    (error: unknown) => scope.postMessage({ fallback: true, error: String(error) }, []),
  );
};

async function answer(file: string): Promise<unknown> {
  const input = await readProjectFile(file);
  // Missing or unreadable files, and files of no mesh format here: the page says why.
  if (input.status !== "ok" || !isMeshFile(file, formats)) return { fallback: true };
  const r = await loadMeshFile(file, input.bytes, batchedReader(), formats);
  if (r.report.some((f) => f.diagnostics.some((d) => d.code === FORMAT.unknown.code)))
    return { fallback: true };
  return { file: r };
}
