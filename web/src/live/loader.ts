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

/** The demo's face scene, relative to the demo folder (the studio's default project). */
export const DEMO_SCENE = "live/face.scene.json";

/** Most scenes `#/live` alone tries before it shows the first one's problems. */
export const MAX_SCENE_TRIES = 8;

/** The project's `.scene.json` files, the demo's face first (at any depth), then in path order. */
export async function sceneCandidates(): Promise<string[]> {
  const { files } = await listFiles();
  const scenes = files
    .filter((f) => f.format === "live-scene" || f.path.endsWith(".scene.json"))
    .map((f) => f.path)
    .sort();
  const demo = (p: string) => p === DEMO_SCENE || p.endsWith(`/${DEMO_SCENE}`);
  return [...scenes.filter(demo), ...scenes.filter((p) => !demo(p))];
}

/**
 * What `#/live` alone opens: the first of `paths` that loads (at most
 * {@link MAX_SCENE_TRIES} tried, one after another), or else the first,
 * with its problems; undefined when there is none.
 */
export async function firstPlayable(
  paths: readonly string[],
  load: (path: string) => Promise<LoadResult>,
): Promise<{ path: string; result: LoadResult } | undefined> {
  let first: { path: string; result: LoadResult } | undefined;
  for (const path of paths.slice(0, MAX_SCENE_TRIES)) {
    const result = await load(path);
    if (result.ok) return { path, result };
    first ??= { path, result };
  }
  return first;
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
