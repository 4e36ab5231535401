/** The Node edge of {@link loadMixedFolder}: an `.amx` and its companions read from disk. */
import { type LoadMixedOptions, loadMixedFolder, type MixedFolder } from "../mixed/load.js";
import { type CompanionOptions, companionReader } from "./files.js";

/**
 * Reads the `.amx` at `path` (text given) and, unless `files` is false, the
 * files next to it, and returns every finding (see `mixed/load`).
 */
export function checkAmxText(
  path: string,
  text: string,
  options: LoadMixedOptions & CompanionOptions = {},
): Promise<MixedFolder> {
  return loadMixedFolder(path, text, companionReader(process.cwd(), options), options);
}
