/** Reading a live scene for the `live` commands: the scene file, then its key-frame pictures next to it. */
import type { FileReport } from "../../core/report.js";
import { loadLiveProject, type RgbaImage, readScene, type Scene } from "../../live/index.js";
import { companionReader } from "../../node/files.js";
import { inputText, isStdin, shownName } from "../input.js";
import { type CliIo, UsageError } from "../io.js";

/** A scene as read from disk, with its pictures. */
export interface LiveSceneRead {
  /** Undefined when the text is no scene at all. */
  readonly scene: Scene | undefined;
  /** Pictures by frame name (the sound ones). */
  readonly images: Map<string, RgbaImage>;
  /** The scene's findings and its pictures', located in the scene's text. */
  readonly report: FileReport[];
}

/**
 * Reads the scene at `file` (relative to the working directory) and checks
 * its pictures through the companion reader (outside the scene's folder only
 * with `allowOutside`). A scene cannot come from standard input: its
 * pictures are found next to it. `beforePictures` sees the scene (when it
 * reads as one) before any picture is read, and may throw (a budget).
 */
export async function readLiveScene(
  io: CliIo,
  file: string,
  allowOutside: boolean,
  beforePictures?: (scene: Scene) => void,
): Promise<LiveSceneRead> {
  if (isStdin(file)) {
    throw new UsageError("SCENE cannot be '-': its key-frame pictures are found next to it");
  }
  const text = await inputText(io, file, "live-scene");
  if (beforePictures) {
    const parsed = readScene(text).model;
    if (parsed) beforePictures(parsed);
  }
  const read = companionReader(io.cwd, { allowOutside });
  const { scene, images, report } = await loadLiveProject(shownName(file), text, read);
  return { scene, images, report };
}
