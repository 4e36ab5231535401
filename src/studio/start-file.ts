/**
 * Which file the studio opens first: the first mixed animation (top level
 * before subfolders, then by path) that loads — its check, with the files it
 * names, has no errors. When none loads, the first one, so the user sees why.
 */
import { join } from "node:path";
import { decodeText } from "../core/bytes.js";
import type { FormatRegistry } from "../core/formats/index.js";
import { reportHasErrors } from "../core/report.js";
import { FORMATS } from "../formats.js";
import { readInput } from "../node/files.js";
import { checkAmxText } from "../node/mixed-folder.js";
import { listProjectFiles } from "./project-files.js";

/** How many candidates are checked at most before falling back to the first. */
const START_FILE_TRIES = 20;

/** `paths` ordered top level first, then by path (code unit order). */
export function startOrder(paths: readonly string[]): string[] {
  const depth = (p: string) => p.split("/").length;
  return [...paths].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** The first of `candidates` (already ordered) for which `loads` holds, else the first; undefined when empty. */
export async function firstLoading(
  candidates: readonly string[],
  loads: (path: string) => Promise<boolean>,
  tries: number = START_FILE_TRIES,
): Promise<string | undefined> {
  for (const path of candidates.slice(0, tries)) if (await loads(path)) return path;
  return candidates[0];
}

/** Whether the `.amx` at `rel` under `root` loads: it and the files it names check without errors. */
async function mixedLoads(root: string, rel: string): Promise<boolean> {
  const abs = join(root, ...rel.split("/"));
  const input = await readInput(abs);
  if (input.status !== "ok") return false;
  const folder = await checkAmxText(abs, decodeText(input.bytes), { files: true });
  return !reportHasErrors(folder.report);
}

/** The project file (relative POSIX path) the studio's first link opens in the Mixed workspace. */
export async function mixedStartFile(
  root: string,
  formats: FormatRegistry = FORMATS,
): Promise<string | undefined> {
  const { files } = await listProjectFiles(root);
  const mixed = files.map((f) => f.path).filter((p) => formats.byName(p)?.workspace === "mixed");
  return firstLoading(startOrder(mixed), (p) => mixedLoads(root, p));
}
