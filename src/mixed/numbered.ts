/**
 * Numbered series without an index (foamToVTK's `pitzDaily_0.vtk …
 * pitzDaily_1000.vtk`, Kratos', a script's `frame_001.vtu …`): names that
 * differ only in the last run of digits before the extension form one set,
 * read in the order of their numbers (natural order, never the shell's
 * lexicographic one). A set is named by its pattern, the common name with
 * `#` for the number (`foam/pitzDaily_#.vtk`), as the studio's file tree
 * shows it. Which files of a folder make its one series (`agr from DIR`)
 * is decided here too. Pure: no file system.
 */
import { DiagnosticSink } from "../core/diagnostics.js";
import type { FormatRegistry } from "../core/formats/index.js";
import { msg } from "../core/message.js";
import { naturalCompare } from "../core/natural.js";
import type { FileReport } from "../core/report.js";
import { SOLVER_FORMATS } from "./formats.js";
import { VTK } from "./vtk/codes.js";

/** One member of a numbered set: its path and number. */
export interface NumberedMember {
  readonly path: string;
  readonly number: number;
}

/** A numbered set: its pattern (`dir/name_#.vtu`) and members in number order. */
export interface NumberedSet {
  readonly pattern: string;
  readonly members: readonly NumberedMember[];
}

/** `path` split around the last run of digits of its base name before the extension, or undefined. */
function split(path: string): { prefix: string; digits: string; suffix: string } | undefined {
  const slash = path.lastIndexOf("/") + 1;
  const m = /^(.*?)(\d+)((?:\.[^.]*)?)$/.exec(path.slice(slash));
  if (!m) return undefined;
  return { prefix: path.slice(0, slash) + m[1]!, digits: m[2]!, suffix: m[3]! };
}

/** Members in number order; equal numbers (`_1`, `_01`) by name in natural order. */
function byNumber(a: NumberedMember, b: NumberedMember): number {
  return a.number - b.number || naturalCompare(a.path, b.path);
}

/**
 * The numbered sets among `paths`: names alike but for their number, at
 * least `minimum` of them, each in number order; the sets by pattern in
 * natural order. Names in no set are left out.
 */
export function numberedSets(paths: readonly string[], minimum = 2): NumberedSet[] {
  const groups = new Map<string, { pattern: string; members: NumberedMember[] }>();
  for (const path of paths) {
    const s = split(path);
    if (!s) continue;
    const key = `${s.prefix}\u0000${s.suffix}`;
    const g = groups.get(key) ?? { pattern: `${s.prefix}#${s.suffix}`, members: [] };
    g.members.push({ path, number: Number(s.digits) });
    groups.set(key, g);
  }
  return [...groups.values()]
    .filter((g) => g.members.length >= minimum)
    .map((g) => ({ pattern: g.pattern, members: g.members.sort(byNumber) }))
    .sort((a, b) => naturalCompare(a.pattern, b.pattern));
}

/**
 * The members of `paths` that `pattern` names (its last run of `#` stands
 * for a number of any length: the tree writes `name_####.vtu` for
 * `name_0000.vtu`), in number order.
 */
export function patternMembers(pattern: string, paths: readonly string[]): NumberedMember[] {
  const m = /^(.*?)#+([^#/]*)$/.exec(pattern);
  if (!m) return [];
  const [, prefix, suffix] = m as unknown as [string, string, string];
  const out: NumberedMember[] = [];
  for (const path of paths) {
    const s = split(path);
    if (s && s.prefix === prefix && s.suffix === suffix)
      out.push({ path, number: Number(s.digits) });
  }
  return out.sort(byNumber);
}

/** The solver-result files a folder's series may be made of, and whether each indexes a series. */
function solverFiles(names: readonly string[], formats: FormatRegistry) {
  const out: { name: string; index: boolean }[] = [];
  for (const name of names) {
    const f = formats.byName(name);
    if (f && SOLVER_FORMATS.includes(f)) out.push({ name, index: f.indexes === "series" });
  }
  return out;
}

/** What {@link folderSeries} chose: the files to read in order, or why none (a report on the folder). */
export type FolderChoice =
  | { readonly files: readonly string[]; readonly pattern?: string }
  | { readonly report: FileReport };

/**
 * The series of a folder whose files are `names` (paths as they are to be
 * read, in any order): its one index (`.pvd`, `.series`) when it has one,
 * else its one numbered set of solver files in number order, else its one
 * solver file. Several indexes or several sets are refused, each listed
 * (VTK042); a folder with none is refused (VTK044). Decision 232.
 */
export function folderSeries(
  folder: string,
  names: readonly string[],
  formats: FormatRegistry,
): FolderChoice {
  const files = solverFiles(names, formats);
  const indexes = files.filter((f) => f.index).map((f) => f.name);
  const sink = new DiagnosticSink();
  const report = (): FolderChoice => ({ report: { file: folder, diagnostics: sink.items } });
  if (indexes.length === 1) return { files: indexes };
  if (indexes.length > 1) {
    const list = indexes.sort(naturalCompare).join(", ");
    sink.report(
      VTK.folderSets,
      msg`the folder holds ${{ count: indexes.length }} series: ${{ list }}; give the one to read`,
      0,
    );
    return report();
  }
  const sets = numberedSets(files.map((f) => f.name));
  if (sets.length === 1)
    return { files: sets[0]!.members.map((m) => m.path), pattern: sets[0]!.pattern };
  if (sets.length > 1) {
    const list = sets.map((s) => `${s.pattern} (${s.members.length} files)`).join(", ");
    sink.report(
      VTK.folderSets,
      msg`the folder holds ${{ count: sets.length }} series: ${{ list }}; give the one to read`,
      0,
    );
    return report();
  }
  if (files.length === 1) return { files: [files[0]!.name] };
  sink.report(
    VTK.folderEmpty,
    msg`the folder holds no series to read: ${{ count: files.length }} solver result files, neither an index (.pvd, .series) nor numbered files`,
    0,
  );
  return report();
}
