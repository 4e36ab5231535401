/** The Node edge of {@link loadMixedFolder}: an `.amx` and its companions read from disk. */
import { stat } from "node:fs/promises";
import { type LoadMixedOptions, loadMixedFolder, type MixedFolder } from "../mixed/load/index.js";
import type { FrameArena } from "../mixed/sample/index.js";
import { readAgrFile } from "./agr-file.js";
import { openLargeAgr } from "./agr-frames.js";
import {
  type CompanionOptions,
  companionReader,
  companionTarget,
  MAX_INPUT_BYTES,
} from "./files.js";

/** Options of {@link checkAmxText}. */
export interface MixedFolderOptions extends LoadMixedOptions, CompanionOptions {
  /**
   * Frame budget, bytes: a binary `.agr` larger than this is read frame by
   * frame, holding at most this many bytes of frame values (default: read whole).
   */
  readonly frameBudget?: number;
  /**
   * Read the meshes into this arena, for sampling with its WebAssembly
   * kernels (`new MixedSampler(scene, arena)`); a mesh read frame by frame
   * stays outside it.
   */
  readonly arena?: FrameArena;
}

/**
 * Reads the `.amx` at `path` (text given) and, unless `files` is false, the
 * files next to it, and returns every finding (see `mixed/load`).
 */
export function checkAmxText(
  path: string,
  text: string,
  options: MixedFolderOptions = {},
): Promise<MixedFolder> {
  const cwd = process.cwd();
  const { frameBudget: budget, arena } = options;
  const openMesh: LoadMixedOptions["openMesh"] =
    budget === undefined && !arena
      ? undefined
      : async (file, from) => {
          const target = await companionTarget(cwd, file, from, options);
          if (typeof target !== "string") return undefined;
          const large = budget === undefined ? undefined : await openLargeAgr(target, budget);
          return large ?? (arena ? readIntoArena(target, arena, options.maxBytes) : undefined);
        };
  return loadMixedFolder(path, text, companionReader(cwd, options), {
    ...options,
    ...(openMesh ? { openMesh } : {}),
  });
}

/**
 * The mesh at `path` read into `arena`; undefined (the loader then reads it
 * the usual way and reports why it could not) for anything but a readable
 * regular file within `maxBytes`.
 */
async function readIntoArena(
  path: string,
  arena: FrameArena,
  maxBytes = MAX_INPUT_BYTES,
): Promise<Awaited<ReturnType<typeof readAgrFile>> | undefined> {
  try {
    const info = await stat(path);
    if (!info.isFile() || info.size > maxBytes) return undefined;
    return await readAgrFile(path, { arena });
  } catch {
    return undefined;
  }
}
