/**
 * The `mixed` and `mesh` kinds of a shared page, for `<deforma-mesh>`
 * (docs/formats/mesh-pack.md): a mixed model (`.amx`) becomes a packed
 * model folder of the files its loader read, its mesh animations packed; a
 * mesh animation or solver series (any format the Mesh workspace opens)
 * becomes a packed mesh series, within 1e-3 of the model size (decision 332).
 */
import { decodeText } from "../../core/bytes.js";
import type { FileSource } from "../../core/file-source.js";
import { baseName } from "../../core/path.js";
import { reportHasErrors } from "../../core/report.js";
import { FORMATS } from "../../formats.js";
import {
  loadMeshFile,
  loadMixedFolder,
  MESH_WORKSPACE,
  type ModelFile,
  packMesh,
  packModel,
} from "../../mixed/index.js";
import type { ShareInput, ShareKind, SharePack } from "./types.js";

/** The element both kinds play in. */
export const MESH_TAG = "deforma-mesh";

/** The `mixed` kind: an `.amx` with the files it names. */
export const MIXED_SHARE: ShareKind = {
  id: "mixed",
  detect: (input) => input.format?.id === "amx",
  pack: packMixed,
};

/** The `mesh` kind: one file the Mesh workspace opens (an `.agr`, a VTK series, a solver result). */
export const MESH_SHARE: ShareKind = {
  id: "mesh",
  detect: (input) => input.format?.workspace === MESH_WORKSPACE,
  pack: packMeshFile,
};

async function packMixed(input: ShareInput): Promise<SharePack> {
  const name = baseName(input.file);
  const files: ModelFile[] = [{ name, bytes: input.bytes }];
  // Every file the loader reads goes into the page, under its base name (the loader names them beside the .amx).
  const record = async (path: string): Promise<FileSource> => {
    const source = await input.read(path, input.file);
    if (source.status === "ok" && !files.some((f) => f.name === baseName(path)))
      files.push({ name: baseName(path), bytes: source.bytes });
    return source;
  };
  const loaded = await loadMixedFolder(input.file, decodeText(input.bytes), record);
  const report = loaded.report;
  if (reportHasErrors(report)) return { report };
  const payload = await packModel(files);
  return { packed: { element: MESH_TAG, payload, attributes: { "data-name": name } }, report };
}

async function packMeshFile(input: ShareInput): Promise<SharePack> {
  const r = await loadMeshFile(input.file, input.bytes, input.read, FORMATS);
  if (!r.model || reportHasErrors(r.report)) return { report: r.report };
  const payload = await packMesh(r.model);
  const name = baseName(input.file);
  return {
    packed: { element: MESH_TAG, payload, attributes: { "data-name": name } },
    report: r.report,
  };
}
