/**
 * Reading input files at the edge, with the failure kinds the checks
 * distinguish. Only regular files are read (a FIFO, socket or device is
 * refused without waiting: it is opened non-blocking), and only up to a size
 * bound. Companion files (what a `.pvd`, `.vtm` or `.amx` names) are read
 * through {@link companionReader}: only inside the folder of the file that
 * names them, unless the user allows more.
 */
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readSync,
  realpathSync,
  type Stats,
} from "node:fs";
import { open, realpath } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import {
  BUDGET_REASON,
  CHECK_COMPANION_BYTES,
  type FileReader,
  type FileSource,
  OUTSIDE_REASON,
} from "../core/file-source.js";

/** Largest file read whole (bytes): what one Node buffer holds. */
export const MAX_INPUT_BYTES = 2 ** 32 - 1;

/** Reads a whole regular file; "missing" when it does not exist, "unreadable" (with the reason) otherwise. */
export async function readInput(path: string, maxBytes = MAX_INPUT_BYTES): Promise<FileSource> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    return failure(e);
  }
  try {
    const info = await handle.stat();
    const refused = refusal(info, maxBytes);
    if (refused) return refused;
    const bytes = new Uint8Array(info.size);
    let at = 0;
    while (at < bytes.length) {
      const { bytesRead } = await handle.read(bytes, at, bytes.length - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return { status: "ok", bytes: at === bytes.length ? bytes : bytes.subarray(0, at) };
  } catch (e) {
    return failure(e);
  } finally {
    await handle.close();
  }
}

/**
 * {@link readInput} with blocking calls, for a worker thread that does
 * nothing else meanwhile (the studio's mesh worker, decision 369): a
 * series' files are read without four trips to the thread pool each.
 */
export function readInputSync(path: string, maxBytes = MAX_INPUT_BYTES): FileSource {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    return failure(e);
  }
  try {
    const info = fstatSync(fd);
    const refused = refusal(info, maxBytes);
    if (refused) return refused;
    const bytes = new Uint8Array(info.size);
    let at = 0;
    while (at < bytes.length) {
      const got = readSync(fd, bytes, at, bytes.length - at, at);
      if (got === 0) break;
      at += got;
    }
    return { status: "ok", bytes: at === bytes.length ? bytes : bytes.subarray(0, at) };
  } catch (e) {
    return failure(e);
  } finally {
    closeSync(fd);
  }
}

/** Why a file of `info` is not read (not a regular file, or too large); undefined: it is read. */
function refusal(info: Stats, maxBytes: number): FileSource | undefined {
  if (info.isDirectory()) return { status: "unreadable", reason: "EISDIR" };
  if (!info.isFile())
    return { status: "unreadable", reason: "not a regular file (a FIFO, socket or device)" };
  if (info.size > maxBytes)
    return { status: "unreadable", reason: `larger than ${maxBytes} bytes` };
  return undefined;
}

function failure(e: unknown): FileSource {
  const err = e as NodeJS.ErrnoException;
  if (err.code === "ENOENT" || err.code === "ENOTDIR") return { status: "missing" };
  return { status: "unreadable", reason: err.code ?? err.message };
}

/** Options of {@link companionReader}. */
export interface CompanionOptions {
  /** Read companions outside the naming file's folder too (still regular files, still bounded). */
  readonly allowOutside?: boolean;
  readonly maxBytes?: number;
  /** Bytes one check's companions may hold in all; each file is then read once (by real path). */
  readonly budgetBytes?: number;
  /** Read with blocking calls ({@link readInputSync}): only in a worker thread that does nothing else (decision 369). */
  readonly blocking?: boolean;
}

/** Whether `path` is `folder` or lies below it (both absolute, normalized). */
function isBelow(folder: string, path: string): boolean {
  const r = relative(folder, path);
  return r === "" || (!r.startsWith(`..${sep}`) && r !== ".." && !isAbsolute(r));
}

/** Why a companion is refused: it lies outside the folder of the file that names it. */
export { CHECK_COMPANION_BYTES, OUTSIDE_REASON };

/**
 * The one reader of companion files every format uses: `path` (relative to
 * `cwd`) is read only when it is a regular file inside the folder of `from`
 * (or below it) — judged on the path as written and on its real path, so a
 * symlink cannot lead out — unless `allowOutside`. A refusal is an
 * "unreadable" source whose reason says why; the file is not opened. With
 * `budgetBytes` (one check's reader, decision 252) each file is read once by
 * its real path, and once the files read hold that many bytes in all, the
 * rest are refused with {@link BUDGET_REASON}.
 */
export function companionReader(cwd: string, options: CompanionOptions = {}): FileReader {
  const budget = options.budgetBytes;
  const read = options.blocking
    ? async (target: string) => readInputSync(target, options.maxBytes)
    : (target: string) => readInput(target, options.maxBytes);
  const once = budget === undefined ? read : readOnce(read, budget);
  return async (path, from) => {
    const target = options.blocking
      ? companionTargetSync(cwd, path, from, options)
      : await companionTarget(cwd, path, from, options);
    return typeof target === "string" ? once(target) : target;
  };
}

/** `read` with one budget of bytes and a cache by real path (see {@link companionReader}). */
function readOnce(
  read: (target: string) => Promise<FileSource>,
  budgetBytes: number,
): (target: string) => Promise<FileSource> {
  const seen = new Map<string, Promise<FileSource>>();
  let spent = 0;
  return async (target) => {
    const real = await realpath(target).catch(() => target);
    const known = seen.get(real);
    if (known) return known;
    if (spent >= budgetBytes) return { status: "unreadable", reason: BUDGET_REASON };
    const started = read(real).then((r): FileSource => {
      if (r.status !== "ok") return r;
      spent += r.bytes.length;
      return spent > budgetBytes ? { status: "unreadable", reason: BUDGET_REASON } : r;
    });
    seen.set(real, started);
    return started;
  };
}

/**
 * The absolute path of companion `path` named by `from`, or why it is refused
 * (see {@link companionReader}).
 */
export async function companionTarget(
  cwd: string,
  path: string,
  from: string | undefined,
  options: CompanionOptions = {},
): Promise<string | FileSource> {
  const target = resolve(cwd, path);
  if (from === undefined || options.allowOutside) return target;
  return insideTarget(resolve(cwd, dirname(from)), target);
}

/** {@link companionTarget} with blocking calls (see {@link CompanionOptions.blocking}). */
function companionTargetSync(
  cwd: string,
  path: string,
  from: string | undefined,
  options: CompanionOptions,
): string | FileSource {
  const target = resolve(cwd, path);
  if (from === undefined || options.allowOutside) return target;
  const folder = resolve(cwd, dirname(from));
  if (!isBelow(folder, target)) return { status: "unreadable", reason: OUTSIDE_REASON };
  let real: string;
  try {
    // The system's realpath(3), as `fs.promises.realpath` calls it: one call, not an lstat a part.
    real = realpathSync.native(target);
  } catch (e) {
    return failure(e);
  }
  return realInside(target, real, realOr(folder));
}

/** The real path of `folder`, or `folder` when it has none. */
function realOr(folder: string): string {
  try {
    return realpathSync.native(folder);
  } catch {
    return folder;
  }
}

/** `target` (real path `real`) when it lies inside `realFolder`, else why not. */
function realInside(target: string, real: string, realFolder: string): string | FileSource {
  return isBelow(realFolder, real) ? target : { status: "unreadable", reason: OUTSIDE_REASON };
}

/** `target` when it lies inside `folder` as written and by its real path, else why not. */
async function insideTarget(folder: string, target: string): Promise<string | FileSource> {
  if (!isBelow(folder, target)) return { status: "unreadable", reason: OUTSIDE_REASON };
  let real: string;
  try {
    real = await realpath(target);
  } catch (e) {
    return failure(e);
  }
  return realInside(target, real, await realpath(folder).catch(() => folder));
}

/**
 * Reads a project's own files (`path` relative to `project`, decision 253):
 * regular files only, opened non-blocking, bounded, and only inside the
 * project folder by their real path (a link out of it is refused, as a
 * companion's is) unless `allowOutside` (decision 298).
 */
export function projectReader(
  project: string,
  maxBytes = MAX_INPUT_BYTES,
  allowOutside = false,
): FileReader {
  return async (path) => {
    const folder = resolve(project);
    const wanted = resolve(folder, path);
    const target = allowOutside ? wanted : await insideTarget(folder, wanted);
    return typeof target === "string" ? readInput(target, maxBytes) : target;
  };
}
