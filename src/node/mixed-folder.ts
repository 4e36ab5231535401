/** The Node edge of {@link loadMixedFolder}: an `.amx` and its companions read from disk. */
import { type LoadMixedOptions, loadMixedFolder, type MixedFolder } from "../mixed/load.js";
import { openLargeAgr } from "./agr-frames.js";
import { type CompanionOptions, companionReader, companionTarget } from "./files.js";

/** Options of {@link checkAmxText}. */
export interface MixedFolderOptions extends LoadMixedOptions, CompanionOptions {
  /**
   * Frame budget, bytes: a binary `.agr` larger than this is read frame by
   * frame, holding at most this many bytes of frame values (default: read whole).
   */
  readonly frameBudget?: number;
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
  const budget = options.frameBudget;
  const openMesh: LoadMixedOptions["openMesh"] =
    budget === undefined
      ? undefined
      : async (file, from) => {
          const target = await companionTarget(cwd, file, from, options);
          return typeof target === "string" ? openLargeAgr(target, budget) : undefined;
        };
  return loadMixedFolder(path, text, companionReader(cwd, options), {
    ...options,
    ...(openMesh ? { openMesh } : {}),
  });
}
