/**
 * The project's flat file listing as a tree for the sidebar: folders nest,
 * and numbered series (`name_0000.vtu … name_0191.vtu`, numbered folders of a
 * VTK export) collapse into one entry, together with the file that indexes
 * them (a `.pvd`: which files do is the format registry's word, passed in).
 * Names sort in natural order (`_0`, `_100`, `_200`, `_1000`), a series'
 * members too. Pure: no DOM, so it is unit-tested in Node.
 */
import { naturalCompare } from "../../src/core/natural.js";
import { stemOf } from "../../src/core/path.js";

/** A file as the listing gives it (path relative to the project, `/`-separated). */
export interface TreeFile {
  readonly path: string;
  readonly size: number;
  /** Id of the format its name gives, when known. */
  readonly format?: string;
}

/** One entry of the tree. */
export type TreeNode =
  | { readonly kind: "file"; readonly name: string; readonly path: string; readonly file: TreeFile }
  | {
      readonly kind: "folder";
      readonly name: string;
      readonly path: string;
      readonly children: TreeNode[];
    }
  | {
      readonly kind: "series";
      /** What the entry shows: the index's name (`name.pvd`) or a pattern (`name_####.vtu`). */
      readonly name: string;
      /** A key unique in the tree: the folder's path plus the series stem and `*`. */
      readonly path: string;
      /** The file that indexes the series (`.pvd`), if there is one. */
      readonly index?: TreeFile;
      /** How many numbers the series has (frames). */
      readonly count: number;
      /** The index first, then every numbered member (files and folders), in order. */
      readonly children: TreeNode[];
    };

/** Fewest numbered names that make a series. */
const MIN_SERIES = 3;

/** Whether a file indexes a numbered series (its format's `indexes` is `series`). */
export type IsSeriesIndex = (file: TreeFile) => boolean;

interface Folder {
  readonly folders: Map<string, Folder>;
  readonly files: TreeFile[];
}

const newFolder = (): Folder => ({ folders: new Map(), files: [] });

/** Names in natural order (`run_2` before `run_10`): the core's one comparator. */
const byName = naturalCompare;

/** `name` split as prefix, number, suffix (`run_0012.vtu` → `run_`, `0012`, `.vtu`), or undefined. */
function numbered(name: string): { prefix: string; digits: string; suffix: string } | undefined {
  const m = /^(.*?)(\d+)((?:\.[^.]*)?)$/.exec(name);
  if (!m || m[2]!.length === 0) return undefined;
  return { prefix: m[1]!, digits: m[2]!, suffix: m[3]! };
}

/** The stem a series and its index share: the prefix without a trailing `_`, `-`, `.` or space. */
function stem(prefix: string): string {
  return prefix.replace(/[_\-. ]+$/, "");
}

/** Builds the tree of `files` (any order); entries are folders first, then files, by name in natural order. */
export function buildFileTree(files: readonly TreeFile[], isIndex: IsSeriesIndex): TreeNode[] {
  const root = newFolder();
  for (const f of files) {
    const parts = f.path.split("/");
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) {
        next = newFolder();
        folder.folders.set(part, next);
      }
      folder = next;
    }
    folder.files.push(f);
  }
  return level(root, "", isIndex);
}

function level(folder: Folder, prefix: string, isIndex: IsSeriesIndex): TreeNode[] {
  const folders: TreeNode[] = [...folder.folders.keys()].sort(byName).map((name) => ({
    kind: "folder",
    name,
    path: `${prefix}${name}`,
    children: level(folder.folders.get(name)!, `${prefix}${name}/`, isIndex),
  }));
  const files: TreeNode[] = [...folder.files]
    .sort((a, b) => byName(a.path, b.path))
    .map((file) => ({ kind: "file", name: file.path.slice(prefix.length), path: file.path, file }));
  return attachIndexes(
    [...collapseSeries(folders, prefix), ...collapseSeries(files, prefix)],
    isIndex,
  );
}

/** Folders before series and files. */
function rank(n: TreeNode): number {
  return n.kind === "folder" ? 0 : 1;
}

/** Replaces each run of numbered names (same prefix and suffix, at least {@link MIN_SERIES}) by a series entry. */
function collapseSeries(nodes: TreeNode[], prefix: string): TreeNode[] {
  const groups = new Map<string, { nodes: TreeNode[]; pattern: string; numbers: Set<string> }>();
  for (const n of nodes) {
    const parts = numbered(n.name);
    if (!parts) continue;
    const key = `${parts.prefix}\u0000${parts.suffix}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        nodes: [],
        pattern: `${parts.prefix}${"#".repeat(parts.digits.length)}${parts.suffix}`,
        numbers: new Set(),
      };
      groups.set(key, g);
    }
    g.nodes.push(n);
    g.numbers.add(String(Number(parts.digits)));
  }
  const taken = new Set<TreeNode>();
  const out: TreeNode[] = [];
  for (const [key, g] of groups) {
    if (g.numbers.size < MIN_SERIES) continue;
    for (const n of g.nodes) taken.add(n);
    const s = stem(key.slice(0, key.indexOf("\u0000")));
    out.push({
      kind: "series",
      name: g.pattern,
      path: `${prefix}${s}*${g.pattern}`,
      count: g.numbers.size,
      children: g.nodes,
    });
  }
  return [...nodes.filter((n) => !taken.has(n)), ...out];
}

/**
 * Folds the series of one level into the index file (`name.pvd`) that shares
 * their stem: one entry named after the index, holding it and every series.
 */
function attachIndexes(nodes: readonly TreeNode[], isIndex: IsSeriesIndex): TreeNode[] {
  const series = nodes.filter((n) => n.kind === "series");
  const used = new Set<TreeNode>();
  const out: TreeNode[] = [];
  for (const n of nodes) {
    if (n.kind !== "file" || !isIndex(n.file)) continue;
    const s = stemOf(n.name);
    const mine = series.filter((x) => !used.has(x) && seriesStem(x) === s);
    if (mine.length === 0) continue;
    for (const x of mine) used.add(x);
    used.add(n);
    out.push({
      kind: "series",
      name: n.name,
      path: n.path,
      index: n.file,
      count: Math.max(...mine.map((x) => (x.kind === "series" ? x.count : 0))),
      children: [n, ...mine.flatMap((x) => (x.kind === "series" ? x.children : []))],
    });
  }
  foldCompanionIndexes(nodes, out, used, isIndex);
  return [...nodes.filter((n) => !used.has(n)), ...out].sort(
    (a, b) => rank(a) - rank(b) || byName(a.name, b.name),
  );
}

/**
 * Folds index files named after an indexed series (`name_part.pvd` beside
 * `name.pvd`: the per-body collections of one VTK export) into that series'
 * entry, after its index, so one export is one entry.
 */
function foldCompanionIndexes(
  nodes: readonly TreeNode[],
  entries: TreeNode[],
  used: Set<TreeNode>,
  isIndex: IsSeriesIndex,
): void {
  for (const entry of entries) {
    if (entry.kind !== "series" || !entry.index) continue;
    const s = entry.name.slice(0, entry.name.lastIndexOf("."));
    let at = 1;
    for (const n of nodes) {
      if (used.has(n) || n.kind !== "file" || !isIndex(n.file)) continue;
      if (!/^[_\-. ]/.test(n.name.slice(s.length)) || !n.name.startsWith(s)) continue;
      used.add(n);
      entry.children.splice(at++, 0, n);
    }
  }
}

function seriesStem(n: TreeNode): string {
  const star = n.path.lastIndexOf("*");
  const slash = n.path.lastIndexOf("/", star);
  return n.path.slice(slash + 1, star);
}
