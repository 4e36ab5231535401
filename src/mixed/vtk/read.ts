/**
 * Reading a VTK XML time series: `.vtu` (UnstructuredGrid) and `.vtp`
 * (PolyData) files, parallel `.pvtu`/`.pvtp` files naming pieces, a `.pvd`
 * collection naming them (times from its `timestep`s, parts merged), a
 * ParaView `.series` (JSON), or `.vtm` multiblock indexes (blocks merged, or
 * the one chosen); legacy `.vtk` files (read-legacy.ts) wherever a `.vtu`
 * may stand, recognised by their content. Never throws: problems become diagnostics
 * located in each file (line and column of the XML).
 */
import { DiagnosticSink } from "../../core/diagnostics.js";
import type { FileReader } from "../../core/file-source.js";
import { normalizePath as normalize, resolveSibling as resolvePath } from "../../core/path.js";
import type { FileReport } from "../../core/report.js";
import { attr, attrStart, childrenNamed, parseXml, type XmlElement } from "../../core/xml.js";
import { VTK } from "./codes.js";
import { mergeFrames } from "./merge.js";
import type { VtkFrame } from "./model.js";
import { READ_BUDGET_BYTES, readBudget } from "./read-data.js";
import { context, splitAppended } from "./read-file.js";
import { type Parsed, readGrid, wrongType } from "./read-grid.js";
import { isLegacyVtk, readLegacyVtk } from "./read-legacy.js";

/** An input file: its name (paths in it resolve against its folder) and its bytes or text. */
export interface VtkInputFile {
  readonly name: string;
  readonly bytes?: Uint8Array;
  readonly text?: string;
}

/** Options of {@link readVtkSeries}. */
export interface VtkReadOptions {
  /** Reads files that a `.pvd` or `.vtm` names and that are not among the inputs. */
  readonly read?: FileReader;
  /** Name of the `.vtm` block to take (needed when a `.vtm` has several). */
  readonly block?: string;
  /** The `.pvd` part to take at each timestep (its `part` attribute); default: all parts merged. */
  readonly part?: number;
  /** Bytes of float64 values the arrays of this read may take (default {@link READ_BUDGET_BYTES}, 1 GiB). */
  readonly budgetBytes?: number;
}

export type { VtkFrame } from "./model.js";

/** What {@link readVtkSeries} found: frames in order, and every file's findings. */
export interface VtkSeries {
  readonly frames: VtkFrame[];
  readonly report: FileReport[];
}

/** Reads the frames of `files` in order; see the module comment. */
export async function readVtkSeries(
  files: readonly VtkInputFile[],
  options: VtkReadOptions = {},
): Promise<VtkSeries> {
  const report: FileReport[] = [];
  const frames: VtkFrame[] = [];
  const budget = readBudget(options.budgetBytes);
  // Every .vtm of a series has the same blocks: a missing choice is reported once.
  let blockReported = false;
  let partReported = false;
  const given = new Map(files.map((f) => [normalize(f.name), f]));
  /** The bytes of `name` (named by `from`), or why it cannot be read. */
  const fetch = async (name: string, from: string): Promise<Uint8Array | string> => {
    const f = given.get(normalize(name));
    if (f) return bytesOf(f);
    const r = await options.read?.(name, from);
    if (r?.status === "ok") return r.bytes;
    return r?.status === "unreadable" ? r.reason : "it was not given and does not exist";
  };
  const open = (name: string, bytes: Uint8Array): Parsed => {
    const sink = new DiagnosticSink();
    if (isLegacyVtk(bytes)) {
      const { frame, text } = readLegacyVtk(name, bytes, sink, budget);
      report.push({ file: name, text, diagnostics: sink.items });
      const ctx = context(undefined, { text: text ?? "", raw: false }, sink, budget);
      return { file: name, root: undefined, ctx, sink, legacy: { frame } };
    }
    const split = splitAppended(bytes);
    // A syntax error at the very end (a cut file) points at the end, not past it.
    const length = split.text.length;
    const root = parseXml(split.text, (message, at) =>
      sink.report(VTK.xmlSyntax, message, Math.min(at, length), Math.min(at + 1, length)),
    );
    const ctx = context(root, split, sink, budget);
    report.push({ file: name, text: split.text, diagnostics: sink.items });
    return { file: name, root, ctx, sink };
  };
  // Files being followed now: a .vtm that names itself (or a .vtm naming it back) is a cycle.
  const following = new Set<string>();
  const follow = async (
    from: Parsed,
    at: number,
    name: string,
    time: number | undefined,
    into: VtkFrame[] = frames,
  ) => {
    const key = normalize(name);
    if (following.has(key)) {
      from.sink.report(
        VTK.missingFile,
        `'${name}' names itself through its blocks; not followed`,
        at,
        at + 1,
      );
      return;
    }
    const bytes = await fetch(name, from.file);
    if (typeof bytes === "string") {
      from.sink.report(VTK.missingFile, `'${name}' cannot be read: ${bytes}`, at, at + 1);
      return;
    }
    const p = open(name, bytes);
    const type = p.root && attr(p.root, "type");
    following.add(key);
    if (p.legacy) {
      if (p.legacy.frame) into.push(withTime(p.legacy.frame, time));
    } else if (type === "vtkMultiBlockDataSet") await multiblock(p, name, time, into);
    else if (type === "PUnstructuredGrid" || type === "PPolyData")
      await parallel(p, name, type, time, into);
    else if (type === "UnstructuredGrid" || type === "PolyData") {
      const frame = await readGrid(name, p, time);
      if (frame) into.push(frame);
    } else if (p.root) wrongType(p);
    following.delete(key);
  };
  const multiblock = async (
    p: Parsed,
    name: string,
    time: number | undefined,
    into: VtkFrame[] = frames,
  ) => {
    // Every DataSet with a file: its names (its own and its Blocks' and Pieces') and index path.
    const sets: { e: XmlElement; names: string[]; path: string }[] = [];
    // Depth first, in document order, with an explicit stack (no recursion on the file's depth).
    type Item = { e: XmlElement; names: string[]; path: string };
    const todo: Item[] = p.root ? [{ e: p.root, names: [], path: "" }] : [];
    while (todo.length > 0) {
      const { e, names, path } = todo.pop()!;
      const nested = e.name === "Block" || e.name === "Piece" || e.name === "DataSet";
      const children: Item[] = e.children.map((c, k) => {
        const n = attr(c, "name");
        const at = nested || c.name === "Block" || c.name === "Piece" || c.name === "DataSet";
        const index = attr(c, "index") ?? String(k);
        return {
          e: c,
          names: n ? [...names, n] : names,
          path: at ? (path ? `${path}/${index}` : index) : path,
        };
      });
      if (e.name === "DataSet" && attr(e, "file")) sets.push({ e, names, path });
      else for (let k = children.length - 1; k >= 0; k--) todo.push(children[k]!);
    }
    const wanted = options.block;
    const chosen =
      wanted === undefined
        ? sets
        : sets.filter(
            (s) => s.names.includes(wanted) || s.path === wanted || s.path.startsWith(`${wanted}/`),
          );
    if (chosen.length === 0) {
      if (blockReported) return;
      blockReported = true;
      const names = sets.map((s) => `'${s.names.join("/")}' (${s.path})`).join(", ");
      p.sink.report(
        VTK.block,
        wanted !== undefined
          ? `no block named or at '${wanted}' (blocks: ${names || "none"})`
          : "the multiblock names no file",
        p.root?.start ?? 0,
      );
      return;
    }
    // Several blocks (or pieces) are merged into one mesh; a part that cannot be read drops the frame.
    const parts: VtkFrame[] = [];
    for (const s of chosen) {
      const file = resolvePath(name, attr(s.e, "file") ?? "");
      await follow(p, attrStart(s.e, "file"), file, time, parts);
    }
    if (parts.length === chosen.length) into.push(mergeFrames(parts));
  };

  /** A parallel `.pvtu`/`.pvtp`: its pieces' files (`<Piece Source>`), merged into one frame. */
  const parallel = async (
    p: Parsed,
    name: string,
    type: string,
    time: number | undefined,
    into: VtkFrame[] = frames,
  ) => {
    const grid = childrenNamed(p.root!, type)[0];
    const pieces = grid ? childrenNamed(grid, "Piece").filter((e) => attr(e, "Source")) : [];
    if (pieces.length === 0)
      return p.sink.report(VTK.missingSection, `no <${type}><Piece Source=…>`, p.root!.start);
    const parts: VtkFrame[] = [];
    for (const e of pieces) {
      const file = resolvePath(name, attr(e, "Source") ?? "");
      await follow(p, attrStart(e, "Source"), file, time, parts);
    }
    if (parts.length === pieces.length) into.push(mergeFrames(parts));
  };

  /** A ParaView `.series` (JSON: `{"files": [{"name", "time"}, …]}`): its files in order. */
  const jsonSeries = async (f: VtkInputFile) => {
    const sink = new DiagnosticSink();
    const text = new TextDecoder().decode(bytesOf(f));
    report.push({ file: f.name, text, diagnostics: sink.items });
    const ctx = context(undefined, { text, raw: false }, sink, budget);
    const from: Parsed = { file: f.name, root: undefined, ctx, sink };
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      return sink.report(VTK.fileType, `not a ParaView .series (JSON): ${(e as Error).message}`, 0);
    }
    const list = (doc as { files?: unknown } | null)?.files;
    if (!Array.isArray(list))
      return sink.report(VTK.fileType, "a .series needs a 'files' list of {name, time}", 0);
    if (list.length === 0) sink.report(VTK.noFrames, "the .series lists no file", 0);
    for (const entry of list as { name?: unknown; time?: unknown }[]) {
      const name = entry?.name;
      const at = Math.max(0, text.indexOf(JSON.stringify(name)));
      if (typeof name !== "string") {
        sink.report(VTK.fileType, "an entry of 'files' has no 'name'", at);
        continue;
      }
      const time = entry.time;
      if (time !== undefined && typeof time !== "number")
        sink.report(VTK.times, `the time of '${name}' is not a number`, at);
      await follow(
        from,
        at,
        resolvePath(f.name, name),
        typeof time === "number" ? time : undefined,
      );
    }
  };

  for (const f of files) {
    if (/\.series$/i.test(f.name)) {
      await jsonSeries(f);
      continue;
    }
    const p = open(f.name, bytesOf(f));
    if (p.legacy?.frame) frames.push(p.legacy.frame);
    if (!p.root) continue;
    const type = attr(p.root, "type");
    if (type === "Collection") {
      const collection = childrenNamed(p.root, "Collection")[0];
      const sets = collection ? childrenNamed(collection, "DataSet") : [];
      // The parts of each timestep, in order of first appearance.
      const steps = new Map<string, XmlElement[]>();
      for (const s of sets) {
        const step = attr(s, "timestep") ?? "";
        steps.set(step, [...(steps.get(step) ?? []), s]);
      }
      for (const [step, all] of steps) {
        const time = step === "" ? undefined : Number(step);
        if (time !== undefined && !Number.isFinite(time)) {
          p.sink.report(
            VTK.times,
            `timestep '${step}' is not a number`,
            attrStart(all[0]!, "timestep"),
          );
        }
        const partOf = (s: XmlElement, k: number) => attr(s, "part") ?? String(k);
        const chosen =
          options.part === undefined
            ? all
            : all.filter((s, k) => partOf(s, k) === String(options.part));
        if (chosen.length === 0) {
          if (partReported) continue;
          partReported = true;
          const parts = all.map(partOf).join(", ");
          p.sink.report(
            VTK.block,
            `no part ${options.part} at timestep ${step} (parts: ${parts})`,
            all[0]!.start,
          );
          continue;
        }
        const parts: VtkFrame[] = [];
        for (const s of chosen) {
          await follow(
            p,
            attrStart(s, "file"),
            resolvePath(f.name, attr(s, "file") ?? ""),
            time,
            parts,
          );
        }
        // A part that cannot be read is reported; the timestep is then left out.
        if (parts.length === chosen.length) frames.push(mergeFrames(parts));
      }
      if (sets.length === 0)
        p.sink.report(VTK.noFrames, "the collection lists no DataSet", p.root.start);
    } else if (type === "vtkMultiBlockDataSet") {
      following.add(normalize(f.name));
      await multiblock(p, f.name, undefined);
      following.delete(normalize(f.name));
    } else if (type === "PUnstructuredGrid" || type === "PPolyData") {
      following.add(normalize(f.name));
      await parallel(p, f.name, type, undefined);
      following.delete(normalize(f.name));
    } else if (type === "UnstructuredGrid" || type === "PolyData") {
      const frame = await readGrid(f.name, p, undefined);
      if (frame) frames.push(frame);
    } else wrongType(p);
  }
  return { frames, report: report.filter((r) => r.diagnostics.length > 0) };
}

/** `frame` at `time` when a `.pvd` or `.series` gives one (it wins over the file's own). */
function withTime(frame: VtkFrame, time: number | undefined): VtkFrame {
  return time === undefined ? frame : { ...frame, time };
}

function bytesOf(f: VtkInputFile): Uint8Array {
  return f.bytes ?? new TextEncoder().encode(f.text ?? "");
}
