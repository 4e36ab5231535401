/**
 * Path strings as files name each other: `/` or `\` separators, no file
 * system. One set of helpers for every format that names companion files.
 */

/** Index of the last `/` or `\` in `path`, or -1. */
function lastSeparator(path: string): number {
  return Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
}

/** The last segment of `path` (`a/b.amx` → `b.amx`). */
export function baseName(path: string): string {
  return path.slice(lastSeparator(path) + 1);
}

/** The folder part of `path` with its trailing separator (`a/b.amx` → `a/`), or `""`. */
export function folderOf(path: string): string {
  return path.slice(0, lastSeparator(path) + 1);
}

/** The extension of the last segment, lower-cased, with its dot (`.amx`), or `""` when there is none. */
export function extensionOf(path: string): string {
  const base = baseName(path);
  const dot = base.lastIndexOf(".");
  return dot <= 0 || dot === base.length - 1 ? "" : base.slice(dot).toLowerCase();
}

/** The last segment without its extension (`a/b.amx` → `b`; see {@link extensionOf}). */
export function stemOf(path: string): string {
  const base = baseName(path);
  return base.slice(0, base.length - extensionOf(base).length);
}

/** `name` in the folder of `path`, keeping `path`'s spelling of the folder. */
export function siblingPath(path: string, name: string): string {
  return `${folderOf(path)}${name}`;
}

/** Whether `path` is absolute (`/…`, `\…` or a drive letter `C:\…`). */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith("/") || path.startsWith("\\") || /^[A-Za-z]:[\\/]/.test(path);
}

/** `rel` resolved against the folder of `from`; the result has `/` separators, `.` and `..` folded. */
export function resolveSibling(from: string, rel: string): string {
  return normalizePath(isAbsolutePath(rel) ? rel : `${folderOf(from)}${rel}`);
}

/**
 * `path` with `/` separators and `.` and `..` folded. `..` never climbs
 * above the root of an absolute path; in a relative path a leading `..` stays.
 */
export function normalizePath(path: string): string {
  const segments = path.replace(/\\/g, "/").split("/");
  const head = /^[A-Za-z]:$/.test(segments[0] ?? "") ? segments.shift()! : "";
  const absolute = segments[0] === "" && segments.length > 1;
  const parts: string[] = [];
  for (const s of segments) {
    if (s === "." || s === "") continue;
    if (s !== "..") parts.push(s);
    else if (parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
    else if (!absolute) parts.push(s);
  }
  const prefix = head ? `${head}/` : absolute ? "/" : "";
  return prefix + parts.join("/") || (head || absolute ? prefix : ".");
}
