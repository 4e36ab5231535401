/**
 * One read of a VTK series (read.ts): the files given and the reader for the
 * rest, the report of every file opened, the frames found, the memory budget,
 * and following one file from another — a `.vtm`'s blocks and a parallel
 * file's pieces are merged into one frame; a file that names itself back is
 * a cycle, reported and not followed.
 */

import { asciiText } from "../../core/bytes.js";
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { BUDGET_REASON, type FileReader } from "../../core/file-source.js";
import { msg } from "../../core/message.js";
import { normalizePath as normalize, resolveSibling as resolvePath } from "../../core/path.js";
import type { FileReport } from "../../core/report.js";
import { attr, attrStart, childrenNamed, parseXml, type XmlSource } from "../../core/xml.js";
import { VTK } from "./codes.js";
import { mergeFrames } from "./merge.js";
import type { VtkFrame } from "./model.js";
import { ReadAhead } from "./read-ahead.js";
import { blockSets, chooseBlocks, noBlockMessage } from "./read-blocks.js";
import { type MemoryBudget, READ_BUDGET_BYTES, readBudget } from "./read-data.js";
import { context, splitAppended } from "./read-file.js";
import { type Parsed, readGrid, wrongType } from "./read-grid.js";
import { isLegacyVtk, readLegacyVtk } from "./read-legacy.js";
import { ArrayMemo } from "./read-memo.js";
import { PARALLEL_STRUCTURED, readParallelStructured } from "./read-pstructured.js";
import { readStructured, STRUCTURED_TYPES } from "./read-structured.js";

/** An input file: its name (paths in it resolve against its folder) and its bytes or text. */
export interface VtkInputFile {
  readonly name: string;
  readonly bytes?: Uint8Array;
  readonly text?: string;
}

/** Options of a series read (`readVtkSeries`). */
export interface VtkReadOptions {
  /** Reads files that a `.pvd` or `.vtm` names and that are not among the inputs. */
  readonly read?: FileReader;
  /** Name of the `.vtm` block to take (needed when a `.vtm` has several). */
  readonly block?: string;
  /** The `.pvd` part to take at each timestep (its `part` attribute); default: all parts merged. */
  readonly part?: number;
  /** Bytes of float64 values the arrays of this read may take (default {@link READ_BUDGET_BYTES}, 1 GiB). */
  readonly budgetBytes?: number;
  /**
   * Bytes the files named (not given) may hold in all (a check's budget,
   * decision 252); past it the rest are not read (VTK180). Default: no limit.
   */
  readonly companionBytes?: number;
  /**
   * The named files' bytes are taken from {@link budgetBytes} too (a check's
   * one budget, decision 299): what they hold and what is decoded share it.
   */
  readonly companionsInBudget?: boolean;
}

/** The bytes of an input file (its text encoded when it was given as text). */
export function bytesOf(f: VtkInputFile): Uint8Array {
  return f.bytes ?? new TextEncoder().encode(f.text ?? "");
}

/** A check's read-ahead: one file before a size is known, then about 16 MiB waiting. */
const CHECK_AHEAD = { first: 1, bytes: 16 * 1024 * 1024 } as const;

/** `frame` at `time` when a `.pvd` or `.series` gives one (it wins over the file's own). */
function withTime(frame: VtkFrame, time: number | undefined): VtkFrame {
  return time === undefined ? frame : { ...frame, time };
}

/**
 * The report of a file read from `src`: its text, or (ASCII bytes) a text
 * made only when asked for — a report with findings is located, a clean one
 * is dropped unread, so a series' clean files never become strings.
 */
function sourceReport(file: string, src: XmlSource, diagnostics: Diagnostic[]): FileReport {
  if (typeof src === "string") return { file, text: src, diagnostics };
  let text: string | undefined;
  const r = { file, diagnostics } as FileReport;
  Object.defineProperty(r, "text", {
    enumerable: true,
    get: () => {
      text ??= asciiText(src);
      return text;
    },
  });
  return r;
}

/** The state of one series read; see the module comment. */
export class SeriesSession {
  readonly report: FileReport[] = [];
  readonly frames: VtkFrame[] = [];
  readonly budget: MemoryBudget;
  private readonly given: Map<string, VtkInputFile>;
  /** Files being followed now: a .vtm that names itself (or a .vtm naming it back) is a cycle. */
  private readonly following = new Set<string>();
  /** Every .vtm of a series has the same blocks (every .pvd step the same parts): a missing choice is reported once. */
  private readonly reported = new Set<"block" | "part">();
  private readonly ahead: ReadAhead;
  /** Set once an index names several files: their repeated arrays are decoded once (read-memo.ts). */
  memo: ArrayMemo | undefined;
  /** The frames each file followed gave, by path: a file named again is read once (decision 252). */
  private readonly done = new Map<string, readonly VtkFrame[]>();
  /** Bytes of the named files read so far, and whether they passed `companionBytes` (reported once). */
  private spent = 0;
  private over = false;

  constructor(
    files: readonly VtkInputFile[],
    readonly options: VtkReadOptions,
  ) {
    this.budget = readBudget(options.budgetBytes);
    this.given = new Map(files.map((f) => [normalize(f.name), f]));
    // A check holds little ahead: what waits unparsed is not in its budget (decision 299).
    this.ahead = new ReadAhead(options.read, options.companionsInBudget ? CHECK_AHEAD : undefined);
  }

  /** The files `names` (named by `from`) are followed next, in this order: their reads start now (read-ahead.ts). */
  plan(names: readonly string[], from: string): void {
    if (names.length > 1) this.memo ??= new ArrayMemo();
    this.ahead.plan(
      names.filter((n) => !this.given.has(normalize(n))),
      from,
    );
  }

  /** True the first time a missing `kind` choice is to be reported, false after. */
  firstMiss(kind: "block" | "part"): boolean {
    if (this.reported.has(kind)) return false;
    this.reported.add(kind);
    return true;
  }

  /** The bytes of `name` (named by `from`), or why it cannot be read ({@link BUDGET_REASON}: over budget). */
  private async fetch(name: string, from: string): Promise<Uint8Array | string> {
    const f = this.given.get(normalize(name));
    if (f) return bytesOf(f);
    if (this.over) return BUDGET_REASON;
    const r = await this.ahead.take(name, from);
    if (r?.status === "ok") {
      this.spent += r.bytes.length;
      if (this.options.companionsInBudget) this.budget.remaining -= r.bytes.length;
      const over =
        this.spent > (this.options.companionBytes ?? Infinity) || this.budget.remaining < 0;
      return over ? BUDGET_REASON : r.bytes;
    }
    return r?.status === "unreadable" ? r.reason : "it was not given and does not exist";
  }

  /** Reports why `name` (named in `from` at `at`) cannot be read; past the budget, once (VTK180). */
  private unread(from: Parsed, at: number, name: string, why: string): void {
    if (why !== BUDGET_REASON) {
      const message = msg`'${{ file: name }}' cannot be read: ${why}`;
      from.sink.report(VTK.missingFile, message, at, at + 1);
      return;
    }
    if (this.over) return;
    this.over = true;
    const { companionBytes = Infinity } = this.options;
    const whole = this.spent <= companionBytes;
    const mib = Math.round((whole ? this.budget.total : companionBytes) / 2 ** 20);
    const message = whole
      ? msg`the series is too large to check whole: the files it names and the values read take more than ${{ limit: mib }} MiB; '${{ file: name }}' and the files after it are not read`
      : msg`the series is too large to check whole: the files it names hold more than ${{ limit: mib }} MiB; '${{ file: name }}' and the files after it are not read`;
    from.sink.report(VTK.seriesTooLarge, message, at, at + 1);
  }

  /**
   * A named file's text is kept with its report as long as the check runs:
   * in a check's one budget it costs its size (two bytes a character when it
   * is not all Latin-1), as its bytes did (decision 299).
   */
  private chargeText(name: string, text: string | undefined, ascii?: number): void {
    if (!this.options.companionsInBudget || (text === undefined && ascii === undefined)) return;
    if (this.given.has(normalize(name))) return;
    this.budget.remaining -=
      text === undefined ? ascii! : text.length * (/[\u0100-\uffff]/.test(text) ? 2 : 1);
  }

  /** Parses `bytes` (legacy `.vtk` read whole, else XML with appended data) and adds its report. */
  open(name: string, bytes: Uint8Array): Parsed {
    const sink = new DiagnosticSink();
    if (isLegacyVtk(bytes)) {
      const { frame, text } = readLegacyVtk(name, bytes, sink, this.budget);
      this.chargeText(name, text);
      this.report.push({ file: name, text, diagnostics: sink.items });
      const ctx = context(undefined, { source: text ?? "", raw: false }, sink, this.budget);
      return { file: name, root: undefined, ctx, sink, legacy: { frame } };
    }
    const split = splitAppended(bytes);
    const src = split.source;
    // ASCII bytes cost their size, as a Latin-1 text of them would.
    this.chargeText(name, typeof src === "string" ? src : undefined, src.length);
    // A syntax error at the very end (a cut file) points at the end, not past it.
    const length = src.length;
    const root = parseXml(src, (message, at) =>
      sink.report(VTK.xmlSyntax, message, Math.min(at, length), Math.min(at + 1, length)),
    );
    const ctx = context(root, split, sink, this.budget, this.memo);
    this.report.push(sourceReport(name, src, sink.items));
    return { file: name, root, ctx, sink };
  }

  /** Runs `read` with `name` marked as being followed (a given index that names itself is a cycle). */
  async within(name: string, read: () => Promise<void>): Promise<void> {
    this.following.add(normalize(name));
    await read();
    this.following.delete(normalize(name));
  }

  /** Reads `name` (named by `from` at offset `at`) into `into`, at `time` when given. */
  async follow(
    from: Parsed,
    at: number,
    name: string,
    time: number | undefined,
    into: VtkFrame[] = this.frames,
  ): Promise<void> {
    if (this.following.has(normalize(name))) {
      const message = msg`'${{ file: name }}' names itself through its blocks; not followed`;
      return from.sink.report(VTK.missingFile, message, at, at + 1);
    }
    const again = this.done.get(normalize(name));
    if (again) {
      for (const frame of again) into.push(withTime(frame, time));
      return;
    }
    const bytes = await this.fetch(name, from.file);
    if (typeof bytes === "string") return this.unread(from, at, name, bytes);
    const p = this.open(name, bytes);
    const before = into.length;
    if (p.legacy) {
      if (p.legacy.frame) into.push(withTime(p.legacy.frame, time));
    } else await this.within(name, () => this.readIndexOrGrid(p, name, time, into));
    this.done.set(normalize(name), into.slice(before));
  }

  /** A parsed XML file: a multiblock or parallel index (followed) or a grid (read). */
  private async readIndexOrGrid(
    p: Parsed,
    name: string,
    time: number | undefined,
    into: VtkFrame[],
  ): Promise<void> {
    const type = p.root && attr(p.root, "type");
    if (type === "vtkMultiBlockDataSet") await this.multiblock(p, name, time, into);
    else if (type === "PUnstructuredGrid" || type === "PPolyData")
      await this.parallel(p, name, type, time, into);
    else if (type === "UnstructuredGrid" || type === "PolyData") {
      const frame = await readGrid(name, p, time);
      if (frame) into.push(frame);
    } else if (type !== undefined && STRUCTURED_TYPES.has(type)) {
      const frame = await readStructured(name, p, time);
      if (frame) into.push(frame);
    } else if (type !== undefined && PARALLEL_STRUCTURED.has(type)) {
      await this.parallelStructured(p, name, type, time, into);
    } else if (p.root) wrongType(p);
  }

  /** A parallel `.pvti`/`.pvts`/`.pvtr`: one grid that its pieces' files fill (read-pstructured.ts). */
  async parallelStructured(
    p: Parsed,
    name: string,
    type: string,
    time: number | undefined,
    into: VtkFrame[] = this.frames,
  ): Promise<void> {
    const open = async (from: Parsed, at: number, file: string) => {
      if (this.following.has(normalize(file))) {
        const message = msg`'${{ file }}' names itself through its pieces; not followed`;
        return void from.sink.report(VTK.missingFile, message, at, at + 1);
      }
      const bytes = await this.fetch(file, from.file);
      if (typeof bytes !== "string") return this.open(file, bytes);
      return void this.unread(from, at, file, bytes);
    };
    const frame = await readParallelStructured(open, p, name, type, time);
    if (frame) into.push(frame);
  }

  /** A `.vtm`: the chosen blocks' files, merged into one frame; a part that cannot be read drops the frame. */
  async multiblock(
    p: Parsed,
    name: string,
    time: number | undefined,
    into: VtkFrame[] = this.frames,
  ): Promise<void> {
    const sets = blockSets(p.root);
    const wanted = this.options.block;
    const chosen = chooseBlocks(sets, wanted);
    if (chosen.length === 0) {
      if (this.firstMiss("block"))
        p.sink.report(VTK.block, noBlockMessage(sets, wanted), p.root?.start ?? 0);
      return;
    }
    const parts: VtkFrame[] = [];
    this.plan(
      chosen.map((s) => resolvePath(name, attr(s.e, "file") ?? "")),
      name,
    );
    for (const s of chosen) {
      const file = resolvePath(name, attr(s.e, "file") ?? "");
      await this.follow(p, attrStart(s.e, "file"), file, time, parts);
    }
    if (parts.length === chosen.length) into.push(mergeFrames(parts));
  }

  /** A parallel `.pvtu`/`.pvtp`: its pieces' files (`<Piece Source>`), merged into one frame. */
  async parallel(
    p: Parsed,
    name: string,
    type: string,
    time: number | undefined,
    into: VtkFrame[] = this.frames,
  ): Promise<void> {
    const grid = childrenNamed(p.root!, type)[0];
    const pieces = grid ? childrenNamed(grid, "Piece").filter((e) => attr(e, "Source")) : [];
    if (pieces.length === 0)
      return p.sink.report(VTK.missingSection, `no <${type}><Piece Source=…>`, p.root!.start);
    const parts: VtkFrame[] = [];
    this.plan(
      pieces.map((e) => resolvePath(name, attr(e, "Source") ?? "")),
      name,
    );
    for (const e of pieces) {
      const file = resolvePath(name, attr(e, "Source") ?? "");
      await this.follow(p, attrStart(e, "Source"), file, time, parts);
    }
    if (parts.length === pieces.length) into.push(mergeFrames(parts));
  }
}
