/**
 * The live kind of a shared page: a scene (`*.scene.json`) and its key-frame
 * pictures, packed as `{ kind, scene, files }` (src/core/typed-pack.ts) for
 * `<deforma-live>`: `scene` is the scene's file name, `files` its bytes and
 * each picture's by the path the scene gives (decision 325).
 */
import { decodeText } from "../../core/bytes.js";
import type { FileSource } from "../../core/file-source.js";
import { baseName, folderOf } from "../../core/path.js";
import { packTyped } from "../../core/typed-pack.js";
import { loadLiveProject } from "../../live/index.js";
import type { ShareInput, ShareKind, SharePack } from "./types.js";

/** The `live` kind: a live scene. */
export const LIVE_SHARE: ShareKind = {
  id: "live",
  detect: (input) =>
    input.format?.id === "live-scene" || input.file.toLowerCase().endsWith(".scene.json"),
  pack: packLive,
};

async function packLive(input: ShareInput): Promise<SharePack> {
  const text = decodeText(input.bytes);
  const name = baseName(input.file);
  // Plain Uint8Array views (a Node Buffer is not one of typed-pack's kinds).
  const plain = (b: Uint8Array) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  const files: Record<string, Uint8Array> = { [name]: plain(input.bytes) };
  const folder = folderOf(input.file);
  const record = async (path: string): Promise<FileSource> => {
    const source = await input.read(`${folder}${path}`, input.file);
    if (source.status === "ok") files[path] = plain(source.bytes);
    return source;
  };
  const loaded = await loadLiveProject(name, text, record);
  const report = loaded.report.map((r) => ({ ...r, file: input.file }));
  if (!loaded.scene || loaded.diagnostics.some((d) => d.severity === "error")) return { report };
  const payload = packTyped({ kind: "live", scene: name, files });
  return payload ? { packed: { element: "deforma-live", payload }, report } : { report };
}
