/**
 * Reading a scene from the project through the server's file API: the scene
 * file, then each key frame's PNG (relative to the scene), decoded to RGBA by
 * `loadLiveProject`. Pictures already decoded for the same path are reused
 * (an edit of points reloads the text only).
 */
import { decodeText } from "../../../src/core/bytes.js";
import type { FileReport } from "../../../src/core/report.js";
import type { RgbaImage } from "../../../src/live/index.js";
import { listFiles, readProjectFile } from "../api.js";
import { t } from "../i18n.js";
import { loadLiveProject } from "./backend.js";
import type { LoadedScene } from "./session.js";

/** A scene that loaded, or why not: a message, and the scene's problems when it read with errors. */
export type LoadResult =
  | { readonly ok: true; readonly loaded: LoadedScene; readonly report: FileReport[] }
  | { readonly ok: false; readonly message: string; readonly report: FileReport[] };

/** The first `.scene.json` of the project (in the listing's order), if any. */
export async function firstScene(): Promise<string | undefined> {
  const { files } = await listFiles();
  const scenes = files.filter((f) => f.format === "live-scene" || f.path.endsWith(".scene.json"));
  return scenes.map((f) => f.path).sort()[0];
}

/** Reads the scene at `path` and its pictures; `cache` holds pictures by project path. */
export async function loadScene(
  path: string,
  cache: Map<string, RgbaImage> = new Map(),
): Promise<LoadResult> {
  const src = await readProjectFile(path);
  if (src.status !== "ok") {
    const message =
      src.status === "missing"
        ? t("live.missing", { file: path })
        : t("live.unreadable", { file: path, reason: src.reason });
    return { ok: false, message, report: [] };
  }
  const text = decodeText(src.bytes);
  return sceneFromText(path, text, cache);
}

/**
 * The scene of `text` (the file at `path`) with its pictures, through the
 * one loader the CLI and `deforma check` use: a picture's problem is a PNG
 * finding located at the frame's `image` in the scene.
 */
export async function sceneFromText(
  path: string,
  text: string,
  cache: Map<string, RgbaImage> = new Map(),
): Promise<LoadResult> {
  const r = await loadLiveProject(path, text, readProjectFile, { cache });
  const report = r.diagnostics.length > 0 ? r.report : [];
  const scene = r.diagnostics.some((d) => d.severity === "error") ? undefined : r.scene;
  if (!scene) return { ok: false, message: t("live.cannotPlay"), report };
  return { ok: true, loaded: { path, text, scene, images: r.images }, report };
}
