/**
 * The injected file reader: loaders that need companion files take one, so
 * the same loader runs in Node (the file system) and in the browser (the
 * studio's API). glTF-Transform's split of platform I/O from the model.
 */

/** What a reader found at a path. */
export type FileSource =
  | { readonly status: "ok"; readonly bytes: Uint8Array }
  | { readonly status: "missing" }
  | { readonly status: "unreadable"; readonly reason: string };

/**
 * Reads a file by path (a path the loader built from the file that names
 * it); `from` is that naming file, so the edge can refuse a companion that
 * lies outside the naming file's folder (docs/formats/exports.md).
 */
export type FileReader = (path: string, from?: string) => Promise<FileSource>;

/**
 * The reason a reader gives for a companion it refuses because it lies
 * outside the naming file's folder (the Node edge's companion reader), so a
 * loader can report that refusal as such.
 */
export const OUTSIDE_REASON =
  "it lies outside the folder of the file that names it; not read (--allow-outside reads it)";
