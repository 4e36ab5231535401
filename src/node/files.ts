/**
 * Reading input files at the edge, with the failure kinds the checks
 * distinguish. Only regular files are read (a FIFO, socket or device is
 * refused without waiting: it is opened non-blocking), and only up to a size
 * bound. Companion files (what a `.pvd`, `.vtm` or `.amx` names) are read
 * through {@link companionReader}: only inside the folder of the file that
 * names them, unless the user allows more.
 */
import { constants } from "node:fs";
import { open, realpath } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { type FileReader, type FileSource, OUTSIDE_REASON } from "../core/file-source.js";

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
    if (info.isDirectory()) return { status: "unreadable", reason: "EISDIR" };
    if (!info.isFile())
      return { status: "unreadable", reason: "not a regular file (a FIFO, socket or device)" };
    if (info.size > maxBytes)
      return { status: "unreadable", reason: `larger than ${maxBytes} bytes` };
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
}

/** Whether `path` is `folder` or lies below it (both absolute, normalized). */
function isBelow(folder: string, path: string): boolean {
  const r = relative(folder, path);
  return r === "" || (!r.startsWith(`..${sep}`) && r !== ".." && !isAbsolute(r));
}

/** Why a companion is refused: it lies outside the folder of the file that names it. */
export { OUTSIDE_REASON };

/**
 * The one reader of companion files every format uses: `path` (relative to
 * `cwd`) is read only when it is a regular file inside the folder of `from`
 * (or below it) — judged on the path as written and on its real path, so a
 * symlink cannot lead out — unless `allowOutside`. A refusal is an
 * "unreadable" source whose reason says why; the file is not opened.
 */
export function companionReader(cwd: string, options: CompanionOptions = {}): FileReader {
  return async (path, from) => {
    const target = await companionTarget(cwd, path, from, options);
    return typeof target === "string" ? readInput(target, options.maxBytes) : target;
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
  if (from !== undefined && !options.allowOutside) {
    const folder = resolve(cwd, dirname(from));
    if (!isBelow(folder, target)) return { status: "unreadable", reason: OUTSIDE_REASON };
    let real: string;
    try {
      real = await realpath(target);
    } catch (e) {
      return failure(e);
    }
    const realFolder = await realpath(folder).catch(() => folder);
    if (!isBelow(realFolder, real)) return { status: "unreadable", reason: OUTSIDE_REASON };
  }
  return target;
}
