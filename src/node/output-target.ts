/**
 * What an output may replace (docs/security.md, "Outputs"): only a regular
 * file, or nothing (a new name). A device, FIFO, socket or folder where a file
 * is meant is refused whatever the caller asked ({@link TargetKindError});
 * an existing file needs `overwrite` ({@link FileExistsError}); a read-only one
 * (no write bit, or not writable by this process) needs `replaceReadOnly` as
 * well ({@link ReadOnlyTargetError}); a file with other hard links is
 * replaced by a new file, which the caller is told ({@link TargetFacts}).
 * The checks take the target's `lstat` (or nothing), so they are tested with
 * any kind of node without making one.
 */
import type { Stats } from "node:fs";
import { access, constants, lstat, readlink } from "node:fs/promises";
import { dirname, isAbsolute, resolve } from "node:path";

/** What a writer may do with an existing target. */
export interface TargetPermission {
  /** Replace an existing regular file. */
  readonly overwrite: boolean;
  /** Replace a read-only one too (with `overwrite`). */
  readonly replaceReadOnly: boolean;
}

/** What the checks found about a target that may be replaced. */
export interface TargetFacts {
  /** Whether a file is there (it is replaced). */
  readonly exists: boolean;
  /** It was read-only (and `replaceReadOnly` allowed it). */
  readonly readOnly: boolean;
  /** Its number of hard links: above 1, the other names keep the old content. */
  readonly links: number;
}

/** Error raised when the target exists and overwriting was not asked for. */
export class FileExistsError extends Error {
  readonly code = "EEXIST";
  constructor(
    readonly path: string,
    /** The existing file is read-only (said to the user: `--force` replaces it too). */
    readonly readOnly = false,
  ) {
    super(`${path} exists; not overwritten (ask for it with --force or --write)`);
  }
}

/** The kind of a node that is not a regular file, in words ("a FIFO", "a folder"). */
export function nodeKind(
  s: Pick<
    Stats,
    | "isFile"
    | "isDirectory"
    | "isFIFO"
    | "isSocket"
    | "isCharacterDevice"
    | "isBlockDevice"
    | "isSymbolicLink"
  >,
): string {
  if (s.isFile()) return "a regular file";
  if (s.isDirectory()) return "a folder";
  if (s.isFIFO()) return "a FIFO (named pipe)";
  if (s.isSocket()) return "a socket";
  if (s.isCharacterDevice()) return "a character device";
  if (s.isBlockDevice()) return "a block device";
  if (s.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}

/**
 * Error raised when the target is there and is not what the output is (a
 * regular file, or a folder for a folder output): it is never replaced,
 * `overwrite` or not (a rename over `/dev/null` replaces the device node).
 * Its `code` is `EEXIST`: the name is taken.
 */
export class TargetKindError extends Error {
  readonly code = "EEXIST";
  constructor(
    readonly path: string,
    /** {@link nodeKind} of the node found. */
    readonly kind: string,
    /** What the output is: "a regular file" or "a folder". */
    readonly wanted = "a regular file",
  ) {
    super(`${path} is ${kind}, not ${wanted}; not replaced`);
  }
}

/** Error raised when the target is read-only and replacing it was not asked for (`EACCES`). */
export class ReadOnlyTargetError extends Error {
  readonly code = "EACCES";
  constructor(readonly path: string) {
    super(`${path} is read-only; not replaced`);
  }
}

/** The target's `lstat`, or undefined when nothing is there. */
export async function lstatOrNothing(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

/** Whether a file with these facts is read-only: no write bit at all, or not writable by this process. */
export function isReadOnly(s: Pick<Stats, "mode">, writable: boolean): boolean {
  return (s.mode & 0o222) === 0 || !writable;
}

/**
 * Throws unless `found` (the target's `lstat`, undefined for a new name) may
 * be replaced as `allowed` says; `writable` is whether this process may
 * write the file (`access(W_OK)`). A symbolic link is a regular target here
 * only for writers that replace links rather than follow them. Returns what
 * the caller should know.
 */
export function checkTarget(
  path: string,
  found: Stats | undefined,
  writable: boolean,
  allowed: TargetPermission,
): TargetFacts {
  if (!found) return { exists: false, readOnly: false, links: 1 };
  const link = found.isSymbolicLink();
  if (!found.isFile() && !link) throw new TargetKindError(path, nodeKind(found));
  const readOnly = !link && isReadOnly(found, writable);
  if (!allowed.overwrite) throw new FileExistsError(path, readOnly);
  if (readOnly && !allowed.replaceReadOnly) throw new ReadOnlyTargetError(path);
  return { exists: true, readOnly, links: link ? 1 : found.nlink };
}

/** Whether this process may write the file at `path` (false on any error). */
export async function canWrite(path: string): Promise<boolean> {
  return access(path, constants.W_OK).then(
    () => true,
    () => false,
  );
}

/** Most symbolic links followed from a target (as the kernel's ELOOP limit). */
const MAX_LINKS = 40;

/**
 * The path a write to `target` must replace: `target` itself, or the file a
 * chain of symbolic links at `target` ends in (which may not exist yet).
 * Throws an `ELOOP` error for a loop.
 */
export async function writeThroughPath(target: string): Promise<string> {
  let path = target;
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    let isLink: boolean;
    try {
      isLink = (await lstat(path)).isSymbolicLink();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return path;
      throw e;
    }
    if (!isLink) return path;
    const to = await readlink(path);
    path = isAbsolute(to) ? to : resolve(dirname(path), to);
  }
  throw Object.assign(new Error(`${target}: too many levels of symbolic links`), {
    code: "ELOOP",
  });
}
