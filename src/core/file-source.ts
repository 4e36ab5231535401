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

/**
 * The reason a check's reader gives once the companions it read hold its
 * budget of bytes (the Node edge's companion reader with a budget), so a
 * loader can say that the series is too large to check whole.
 */
export const BUDGET_REASON =
  "the files this check read already hold its budget of bytes; not read (the series is too large to check whole)";

/** Bytes of companions one check reads in all (decision 252): a series larger than this is not checked whole. */
export const CHECK_COMPANION_BYTES = 256 * 1024 * 1024;

/**
 * The one memory budget of a check (decision 299): the bytes of the files a
 * file names and the values decoded from every file, together. The
 * companions' {@link CHECK_COMPANION_BYTES} is a part of it, not added to it,
 * so a check stays within 1 GiB resident whatever the files say.
 */
export const CHECK_MEMORY_BYTES = 512 * 1024 * 1024;
