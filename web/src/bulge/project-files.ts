/**
 * Where the Bulges workspace reads a project: the studio's file API, or the
 * files of one shared character (`<deforma-bulge>`: the page's packed files
 * or those beside its `src`).
 */
import {
  type BulgeProjectIo,
  CATALOGUE_PATH,
  defaultBulgeTypes,
  readRig,
} from "../../../src/bulge/index.js";
import { decodeText } from "../../../src/core/bytes.js";
import type { FileReader } from "../../../src/core/file-source.js";
import { listFiles, readProjectFile, writeProjectFile } from "../api.js";
import { studioFiles } from "./preview-sources.js";

/** A project's files as the workspace reads them: the loader's reader and rig lister, and every file's path. */
export interface BulgeFiles extends BulgeProjectIo {
  readonly listFiles: () => Promise<readonly string[]>;
}

/** The studio's file API as a bulge project's reader, writer and rig lister. */
export const STUDIO_FILES: BulgeFiles = {
  listFiles: studioFiles,
  read: (path) => readProjectFile(path),
  create: async (path, bytes) =>
    (await writeProjectFile(path, bytes, false)) === "ok" ? "created" : "exists",
  async listRigs() {
    try {
      const { files } = await listFiles();
      return files
        .filter((f) => f.format === "rig" || f.path.endsWith(".rig.json"))
        .map((f) => f.path);
    } catch {
      return [];
    }
  },
};

/**
 * One character's project (decision 347): `character` — a rig (`*.rig.json`,
 * with the mesh it names) or a `.glb` — and the catalogue
 * `misc_data/bulge_types` beside it (the default catalogue when there is
 * none, as Alias gives a project without one), read through `read`.
 */
export function characterFiles(read: FileReader, character: string): BulgeFiles {
  const glb = character.toLowerCase().endsWith(".glb");
  return {
    async read(path) {
      const r = await read(path);
      if (r.status === "missing" && path === CATALOGUE_PATH)
        return { status: "ok", bytes: new TextEncoder().encode(defaultBulgeTypes()) };
      return r;
    },
    listRigs: async () => (glb ? [] : [character]),
    async listFiles() {
      if (glb) return [character];
      // A rig made for a glTF character names it as its mesh: the preview offers it.
      const r = await read(character);
      const mesh = r.status === "ok" ? readRig(decodeText(r.bytes)).model?.mesh : undefined;
      return mesh ? [character, mesh] : [character];
    },
  };
}
