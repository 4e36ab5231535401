/**
 * Loading a live project: the scene with its key-frame pictures, through an
 * injected reader, so the CLI (`live check`, `live render`), `deforma check`
 * (the scene format's descriptor), the studio server and the studio page run
 * the same code. Each frame's `image`, relative to the scene file, is read
 * once however many frames name it, decoded with the bounded PNG decoder and
 * compared with the scene's size. Findings are PNG diagnostics located at
 * the frame's `image` value in the scene's text, after the scene's own.
 * Never throws.
 */
import {
  type Diagnostic,
  type DiagnosticKind,
  DiagnosticSink,
  type Span,
  sortBySource,
} from "../core/diagnostics.js";
import { type FileReader, type FileSource, OUTSIDE_REASON } from "../core/file-source.js";
import type { Message, MessageArgs } from "../core/message.js";
import { resolveSibling } from "../core/path.js";
import type { FileReport } from "../core/report.js";
import type { RgbaImage } from "./image.js";
import { decodePngBounded } from "./png/bounded.js";
import { PNG, type PngKind } from "./png/codes.js";
import type { Scene } from "./scene/model.js";
import { imagePathProblem } from "./scene/paths.js";
import { readScene, type SceneReadResult } from "./scene/read.js";
import type { SceneSpans } from "./scene/spans.js";

/** Options of {@link loadLiveProject}. */
export interface LoadLiveOptions {
  /**
   * Pictures already decoded, by the path the reader was given (the studio
   * keeps them across reloads of an edited scene); sound pictures read now
   * are added. A picture found here is not read again nor re-checked
   * except for its size.
   */
  readonly cache?: Map<string, RgbaImage>;
}

/** Everything read for one scene. */
export interface LiveProject {
  /** The scene's reader result (model, diagnostics, spans). */
  readonly read: SceneReadResult;
  /** The scene; undefined when the text is no scene at all. */
  readonly scene: Scene | undefined;
  /** Pictures by frame name (the frames whose picture is sound). */
  readonly images: Map<string, RgbaImage>;
  /** The scene's findings and its pictures' (PNG codes), located in the scene's text, in source order. */
  readonly diagnostics: Diagnostic[];
  /** One report: the scene file with {@link diagnostics}. */
  readonly report: FileReport[];
}

/**
 * Reads the scene at `path` (its text given) and, when it has a size, the
 * picture of every frame whose image path is sound (a path the reader
 * refused, LIV019, is not read: the scene's diagnostics say why). Without a
 * size (reported already) every picture would be "of the wrong size": none
 * is read.
 */
export async function loadLiveProject(
  path: string,
  text: string,
  read: FileReader,
  options: LoadLiveOptions = {},
): Promise<LiveProject> {
  const r = readScene(text);
  let diagnostics: Diagnostic[] = r.diagnostics;
  let images = new Map<string, RgbaImage>();
  if (r.model && r.spans?.size !== undefined) {
    const loaded = await loadPictures(path, r.model, r.spans, read, options.cache);
    images = loaded.images;
    diagnostics = sortBySource([...diagnostics, ...loaded.diagnostics]);
  }
  return {
    read: r,
    scene: r.model,
    images,
    diagnostics,
    report: [{ file: path, text, diagnostics }],
  };
}

/**
 * One picture file's outcome: the picture, or why not (without location and
 * frame; `args` are the message's named arguments besides `frame`).
 */
type Outcome =
  | { readonly image: RgbaImage }
  | { readonly kind: PngKind; readonly message: string; readonly args: MessageArgs };

/** The pictures of `scene` (read from `path`), with their findings located at each frame's `image`. */
async function loadPictures(
  path: string,
  scene: Scene,
  spans: SceneSpans,
  read: FileReader,
  cache: Map<string, RgbaImage> | undefined,
): Promise<{ images: Map<string, RgbaImage>; diagnostics: Diagnostic[] }> {
  const sink = new DiagnosticSink<PngKind>();
  const images = new Map<string, RgbaImage>();
  const outcomes = new Map<string, Outcome>();
  for (const [i, frame] of scene.frames.entries()) {
    if (imagePathProblem(frame.image) !== undefined) continue;
    let outcome = outcomes.get(frame.image);
    if (!outcome) {
      const file = resolveSibling(path, frame.image);
      const cached = cache?.get(file);
      outcome = cached
        ? sized(frame.image, cached, scene)
        : await picture(frame.image, await read(file, path), scene);
      if (cache && "image" in outcome) cache.set(file, outcome.image);
      outcomes.set(frame.image, outcome);
    }
    const at: Span = spans.frames[i]?.image ?? [0, 0];
    if ("image" in outcome) images.set(frame.name, outcome.image);
    else {
      const message: Message = {
        text: `frame '${frame.name}': ${outcome.message}`,
        args: (outcome.kind as DiagnosticKind).args?.includes("frame")
          ? { frame: frame.name, ...outcome.args }
          : outcome.args,
      };
      sink.report(outcome.kind, message, ...at);
    }
  }
  return { images, diagnostics: sink.items };
}

/** Why a reader could not give the picture `image`, as a finding. */
function unread(image: string, source: Exclude<FileSource, { status: "ok" }>): Outcome {
  const args = { image };
  if (source.status === "missing") {
    return { kind: PNG.missing, message: `'${image}' does not exist`, args };
  }
  const { reason } = source;
  if (reason === OUTSIDE_REASON) {
    const message = `'${image}' lies outside the scene's folder; not read`;
    return { kind: PNG.outside, message, args };
  }
  if (reason === "EISDIR") return { kind: PNG.notFile, message: `'${image}' is a folder`, args };
  if (reason.startsWith("not a regular file")) {
    return { kind: PNG.notFile, message: `'${image}' is ${reason}`, args };
  }
  return { kind: PNG.missing, message: `'${image}' cannot be read (${reason})`, args };
}

/** The picture in `source`, or the finding about it. */
async function picture(image: string, source: FileSource, scene: Scene): Promise<Outcome> {
  if (source.status !== "ok") return unread(image, source);
  const decoded = await decodePngBounded(source.bytes);
  const problem = decoded.diagnostics[0];
  if (!decoded.image || problem) {
    const kind = Object.values(PNG).find((k) => k.code === problem?.code) ?? PNG.corrupt;
    const message = problem?.message ?? "cannot decode the PNG";
    const at = problem && problem.start > 0 ? ` (at byte ${problem.start})` : "";
    return { kind, message: `'${image}': ${message}${at}`, args: problem?.args ?? {} };
  }
  return sized(image, decoded.image, scene);
}

/** `picture` when it has the scene's size, or the finding. */
function sized(image: string, picture: RgbaImage, scene: Scene): Outcome {
  const { width, height } = picture;
  if (width !== scene.width || height !== scene.height) {
    return {
      kind: PNG.size,
      message: `'${image}' is ${width}×${height}; the scene's size is ${scene.width}×${scene.height}`,
      args: { image, width, height, sceneWidth: scene.width, sceneHeight: scene.height },
    };
  }
  return { image: picture };
}
