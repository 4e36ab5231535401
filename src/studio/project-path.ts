/**
 * Paths inside a served folder. A request names a file by a relative POSIX
 * path that was percent-decoded exactly once; it must be plain (no `..`, `.`,
 * empty or hidden segments, no backslash, colon, NUL or other control
 * character, not absolute). After joining it to the folder, `realpath` must
 * land inside the folder's own realpath, so a symlink cannot lead out.
 */
import { lstat, mkdir, realpath, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import { HttpError } from "./http-reply.js";

/** Longest accepted relative path, in UTF-16 code units. */
export const MAX_PATH_LENGTH = 1024;

/** Characters that reorder how a name is shown (Unicode's bidirectional controls: marks, embeddings, overrides, isolates). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Why a single name (one path segment) is refused, or undefined when it is acceptable. */
export function nameRefusal(name: string): string | undefined {
  if (name === "") return "an empty path segment";
  if (name === "..") return "'..'";
  if (name === ".") return "'.'";
  if (name.startsWith(".")) return "a hidden name (starting with '.')";
  if (name.includes("\\")) return "a backslash";
  if (name.includes(":")) return "a colon (drive letter or stream name)";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(name)) return "a control character";
  const bidi = BIDI_CONTROLS.exec(name);
  if (bidi)
    return `a bidirectional control character (U+${bidi[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}), which shows a name other than it is`;
  if (name.trim() === "") return "a name of only spaces";
  if (Buffer.byteLength(name, "utf8") > 255) return "a name longer than 255 bytes";
  return undefined;
}

/**
 * Splits an already decoded relative path into segments; throws a 400
 * {@link HttpError} naming the first rule it breaks.
 */
export function pathSegments(decoded: string): string[] {
  if (decoded === "") throw new HttpError(400, "missing path");
  if (decoded.length > MAX_PATH_LENGTH) throw new HttpError(400, "path too long");
  if (decoded.includes("\u0000")) throw new HttpError(400, "path contains NUL");
  if (decoded.includes("\\")) throw new HttpError(400, "path contains a backslash");
  if (decoded.startsWith("/")) throw new HttpError(400, "absolute paths are refused");
  if (/^[A-Za-z]:/.test(decoded)) throw new HttpError(400, "drive letters are refused");
  const segments = decoded.split("/");
  for (const s of segments) {
    const why = nameRefusal(s);
    if (why) throw new HttpError(400, `path contains ${why}`);
  }
  return segments;
}

/** Whether `candidate` (a realpath) is `root` (a realpath) or lies under it. */
export function isInside(root: string, candidate: string): boolean {
  if (candidate === root) return true;
  const prefix = root.endsWith(sep) ? root : root + sep;
  return candidate.startsWith(prefix);
}

function errnoCode(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException).code;
}

/**
 * Realpath of an existing entry `segments` under `root` (itself a realpath):
 * 404 when missing, 403 when it resolves outside `root`.
 */
export async function resolveExisting(root: string, segments: readonly string[]): Promise<string> {
  let real: string;
  try {
    real = await realpath(join(root, ...segments));
  } catch (e) {
    const code = errnoCode(e);
    if (code === "ENOENT" || code === "ENOTDIR") throw new HttpError(404, "not found");
    if (code === "ELOOP") throw new HttpError(403, "symlink loop");
    throw e;
  }
  if (!isInside(root, real)) throw new HttpError(403, "outside the project folder");
  return real;
}

/** Where a write goes: the real path of the target and whether a file is there already. */
export interface WriteTarget {
  readonly path: string;
  readonly exists: boolean;
}

/** The file-system calls {@link resolveForWrite} makes (a test counts them). */
export interface WriteWalkFs {
  lstat(path: string): Promise<{ isDirectory(): boolean; isSymbolicLink(): boolean }>;
  stat(path: string): Promise<{ isDirectory(): boolean }>;
  realpath(path: string): Promise<string>;
  mkdir(path: string): Promise<unknown>;
}

const NODE_WALK_FS: WriteWalkFs = { lstat, stat, realpath, mkdir: (path) => mkdir(path) };

/**
 * The real path of folder `name` in `folder` (a real path under `root`),
 * created when missing. A plain folder under a real one is real already, so
 * only a symlink is resolved: the walk costs one `lstat` per level, not a
 * `realpath` of the whole path so far (quadratic in the depth).
 */
async function enterFolder(
  root: string,
  folder: string,
  name: string,
  fs: WriteWalkFs,
): Promise<string> {
  const next = join(folder, name);
  let info: Awaited<ReturnType<WriteWalkFs["lstat"]>>;
  try {
    info = await fs.lstat(next);
  } catch (e) {
    if (errnoCode(e) !== "ENOENT") throw e;
    await fs.mkdir(next).catch((e2: unknown) => {
      if (errnoCode(e2) !== "EEXIST") throw e2;
    });
    info = await fs.lstat(next);
  }
  if (info.isDirectory()) return next;
  if (!info.isSymbolicLink()) throw new HttpError(409, `'${name}' is not a folder`);
  let real: string;
  try {
    real = await fs.realpath(next);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") throw new HttpError(403, `'${name}' is a dangling symlink`);
    if (errnoCode(e) === "ENOTDIR") throw new HttpError(409, `'${name}' is not a folder`);
    throw e;
  }
  if (!isInside(root, real)) throw new HttpError(403, "outside the project folder");
  if (!(await fs.stat(real)).isDirectory()) throw new HttpError(409, `'${name}' is not a folder`);
  return real;
}

/**
 * Prepares a write of `segments` under `root` (a realpath): walks the parent
 * folders, creating missing ones, refusing any that is not a folder or whose
 * realpath leaves `root` (a symlinked folder pointing outside); then checks
 * the target itself (a folder is 409; a symlink must resolve inside `root`).
 * The walk is linear in the depth (decision 251).
 */
export async function resolveForWrite(
  root: string,
  segments: readonly string[],
  fs: WriteWalkFs = NODE_WALK_FS,
): Promise<WriteTarget> {
  let folder = root;
  for (const name of segments.slice(0, -1)) folder = await enterFolder(root, folder, name, fs);
  const target = join(folder, segments[segments.length - 1]!);
  let info: Awaited<ReturnType<WriteWalkFs["lstat"]>>;
  try {
    info = await fs.lstat(target);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return { path: target, exists: false };
    throw e;
  }
  if (info.isSymbolicLink()) {
    let real: string;
    try {
      real = await fs.realpath(target);
    } catch {
      throw new HttpError(403, "the target is a dangling symlink");
    }
    if (!isInside(root, real)) throw new HttpError(403, "outside the project folder");
    if ((await fs.stat(real)).isDirectory()) throw new HttpError(409, "the target is a folder");
    return { path: real, exists: true };
  }
  if (info.isDirectory()) throw new HttpError(409, "the target is a folder");
  return { path: target, exists: true };
}
