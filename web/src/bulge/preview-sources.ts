/** The sources the bulge preview offers, from the project's rigs and file list. */
import { listFiles } from "../api.js";
import type { PreviewSource } from "./preview-pickers.js";
import { meshPathOf, type ProjectRig } from "./session.js";

/**
 * What the preview can show: each rig whose mesh is an OBJ, then each
 * `.glb` of the project with the rig made for it (a rig whose `mesh` names
 * it, as `rig from-gltf` writes), by path.
 */
export async function previewSources(
  rigs: readonly ProjectRig[],
  list: () => Promise<readonly string[]> = studioFiles,
): Promise<PreviewSource[]> {
  const obj = rigs
    .map((r) => ({ rigPath: r.path, meshPath: meshPathOf(r) }))
    .filter((s) => s.meshPath.toLowerCase().endsWith(".obj"));
  let glbs: string[] = [];
  try {
    glbs = (await list()).filter((p) => p.toLowerCase().endsWith(".glb"));
  } catch {
    /* no list: the rigs alone */
  }
  const characters = glbs.sort().map((gltf): PreviewSource => {
    const rig = rigs.find((r) => meshPathOf(r) === gltf);
    return rig ? { gltf, rigPath: rig.path } : { gltf };
  });
  return [...obj, ...characters];
}

/** Every project file's path, from the studio's file list. */
export async function studioFiles(): Promise<string[]> {
  return (await listFiles()).files.map((f) => f.path);
}
