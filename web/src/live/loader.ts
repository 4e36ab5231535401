/**
 * Reading a scene from the project through the server's file API: the scene
 * file, then each key frame's PNG (relative to the scene), decoded to RGBA.
 * Pictures already decoded for the same path are reused (an edit of points
 * reloads the text only).
 */
import { decodeText } from "../../../src/core/bytes.js";
import { resolveSibling } from "../../../src/core/path.js";
import type { FileReport } from "../../../src/core/report.js";
import type { RgbaImage } from "../../../src/live/index.js";
import { listFiles, readProjectFile } from "../api.js";
import { t } from "../i18n.js";
import { decodePngBounded, readScene } from "./backend.js";
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

/** The scene of `text` (the file at `path`) with its pictures. */
export async function sceneFromText(
  path: string,
  text: string,
  cache: Map<string, RgbaImage> = new Map(),
): Promise<LoadResult> {
  const read = readScene(text);
  const report: FileReport[] =
    read.diagnostics.length > 0 ? [{ file: path, text, diagnostics: read.diagnostics }] : [];
  const scene = read.diagnostics.some((d) => d.severity === "error") ? undefined : read.model;
  if (!scene) return { ok: false, message: t("live.cannotPlay"), report };
  const images = new Map<string, RgbaImage>();
  for (const f of scene.frames) {
    const file = resolveSibling(path, f.image);
    let image = cache.get(file);
    if (!image) {
      const png = await readProjectFile(file);
      const bad = (reason: string) => ({
        ok: false as const,
        message: t("live.badImage", { file, frame: f.name, reason }),
        report,
      });
      if (png.status === "missing") return bad(t("live.missing", { file }));
      if (png.status !== "ok") return bad(png.reason);
      const decoded = await decodePngBounded(png.bytes);
      if (!decoded.image) {
        report.push({ file, diagnostics: decoded.diagnostics });
        return bad(decoded.diagnostics[0]?.message ?? "?");
      }
      image = decoded.image;
      if (image.width !== scene.width || image.height !== scene.height)
        return bad(`${image.width}×${image.height} ≠ ${scene.width}×${scene.height}`);
      cache.set(file, image);
    }
    images.set(f.name, image);
  }
  return { ok: true, loaded: { path, text, scene, images }, report };
}
