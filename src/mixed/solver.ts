/**
 * Solver results of any registered format as one series of frames: VTK
 * files (one or many, an index naming them) through the VTK reader, and a
 * file of a format that is not VTK (its descriptor is in
 * {@link SOLVER_FORMATS}) through its own reader. Every such reader hands
 * over {@link VtkFrame}s, so `agr from`, the Mesh workspace and `check`
 * treat them alike. Never throws.
 */
import { DiagnosticSink } from "../core/diagnostics.js";
import { FORMAT, type FormatRegistry, HEAD_BYTES } from "../core/formats/index.js";
import { msg } from "../core/message.js";
import type { FileReport } from "../core/report.js";
import { SOLVER_FORMATS } from "./formats.js";
import { type NumberedSet, numberedSets } from "./numbered.js";
import { VTK } from "./vtk/codes.js";
import {
  frameText,
  readVtkSeries,
  VTK_FORMATS,
  type VtkFrame,
  type VtkReadOptions,
} from "./vtk/index.js";

/** One input: its name (as shown in findings) and bytes. */
export interface SolverInput {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** What {@link readSolverSeries} found: frames in order, and every file's findings. */
export interface SolverSeries {
  readonly frames: VtkFrame[];
  readonly report: FileReport[];
}

/** Whether `format` is a solver-result format (its model is a frame or a series of frames). */
export function isSolverFormat(format: unknown): boolean {
  return SOLVER_FORMATS.includes(format as (typeof SOLVER_FORMATS)[number]);
}

/**
 * Reads `files` as one series: VTK inputs in the order given (an index: its
 * order and times), or one file of another solver format by its own reader
 * (recognised in `formats` by content, else by name). Several files of a
 * format that is not VTK, or a mix, are refused (FMT006).
 */
export async function readSolverSeries(
  files: readonly SolverInput[],
  formats: FormatRegistry,
  options: VtkReadOptions = {},
): Promise<SolverSeries> {
  const kinds = files.map(
    (f) => formats.recognise(f.name, f.bytes.subarray(0, HEAD_BYTES))?.format,
  );
  const vtk = kinds.map(
    (k) => k === undefined || VTK_FORMATS.includes(k as (typeof VTK_FORMATS)[number]),
  );
  if (vtk.every(Boolean)) {
    const indexed = kinds.some((k) => k?.indexes === "series");
    const set = files.length > 1 && !indexed ? oneNumberedSet(files) : undefined;
    if (!set) return readVtkSeries(files, options);
    const byPath = new Map(files.map((f) => [f.name, f]));
    const sorted = set.members.map((m) => byPath.get(m.path)!);
    return timedByNumber(await readVtkSeries(sorted, options), set);
  }
  const first = files[0]!;
  const format = kinds[0];
  if (files.length > 1 || format === undefined || !isSolverFormat(format)) {
    const at = kinds.findIndex((k, i) => !vtk[i] && (files.length > 1 || !isSolverFormat(k)));
    const odd = files[Math.max(at, 0)]!;
    const label = kinds[Math.max(at, 0)]?.label ?? "file";
    const message =
      files.length > 1
        ? `a ${label} file is read alone: give it as the only input (its steps are the frames)`
        : `a ${label} holds no solver results`;
    return { frames: [], report: [refusal(odd.name, message)] };
  }
  const r = await format.read(first.bytes, first.name, options.read ? { read: options.read } : {});
  const own: FileReport = { file: first.name, text: r.text, diagnostics: r.diagnostics };
  const report = [own, ...(r.related ?? [])].filter((x) => x.diagnostics.length > 0);
  const model = r.model as VtkFrame | VtkFrame[] | undefined;
  const frames = model === undefined ? [] : Array.isArray(model) ? model : [model];
  return { frames, report };
}

/** The one numbered set all of `files` form (decision 186), or undefined. */
function oneNumberedSet(files: readonly SolverInput[]): NumberedSet | undefined {
  const sets = numberedSets(files.map((f) => f.name));
  const set = sets[0];
  return sets.length === 1 && set!.members.length === files.length ? set : undefined;
}

/**
 * A numbered set's frames (one per file, in number order) timed: by their
 * TimeValue when every file has one, else by their numbers (decision 185);
 * one note says which (VTK040, VTK041), a warning when only some files have
 * a TimeValue (VTK043). Frames missing (a file that failed) leave the times
 * as read: the series has errors then.
 */
function timedByNumber(series: SolverSeries, set: NumberedSet): SolverSeries {
  const { frames } = series;
  if (frames.length !== set.members.length) return series;
  const sink = new DiagnosticSink();
  const count = frames.length;
  const pattern = set.pattern;
  const found = frames.filter((f) => f.time !== undefined).length;
  if (found === count) {
    sink.report(
      VTK.numberedTimeValue,
      msg`${{ count }} files read as one numbered set '${{ pattern }}' in the order of their numbers; times: their TimeValue`,
      0,
    );
  } else {
    sink.report(
      VTK.numberedSet,
      msg`${{ count }} files read as one numbered set '${{ pattern }}' in the order of their numbers; times: the numbers (s)`,
      0,
    );
    if (found > 0)
      sink.report(
        VTK.partialTimeValue,
        msg`only ${{ found }} of the ${{ count }} files have a TimeValue: times from the numbers for all`,
        0,
      );
  }
  const timed =
    found === count ? frames : frames.map((f, k) => ({ ...f, time: set.members[k]!.number }));
  const first = frames[0]!;
  const note: FileReport = { file: first.file, text: frameText(first), diagnostics: sink.items };
  return { frames: timed, report: [note, ...series.report] };
}

function refusal(file: string, message: string): FileReport {
  const { code, severity } = FORMAT.otherFormat;
  return { file, diagnostics: [{ code, severity, message, start: 0, end: 0 }] };
}
