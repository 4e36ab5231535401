/**
 * "Export baked glTF": the preview's character baked as `deforma bulge bake`
 * bakes it — the same function, run in a worker (bake-worker.ts) so the page
 * never waits — and saved into the project beside the `.glb` as
 * `NAME.baked.glb` through the studio's atomic save, replacing an existing
 * file only when the user confirms.
 */
import type { BulgeDefinition, Rig } from "../../../src/bulge/index.js";
import { siblingPath, stemOf } from "../../../src/core/path.js";
import { writeProjectFile } from "../api.js";

/** What the page sends the worker. */
export interface BakeRequest {
  readonly bytes: Uint8Array;
  /** The mesh to bake on (by name). */
  readonly mesh: string;
  readonly rig: Rig;
  readonly definitions: readonly Pick<BulgeDefinition, "code" | "sections">[];
}

/** What the worker answers: the baked file and its number of morph targets, or why not. */
export type BakeReply =
  | { readonly glb: Uint8Array; readonly targets: number; readonly error?: undefined }
  | { readonly error: string; readonly glb?: undefined };

/** Runs the bake in a worker of its own (ended when it answers). */
export function bakeInWorker(req: BakeRequest): Promise<BakeReply> {
  const worker = new Worker(new URL("./bake-worker.ts", import.meta.url), { type: "module" });
  return new Promise((resolve) => {
    const done = (reply: BakeReply) => {
      worker.terminate();
      resolve(reply);
    };
    worker.onmessage = (e: MessageEvent<BakeReply>) => done(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      done({ error: e.message || "the bake stopped" });
    };
    worker.postMessage(req);
  });
}

/** Where the bake of `path` is saved: beside it, `NAME.baked.glb`. */
export function bakedPath(path: string): string {
  return siblingPath(path, `${stemOf(path)}.baked.glb`);
}

/**
 * Saves `glb` at `path` through the studio's atomic save: "saved", or "kept"
 * when a file is there and `confirmReplace` says no (it is asked only then).
 */
export async function saveBaked(
  path: string,
  glb: Uint8Array,
  confirmReplace: (path: string) => boolean,
): Promise<"saved" | "kept"> {
  if ((await writeProjectFile(path, glb, false)) === "ok") return "saved";
  if (!confirmReplace(path)) return "kept";
  await writeProjectFile(path, glb, true);
  return "saved";
}
