/**
 * The key-frame pictures of a live scene on disk: each frame's `image`,
 * relative to the scene file, must stay inside the scene's folder (also
 * after following symbolic links), be a regular file, decode as PNG and have
 * the scene's size. Findings are PNG diagnostics located at the frame's
 * `image` value in the scene's text; a picture is read once however many
 * frames name it. Never reads a device or a FIFO (opened non-blocking,
 * refused by its type), never a file outside the folder.
 */
import { constants } from "node:fs";
import { open, realpath } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { type Diagnostic, DiagnosticSink, type Span } from "../core/diagnostics.js";
import type { RgbaImage } from "../live/image.js";
import { decodePng, PNG, type PngKind } from "../live/png.js";
import type { Scene } from "../live/scene/model.js";
import { imagePathProblem } from "../live/scene/paths.js";
import type { SceneSpans } from "../live/scene/spans.js";

/** What {@link loadSceneImages} found. */
export interface SceneImages {
  /** Pictures by frame name (the frames whose picture is sound). */
  readonly images: Map<string, RgbaImage>;
  /** PNG findings, located in the scene's text, in frame order. */
  readonly diagnostics: Diagnostic[];
}

/** One picture file's outcome: the picture, or why not (without location). */
type Outcome = { readonly image: RgbaImage } | { readonly kind: PngKind; readonly message: string };

/**
 * Loads the pictures of `scene` (read from `sceneFile`, a path on disk).
 * Frames whose image path the scene reader already refused (LIV codes) are
 * skipped: the scene's own diagnostics say why.
 */
export async function loadSceneImages(
  sceneFile: string,
  scene: Scene,
  spans: SceneSpans,
): Promise<SceneImages> {
  const folder = dirname(resolve(sceneFile));
  let realFolder: string | undefined;
  try {
    realFolder = await realpath(folder);
  } catch {
    realFolder = undefined;
  }
  const sink = new DiagnosticSink<PngKind>();
  const images = new Map<string, RgbaImage>();
  const outcomes = new Map<string, Outcome>();
  for (const [i, frame] of scene.frames.entries()) {
    if (imagePathProblem(frame.image) !== undefined) continue;
    let outcome = outcomes.get(frame.image);
    if (!outcome) {
      outcome = await loadOne(folder, realFolder, frame.image, scene);
      outcomes.set(frame.image, outcome);
    }
    const at: Span = spans.frames[i]?.image ?? [0, 0];
    if ("image" in outcome) images.set(frame.name, outcome.image);
    else sink.report(outcome.kind, `frame '${frame.name}': ${outcome.message}`, ...at);
  }
  return { images, diagnostics: sink.items };
}

/** Whether `candidate` is `root` or lies under it (both absolute). */
function isUnder(root: string, candidate: string): boolean {
  const r = relative(root, candidate);
  return r === "" || (!r.startsWith("..") && !isAbsolute(r));
}

async function loadOne(
  folder: string,
  realFolder: string | undefined,
  image: string,
  scene: Scene,
): Promise<Outcome> {
  const path = resolve(folder, image);
  if (!isUnder(folder, path)) {
    return { kind: PNG.outside, message: `'${image}' lies outside the scene's folder; not read` };
  }
  let real: string;
  try {
    real = await realpath(path);
  } catch (e) {
    return { kind: PNG.missing, message: `'${image}' ${missingWords(e)}` };
  }
  if (realFolder === undefined || !isUnder(realFolder, real)) {
    return {
      kind: PNG.outside,
      message: `'${image}' is a symbolic link leading outside the scene's folder; not read`,
    };
  }
  let bytes: Uint8Array;
  try {
    const handle = await open(
      real,
      constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0),
    );
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        const what = stat.isDirectory() ? "a folder" : "not a regular file (a device or FIFO)";
        return { kind: PNG.notFile, message: `'${image}' is ${what}` };
      }
      bytes = new Uint8Array(await handle.readFile());
    } finally {
      await handle.close();
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EISDIR") return { kind: PNG.notFile, message: `'${image}' is a folder` };
    return { kind: PNG.missing, message: `'${image}' cannot be read (${code ?? String(e)})` };
  }
  const decoded = decodePng(bytes);
  const problem = decoded.diagnostics[0];
  if (!decoded.image || problem) {
    const kind = Object.values(PNG).find((k) => k.code === problem?.code) ?? PNG.corrupt;
    const message = problem?.message ?? "cannot decode the PNG";
    const at = problem && problem.start > 0 ? ` (at byte ${problem.start})` : "";
    return { kind, message: `'${image}': ${message}${at}` };
  }
  const { width, height } = decoded.image;
  if (width !== scene.width || height !== scene.height) {
    return {
      kind: PNG.size,
      message: `'${image}' is ${width}×${height}; the scene's size is ${scene.width}×${scene.height}`,
    };
  }
  return { image: decoded.image };
}

/** Why a path could not be resolved, in words. */
function missingWords(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return "does not exist";
  if (code === "ELOOP") return "is a loop of symbolic links";
  if (code === "EACCES") return "cannot be reached (permission denied)";
  return `cannot be reached (${code ?? String(e)})`;
}
