/**
 * A bulge project on disk: its catalogue `misc_data/bulge_types` (created
 * from the default when missing, as Alias does) and the rigs (`*.rig.json`)
 * anywhere below it that reference catalogue codes. The CLI (`bulge init`,
 * `bulge rm`) and the studio use the same functions.
 */
import type { Dirent } from "node:fs";
import { lstat, mkdir, readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { CATALOGUE_PATH, defaultBulgeTypes } from "../bulge/catalogue/index.js";
import { type Rig, type RigReference, readRig } from "../bulge/rig/index.js";
import { decodeText } from "../core/bytes.js";
import { FileExistsError, writeFileAtomic } from "./atomic-write.js";

/**
 * Gives `project` the default `misc_data/bulge_types` when it has none
 * (folders created as needed; written atomically). Never overwrites: an
 * existing catalogue is left alone. Says which happened.
 */
export async function ensureCatalogue(project: string): Promise<"created" | "exists"> {
  await mkdir(join(project, "misc_data"), { recursive: true });
  try {
    await writeFileAtomic(join(project, CATALOGUE_PATH), defaultBulgeTypes(), { overwrite: false });
    return "created";
  } catch (e) {
    if (e instanceof FileExistsError) return "exists";
    throw e;
  }
}

/** Folders a project search does not enter: hidden ones and installed packages. */
function skipped(name: string): boolean {
  return name.startsWith(".") || name === "node_modules";
}

/** At most this many folders are searched for rigs (a project, not a whole disk). */
export const MAX_FOLDERS = 10_000;

/** One rig file of a project, read. */
export interface ProjectRig {
  /** Path relative to the project folder, with `/`. */
  readonly path: string;
  /** The rig, or undefined when it could not be read as one (then it might reference any code). */
  readonly rig: Rig | undefined;
}

/**
 * The rigs (`*.rig.json`) in `project` and its sub-folders (hidden folders
 * and `node_modules` skipped, symbolic links not followed), sorted by path.
 */
export async function projectRigs(project: string): Promise<ProjectRig[]> {
  const found: ProjectRig[] = [];
  const queue = [project];
  let folders = 0;
  while (queue.length > 0 && folders++ < MAX_FOLDERS) {
    const dir = queue.shift()!;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isDirectory() && !skipped(e.name)) queue.push(path);
      else if (e.isFile() && e.name.toLowerCase().endsWith(".rig.json")) {
        found.push({ path: relative(project, path).split("\\").join("/"), rig: await rigAt(path) });
      }
    }
  }
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

async function rigAt(path: string): Promise<Rig | undefined> {
  try {
    if (!(await lstat(path)).isFile()) return undefined;
    const r = readRig(decodeText(new Uint8Array(await readFile(path))));
    return r.model;
  } catch {
    return undefined;
  }
}

/** One indented line per rig: `arm.rig.json (joint elbow)`, or that it cannot be read and may reference the code. */
export function referenceLines(refs: readonly RigReference[]): string {
  return refs
    .map((r) =>
      r.joints.length > 0
        ? `  ${r.path} (joint${r.joints.length === 1 ? "" : "s"} ${r.joints.join(", ")})\n`
        : `  ${r.path} (not a valid rig: it may reference the code)\n`,
    )
    .join("");
}
