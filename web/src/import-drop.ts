/**
 * What a drop on the studio brings in: the files of dropped folders (walked
 * through `DataTransferItem.webkitGetAsEntry`) or the dropped files, with
 * their paths inside the drop; and where a solver's output goes in the
 * project — a new folder `imported/<name>/` that never replaces anything —
 * and which file of it to open: an index of the data set (a `.pvd`), as the
 * format registry says (`FormatInfo.indexes`).
 */
import type { FormatInfo } from "../../src/core/formats/reply.js";
import { naturalCompare } from "../../src/core/natural.js";
import { formatOfName, indexKind } from "./shell/file-kinds.js";

/** One dropped file and its `/`-separated path inside the drop (a dropped folder's name first). */
export interface DroppedFile {
  readonly path: string;
  readonly file: File;
}

/**
 * The entries of a drop, taken while the event is being handled (the
 * browser empties `items` once the handler returns); walk them with
 * {@link walkEntries} afterwards.
 */
export function dropEntries(data: DataTransfer | null): {
  entries: FileSystemEntry[];
  files: File[];
} {
  const entries: FileSystemEntry[] = [];
  for (const item of data?.items ?? []) {
    if (item.kind !== "file") continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry) entries.push(entry);
  }
  return { entries, files: [...(data?.files ?? [])] };
}

/** Every file under `entries` (folders walked depth first), or `files` when there are no entries. */
export async function walkEntries(
  entries: readonly FileSystemEntry[],
  files: readonly File[],
): Promise<DroppedFile[]> {
  // A drop made by a script (or a browser without entries) has files only.
  if (entries.length === 0)
    return files.map((file) => ({ path: file.webkitRelativePath || file.name, file }));
  const out: DroppedFile[] = [];
  const todo: { entry: FileSystemEntry; path: string }[] = entries.map((entry) => ({
    entry,
    path: entry.name,
  }));
  while (todo.length > 0) {
    const { entry, path } = todo.pop()!;
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) =>
        (entry as FileSystemFileEntry).file(resolve, reject),
      );
      out.push({ path, file });
    } else if (entry.isDirectory) {
      for (const child of await readAll(entry as FileSystemDirectoryEntry))
        todo.push({ entry: child, path: `${path}/${child.name}` });
    }
  }
  return out.sort((a, b) => naturalCompare(a.path, b.path));
}

/** All entries of a folder (`readEntries` gives them in batches until an empty one). */
async function readAll(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/** Kinds of index, in the order one is chosen to open. */
const INDEX_ORDER = ["series", "parts"] as const;

/**
 * The index to open among `paths`: an index of a time series (a `.pvd`,
 * else a `.series`: the registry's order), else of one data set's parts (a
 * `.vtm`); of one format the shallowest, then by name; undefined when none.
 */
export function seriesIndex(
  paths: readonly string[],
  formats: readonly FormatInfo[],
): string | undefined {
  const rank = (p: string) => formats.indexOf(formatOfName(formats, p)!);
  for (const kind of INDEX_ORDER) {
    const found = paths
      .filter((p) => indexKind(formats, p) === kind)
      .sort(
        (a, b) =>
          rank(a) - rank(b) || a.split("/").length - b.split("/").length || (a < b ? -1 : 1),
      );
    if (found[0] !== undefined) return found[0];
  }
  return undefined;
}

/** Folder imported series go under. */
export const IMPORT_FOLDER = "imported";

/** A plan for bringing a drop into the project. */
export interface ImportPlan {
  /** The new folder (`imported/<name>`, `-2`, `-3` … appended until no project path starts with it). */
  readonly folder: string;
  /** Each dropped file and its project path. */
  readonly files: readonly { readonly target: string; readonly file: File }[];
  /** The project path of the series index to open. */
  readonly open: string;
}

/**
 * Where a drop holding a series goes: `imported/<name>/…` with `<name>` the
 * dropped folder's (when one folder was dropped; its name is then left off
 * the paths inside) or the index's stem; undefined when the drop holds no
 * series index (plain files are added as they are). `existing` are the
 * project's paths; the folder chosen holds none of them. `formats` are the
 * server's (which names index a data set).
 */
export function planImport(
  dropped: readonly DroppedFile[],
  existing: readonly string[],
  formats: readonly FormatInfo[],
): ImportPlan | undefined {
  const index = seriesIndex(
    dropped.map((d) => d.path),
    formats,
  );
  if (index === undefined) return undefined;
  const tops = new Set(dropped.map((d) => d.path.split("/")[0]));
  const oneFolder = tops.size === 1 && dropped.every((d) => d.path.includes("/"));
  const strip = (p: string) => (oneFolder ? p.slice(p.indexOf("/") + 1) : p);
  const stem = index.slice(index.lastIndexOf("/") + 1).replace(/\.[^.]*$/, "");
  const base = safeName(oneFolder ? [...tops][0]! : stem);
  const taken = (folder: string) => existing.some((p) => p.startsWith(`${folder}/`));
  let folder = `${IMPORT_FOLDER}/${base}`;
  for (let k = 2; taken(folder); k++) folder = `${IMPORT_FOLDER}/${base}-${k}`;
  return {
    folder,
    files: dropped.map((d) => ({ target: `${folder}/${strip(d.path)}`, file: d.file })),
    open: `${folder}/${strip(index)}`,
  };
}

/** A folder name from a dropped name: path separators and control characters replaced. */
function safeName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const s = name.replace(/[\\/:\u0000-\u001f]+/g, "_").trim();
  return s === "" || s === "." || s === ".." ? "series" : s;
}
