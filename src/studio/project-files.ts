/** The recursive listing of a project folder that `GET /api/files` returns. */
import type { Dirent } from "node:fs";
import { readdir, realpath, stat } from "node:fs/promises";
import { join } from "node:path";
import { naturalCompare } from "../core/natural.js";
import { isInside, nameRefusal } from "./project-path.js";

/** One file of the project: relative POSIX path, size in bytes, modification time in ms since 1970. */
export interface ProjectFile {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
}

/** Bounds of {@link listProjectFiles}. */
export interface ListingLimits {
  /** Most entries (files and folders) visited before stopping. */
  readonly maxEntries: number;
  /** Deepest folder level entered (the root's children are level 1). */
  readonly maxDepth: number;
}

/** Defaults of {@link ListingLimits}. */
export const LISTING_DEFAULTS: ListingLimits = { maxEntries: 20_000, maxDepth: 16 };

/** Result of {@link listProjectFiles}; `truncated` when a bound stopped the walk. */
export interface ProjectListing {
  readonly files: ProjectFile[];
  readonly truncated: boolean;
}

/**
 * Lists the files under `root` (a realpath), sorted by path in natural order
 * (`run_2` before `run_10`). Skips hidden
 * names, `node_modules`, names the file API would refuse, symlinks that
 * resolve outside `root`, and anything that is neither file nor folder;
 * follows symlinked folders inside `root` once each (no loops).
 */
export async function listProjectFiles(
  root: string,
  limits: ListingLimits = LISTING_DEFAULTS,
): Promise<ProjectListing> {
  const files: ProjectFile[] = [];
  const visited = new Set<string>([root]);
  let entries = 0;
  let truncated = false;

  async function walk(folder: string, prefix: string, depth: number): Promise<void> {
    let dirents: Dirent[];
    try {
      dirents = await readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    dirents.sort((a, b) => naturalCompare(a.name, b.name));
    for (const d of dirents) {
      if (d.name === "node_modules" || nameRefusal(d.name) !== undefined) continue;
      if (entries >= limits.maxEntries) {
        truncated = true;
        return;
      }
      const full = join(folder, d.name);
      const rel = prefix === "" ? d.name : `${prefix}/${d.name}`;
      let real = full;
      if (d.isSymbolicLink()) {
        try {
          real = await realpath(full);
        } catch {
          continue;
        }
        if (!isInside(root, real)) continue;
      } else if (!d.isFile() && !d.isDirectory()) {
        continue;
      }
      let info: Awaited<ReturnType<typeof stat>>;
      try {
        info = await stat(real);
      } catch {
        continue;
      }
      if (info.isFile()) {
        entries++;
        files.push({ path: rel, size: info.size, mtimeMs: Math.round(info.mtimeMs) });
      } else if (info.isDirectory()) {
        entries++;
        if (depth >= limits.maxDepth) {
          truncated = true;
          continue;
        }
        if (visited.has(real)) continue;
        visited.add(real);
        await walk(real, rel, depth + 1);
      }
    }
  }

  await walk(root, "", 1);
  files.sort((a, b) => naturalCompare(a.path, b.path));
  return { files, truncated };
}
