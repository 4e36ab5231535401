/**
 * A glTF character read for the bulge preview: the `.glb` read whole by the
 * bulge system's reader, and for each skin the rig `rig from-gltf` makes of
 * it. Everything it answers is plain data. The studio runs it in a worker
 * (gltf-worker.ts); `<deforma-bulge>` on the page's thread (a page from
 * file:// has no worker file to start).
 */
import { type GltfAsset, readGltf, rigFromGltf } from "../../../src/bulge/gltf/index.js";
import type { Rig } from "../../../src/bulge/index.js";

/** What the reader answers: the asset and per skin its rig (or why none), or the reader's first error. */
export interface CharacterRead {
  readonly asset?: GltfAsset;
  readonly rigs: readonly (Rig | string)[];
  readonly error?: string;
}

/** Reads `bytes` (the file named `name`); never throws. */
export async function parseCharacter(bytes: Uint8Array, name: string): Promise<CharacterRead> {
  try {
    const r = await readGltf(bytes);
    const error = r.diagnostics.find((d) => d.severity === "error");
    if (!r.model || error) return { error: error?.message ?? "no mesh", rigs: [] };
    const model = r.model;
    const rigs = model.skins.map((_, i) => {
      const made = rigFromGltf(model, i, name);
      const problem = made.diagnostics.find((d) => d.severity === "error");
      return made.rig && !problem ? made.rig : (problem?.message ?? "no rig");
    });
    return { asset: model, rigs };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err), rigs: [] };
  }
}
