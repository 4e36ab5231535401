/**
 * The images a scene names, and the pure check of an image path: relative,
 * `/`-separated, never leaving the scene's folder, a `.png`. Resolving a
 * path against the scene file is I/O and belongs to the edges.
 */
import type { Scene } from "./model.js";

/** The image paths of a scene's frames, each once, in frame order. */
export function sceneImages(scene: Scene): string[] {
  return [...new Set(scene.frames.map((f) => f.image))];
}

/**
 * What is wrong with a frame's image path, or undefined when it is sound:
 * not empty, no `\` and no control character, not absolute (`/…`, `C:…`, a
 * URL scheme), no `..` segment that climbs above the scene's folder (`a/../b.png`
 * stays inside and is accepted), no empty segment, and ending in `.png`
 * (any case).
 */
export function imagePathProblem(path: string): string | undefined {
  if (path === "") return "the image path is empty";
  if (path.includes("\\")) return "the image path uses '\\'; separate folders with '/'";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) return "the image path has a control character";
  if (path.startsWith("/")) return "the image path is absolute; give it relative to the scene";
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(path)) {
    return "the image path starts with a drive or scheme ('x:'); give it relative to the scene";
  }
  let depth = 0;
  for (const segment of path.split("/")) {
    if (segment === "") return "the image path has an empty segment ('//' or a final '/')";
    if (segment === ".") continue;
    if (segment === "..") {
      depth--;
      if (depth < 0) return "the image path leaves the scene's folder ('..')";
    } else depth++;
  }
  if (!/\.png$/i.test(path)) return "the image is not a '.png' file";
  return undefined;
}

/** Whether {@link imagePathProblem} finds nothing. */
export function isSafeImagePath(path: string): boolean {
  return imagePathProblem(path) === undefined;
}
