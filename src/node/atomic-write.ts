/**
 * Atomic file writes: the data goes to a temporary file in the target's own
 * folder, is flushed to disk, and only then takes the target's name by
 * `rename` (or by `link` when overwriting is not allowed, which fails if the
 * target appeared meanwhile). A crash at any point leaves either the old file
 * or the new one, never a half-written one. docs/atomic-writes.md has the
 * whole contract:
 *
 * * a target that is a symbolic link is written through: the file it points
 *   to is replaced, the link stays a link;
 * * an overwritten file keeps its permission bits (and its owner and group
 *   where the process may set them);
 * * the temporary file (`.NAME.PID.RANDOM.tmp`) is removed on every error
 *   path; temporaries left by writers that were killed (their PID no longer
 *   runs) are removed by the next write into the same folder;
 * * {@link writeFolderAtomic} writes a whole folder (a VTK series) into a
 *   staging folder and swaps it in, so a killed export leaves the old series
 *   or the new one, never a mix.
 */
import { randomBytes } from "node:crypto";
import { constants, type Stats } from "node:fs";
import { link, lstat, mkdir, open, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import {
  canWrite,
  checkTarget,
  FileExistsError,
  lstatOrNothing,
  nodeKind,
  type TargetFacts,
  TargetKindError,
  writeThroughPath,
} from "./output-target.js";

export {
  FileExistsError,
  ReadOnlyTargetError,
  type TargetFacts,
  TargetKindError,
  writeThroughPath,
} from "./output-target.js";

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /** Replace an existing regular file (default false: an existing target is a {@link FileExistsError}). */
  readonly overwrite?: boolean;
  /** Replace a read-only file too (default false: a {@link ReadOnlyTargetError}). */
  readonly replaceReadOnly?: boolean;
  /**
   * Write through a symbolic link at the target (default true); false
   * replaces the link itself (names a program chooses, as a render's frames).
   */
  readonly followLinks?: boolean;
  /** File mode of a newly created file (default 0o666 minus umask); an overwritten file keeps its own. */
  readonly mode?: number;
}

/** Defaults of {@link AtomicWriteOptions}. */
export const ATOMIC_WRITE_DEFAULTS = {
  overwrite: false,
  replaceReadOnly: false,
  followLinks: true,
  mode: 0o666,
} as const;

/** Data accepted by {@link writeFileAtomic}: text (written as UTF-8), bytes, or chunks. */
export type AtomicData =
  | string
  | Uint8Array
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>;

/** Longest part of the target's name kept in a temporary file's name (bytes of UTF-8), so it fits in 255. */
const TEMP_NAME_BYTES = 200;

/** A temporary file of this module: `.NAME.PID.RANDOM.tmp`. */
const TEMP_FILE = /^\..*\.(\d+)\.[0-9a-f]{8}\.tmp$/s;

/** Path of the temporary file used while writing `target` (same folder, hidden, unique, at most 255 bytes). */
export function temporaryPathFor(target: string): string {
  let name = basename(target);
  while (Buffer.byteLength(name) > TEMP_NAME_BYTES) name = name.slice(0, -1);
  return join(dirname(target), `.${name}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
}

/**
 * Whether the node at `real` (the path a write replaces) may be replaced as
 * `options` say: throws {@link TargetKindError}, {@link FileExistsError}
 * or {@link ReadOnlyTargetError}; else returns what was found and its stat.
 */
async function targetFacts(
  target: string,
  real: string,
  options: AtomicWriteOptions,
): Promise<{ facts: TargetFacts; before: Stats | undefined }> {
  const before = await lstatOrNothing(real);
  const writable = before?.isFile() === true ? await canWrite(real) : true;
  const facts = checkTarget(target, before, writable, {
    overwrite: options.overwrite ?? ATOMIC_WRITE_DEFAULTS.overwrite,
    replaceReadOnly: options.replaceReadOnly ?? ATOMIC_WRITE_DEFAULTS.replaceReadOnly,
  });
  return { facts, before };
}

/** Checks `target` as a write with `options` would, writing nothing: the same errors, or what it would replace. */
export async function checkWriteTarget(
  target: string,
  options: AtomicWriteOptions = {},
): Promise<TargetFacts> {
  const follow = options.followLinks ?? ATOMIC_WRITE_DEFAULTS.followLinks;
  const real = follow ? await writeThroughPath(target) : target;
  return (await targetFacts(target, real, options)).facts;
}

/** A file being written atomically: chunks go to its temporary file until {@link commit}. */
export interface AtomicFile {
  /** Appends a chunk (text as UTF-8). */
  write(chunk: Uint8Array | string): Promise<void>;
  /** Flushes and gives the file its name (the target is checked again first); what was replaced. */
  commit(): Promise<TargetFacts>;
  /** Removes the temporary file; the target is left as it was. */
  abort(): Promise<void>;
}

/**
 * Opens `target` for an atomic write (see the module comment): the target is
 * checked first (so a refused write costs nothing), the data goes to a
 * temporary file in its folder, and {@link AtomicFile.commit} renames it over
 * the target (or links it, when overwriting was not asked for).
 */
export async function openFileAtomic(
  target: string,
  options: AtomicWriteOptions = {},
): Promise<AtomicFile> {
  const follow = options.followLinks ?? ATOMIC_WRITE_DEFAULTS.followLinks;
  const real = follow ? await writeThroughPath(target) : target;
  const folder = dirname(real);
  await removeDeadTemporaries(folder);
  const { before } = await targetFacts(target, real, options);
  const tmp = temporaryPathFor(real);
  const handle = await open(
    tmp,
    constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY,
    options.mode ?? ATOMIC_WRITE_DEFAULTS.mode,
  );
  let open_ = true;
  const close = async () => {
    if (open_) await handle.close();
    open_ = false;
  };
  const abort = async () => {
    await close().catch(() => undefined);
    await unlink(tmp).catch(() => undefined);
  };
  try {
    if (before?.isFile()) await keepOwnerAndMode(handle, before);
  } catch (e) {
    await abort();
    throw e;
  }
  return {
    async write(chunk) {
      await handle.write(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk);
    },
    async commit() {
      try {
        await handle.sync();
        await close();
        // Checked again: the target may have changed while the data was written.
        const { facts } = await targetFacts(target, real, options);
        await giveName(tmp, real, target, facts.exists);
        await syncDirectory(folder);
        return facts;
      } catch (e) {
        await abort();
        throw e;
      }
    },
    abort,
  };
}

/**
 * Writes `data` to `target` atomically (see the module comment). Throws
 * {@link FileExistsError} when `target` exists and `overwrite` is false,
 * {@link TargetKindError} when it is not a regular file, and
 * {@link ReadOnlyTargetError} when it is read-only without
 * `replaceReadOnly`; the temporary file is removed on any failure. Returns
 * what was replaced (hard links the new file no longer shares).
 */
export async function writeFileAtomic(
  target: string,
  data: AtomicData,
  options: AtomicWriteOptions = {},
): Promise<TargetFacts> {
  const file = await openFileAtomic(target, options);
  try {
    if (typeof data === "string" || data instanceof Uint8Array) await file.write(data);
    else
      for await (const chunk of data as AsyncIterable<Uint8Array | string>) await file.write(chunk);
  } catch (e) {
    await file.abort();
    throw e;
  }
  return file.commit();
}

/** Renames (or, for a new name, hard-links) `tmp` to `real`; `FileExistsError` naming `target` when a new name was taken. */
async function giveName(
  tmp: string,
  real: string,
  target: string,
  replace: boolean,
): Promise<void> {
  if (replace) return rename(tmp, real);
  try {
    await link(tmp, real);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST") throw new FileExistsError(target);
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EXDEV") throw e;
    // File systems without hard links: check, then rename (a narrow race, documented).
    if ((await lstatOrNothing(real)) !== undefined) throw new FileExistsError(target);
    return rename(tmp, real);
  }
  await unlink(tmp);
}

/** Gives the new file the old one's permission bits, and its owner and group where permitted. */
async function keepOwnerAndMode(
  handle: Awaited<ReturnType<typeof open>>,
  before: { mode: number; uid: number; gid: number },
): Promise<void> {
  await handle.chown(before.uid, before.gid).catch(() => undefined);
  await handle.chmod(before.mode & 0o7777);
}

/** Folders whose dead writers' temporaries this process has already removed. */
const swept = new Set<string>();

/** Whether process `pid` is gone (a PID that runs, even another user's, is alive). */
function isDead(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Removes the temporaries of writers that no longer run from `folder`, once
 * per folder and process (a folder of many frames is listed once, not per write).
 */
export async function removeDeadTemporaries(folder: string): Promise<number> {
  if (swept.has(folder)) return 0;
  swept.add(folder);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const m = TEMP_FILE.exec(name);
    if (!m || !isDead(Number(m[1]))) continue;
    const path = join(folder, name);
    const s = await lstat(path).catch(() => undefined);
    if (!s?.isFile() && !s?.isDirectory()) continue;
    // A folder is the staging folder of a killed writeFolderAtomic: an incomplete series.
    await (s.isDirectory() ? rm(path, { recursive: true, force: true }) : unlink(path)).then(
      () => removed++,
      () => undefined,
    );
  }
  return removed;
}

async function syncDirectory(dir: string): Promise<void> {
  // Makes the rename durable; not every platform can open a directory, which is fine.
  try {
    const h = await open(dir, "r");
    try {
      await h.sync();
    } finally {
      await h.close();
    }
  } catch {
    /* best effort */
  }
}

/** One file of a folder written by {@link writeFolderAtomic}: its path inside the folder (`/` separators) and data. */
export interface FolderFile {
  readonly name: string;
  readonly data: AtomicData;
}

/**
 * Writes `files` as the folder `target`: into a hidden staging folder next to
 * it (`.NAME.PID.RANDOM.tmp`), flushed, then renamed to `target`; an existing
 * `target` (only with `overwrite`) is first renamed aside and removed after
 * the swap. A writer killed while writing leaves the old folder untouched and
 * a staging folder the next write there removes; killed between the two
 * renames (microseconds), it leaves the old folder at `.NAME.PID.RANDOM.old`
 * and the new one complete at its staging name — never a mix. Returns the
 * number of files written.
 */
export async function writeFolderAtomic(
  target: string,
  files: Iterable<FolderFile> | AsyncIterable<FolderFile>,
  options: { readonly overwrite?: boolean } = {},
): Promise<number> {
  const parent = dirname(target);
  await folderTarget(target, options.overwrite === true);
  await mkdir(parent, { recursive: true });
  await removeDeadTemporaries(parent);
  const staging = temporaryPathFor(target);
  await mkdir(staging);
  let count = 0;
  try {
    const made = new Set<string>([staging]);
    for await (const f of files as AsyncIterable<FolderFile>) {
      const path = join(staging, ...f.name.split("/"));
      const dir = dirname(path);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      await writeFileAtomic(path, f.data);
      count++;
    }
    await syncDirectory(staging);
    const old = await folderTarget(target, options.overwrite === true);
    if (old) {
      const aside = `${staging.slice(0, -".tmp".length)}.old`;
      await rename(target, aside);
      await rename(staging, target);
      await rm(aside, { recursive: true, force: true });
    } else {
      await rename(staging, target);
    }
    await syncDirectory(parent);
    return count;
  } catch (e) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw e;
  }
}

/**
 * Whether folder `target` exists; throws {@link FileExistsError} when it does
 * and `overwrite` is false, {@link TargetKindError} when it is anything but a
 * folder (or a link to one): a file there is not an earlier export.
 */
async function folderTarget(target: string, overwrite: boolean): Promise<boolean> {
  const old = await lstatOrNothing(target);
  if (!old) return false;
  const folder = old.isSymbolicLink()
    ? (await stat(target).catch(() => undefined))?.isDirectory() === true
    : old.isDirectory();
  if (!folder) throw new TargetKindError(target, nodeKind(old), "a folder");
  if (!overwrite) throw new FileExistsError(target);
  return true;
}
