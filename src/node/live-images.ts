/**
 * The key-frame pictures of a live scene on disk, read through the one
 * companion reader (`files.ts`): each frame's `image`, relative to the scene
 * file, must stay inside the scene's folder, also after following symbolic
 * links (unless `allowOutside`), be a regular file (a device or FIFO is
 * never waited on), decode as PNG and have the scene's size. Findings are
 * PNG diagnostics located at the frame's `image` value in the scene's text;
 * a picture is read once however many frames name it.
 */
import { dirname, join } from "node:path";
import { type Diagnostic, DiagnosticSink, type Span } from "../core/diagnostics.js";
import type { FileSource } from "../core/file-source.js";
import {
  decodePngBounded,
  imagePathProblem,
  PNG,
  type PngKind,
  type RgbaImage,
  type Scene,
  type SceneSpans,
} from "../live/index.js";
import { type CompanionOptions, companionReader, OUTSIDE_REASON } from "./files.js";

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
 * Loads the pictures of `scene`, read from `sceneFile` (relative to `cwd`).
 * Frames whose image path the scene reader already refused (LIV019) are
 * skipped: the scene's own diagnostics say why.
 */
export async function loadSceneImages(
  cwd: string,
  sceneFile: string,
  scene: Scene,
  spans: SceneSpans,
  options: CompanionOptions = {},
): Promise<SceneImages> {
  const read = companionReader(cwd, options);
  const sink = new DiagnosticSink<PngKind>();
  const images = new Map<string, RgbaImage>();
  const outcomes = new Map<string, Outcome>();
  for (const [i, frame] of scene.frames.entries()) {
    if (imagePathProblem(frame.image) !== undefined) continue;
    let outcome = outcomes.get(frame.image);
    if (!outcome) {
      const source = await read(join(dirname(sceneFile), frame.image), sceneFile);
      outcome = await picture(frame.image, source, scene);
      outcomes.set(frame.image, outcome);
    }
    const at: Span = spans.frames[i]?.image ?? [0, 0];
    if ("image" in outcome) images.set(frame.name, outcome.image);
    else sink.report(outcome.kind, `frame '${frame.name}': ${outcome.message}`, ...at);
  }
  return { images, diagnostics: sink.items };
}

/** The picture in `source`, or the finding about it. */
async function picture(image: string, source: FileSource, scene: Scene): Promise<Outcome> {
  if (source.status === "missing") {
    return { kind: PNG.missing, message: `'${image}' does not exist` };
  }
  if (source.status === "unreadable") {
    const { reason } = source;
    if (reason === OUTSIDE_REASON) {
      return { kind: PNG.outside, message: `'${image}' lies outside the scene's folder; not read` };
    }
    if (reason === "EISDIR") return { kind: PNG.notFile, message: `'${image}' is a folder` };
    if (reason.startsWith("not a regular file")) {
      return { kind: PNG.notFile, message: `'${image}' is ${reason}` };
    }
    return { kind: PNG.missing, message: `'${image}' cannot be read (${reason})` };
  }
  const decoded = await decodePngBounded(source.bytes);
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
