/**
 * A bulge project on disk, loaded by the bulge system's one loader
 * (`loadBulgeProject`, which the studio's Bulges workspace calls over its
 * file API): this file gives it the file system — reading, creating the
 * catalogue `misc_data/bulge_types` when missing (atomically, never over a
 * file) and listing the rigs (`*.rig.json`) anywhere below the project. The
 * CLI's `bulge init`, `bulge rm`, `bulge apply` and `rig check` use it.
 */
import type { Dirent } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import {
  type BulgeProject,
  type BulgeProjectIo,
  catalogueBeside,
  type LoadBulgeOptions,
  loadBulgeProject,
  type ProjectCatalogue,
  type Rig,
  type RigReference,
  readProjectCatalogue,
} from "../bulge/index.js";
import { FileExistsError, writeFileAtomic } from "./atomic-write.js";
import { companionReader, projectReader } from "./files.js";

/** Folders a project search does not enter: hidden ones and installed packages. */
function skipped(name: string): boolean {
  return name.startsWith(".") || name === "node_modules";
}

/** At most this many folders are searched for rigs (a project, not a whole disk). */
export const MAX_FOLDERS = 10_000;

/** How a project's files are read: `allowOutside` follows links out of the project (decision 298). */
export interface ProjectReadOptions {
  readonly allowOutside?: boolean;
}

/** The file system under `project` as a bulge project's reader, writer and rig lister. */
export function bulgeProjectIo(project: string, options: ProjectReadOptions = {}): BulgeProjectIo {
  return {
    // Inside the project only (unless allowOutside), regular files only, never waiting on a FIFO (decision 253).
    read: projectReader(project, undefined, options.allowOutside === true),
    async create(path, bytes) {
      const target = join(project, path);
      await mkdir(dirname(target), { recursive: true });
      try {
        await writeFileAtomic(target, bytes, { overwrite: false });
        return "created";
      } catch (e) {
        if (e instanceof FileExistsError) return "exists";
        throw e;
      }
    },
    listRigs: () => rigPaths(project),
  };
}

/** Loads the project in folder `project` (see `loadBulgeProject`). */
export function loadBulgeProjectAt(
  project: string,
  options: LoadBulgeOptions & ProjectReadOptions = {},
): Promise<BulgeProject> {
  return loadBulgeProject(bulgeProjectIo(project, options), options);
}

/**
 * Gives `project` the default `misc_data/bulge_types` when it has none
 * (folders created as needed; written atomically). Never overwrites: an
 * existing catalogue is left alone. Says which happened.
 */
export async function ensureCatalogue(project: string): Promise<"created" | "exists"> {
  const { catalogue } = await loadBulgeProjectAt(project, { create: true, rigs: [] });
  return catalogue.status === "ok" && catalogue.created ? "created" : "exists";
}

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
export async function projectRigs(
  project: string,
  options: ProjectReadOptions = {},
): Promise<ProjectRig[]> {
  const { rigs } = await loadBulgeProjectAt(project, { ...options, create: false });
  return rigs.map((r) => ({ path: r.path, rig: r.rig }));
}

/**
 * The catalogue beside the rig at `rigPath` (`misc_data/bulge_types` in its
 * folder, relative to `cwd`), read as `deforma check` reads a companion.
 */
export function catalogueBesideRig(
  cwd: string,
  rigPath: string,
  options: ProjectReadOptions = {},
): Promise<ProjectCatalogue> {
  const read = companionReader(cwd, options);
  return readProjectCatalogue(read, catalogueBeside(rigPath), rigPath);
}

/** Paths (relative, `/`) of the `*.rig.json` files below `project`, breadth first. */
async function rigPaths(project: string): Promise<string[]> {
  const found: string[] = [];
  const queue = [resolve(project)];
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
        found.push(relative(resolve(project), path).split("\\").join("/"));
      }
    }
  }
  return found;
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
