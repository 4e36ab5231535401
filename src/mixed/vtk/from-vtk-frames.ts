/**
 * What `agr from-vtk` checks across the frames before it builds a mesh
 * animation (from-vtk.ts): one mesh in every frame, strictly increasing
 * times, cells that draw no face. Findings are gathered per file.
 */

import { type DiagnosticKind, DiagnosticSink } from "../../core/diagnostics.js";
import { type MessageInput, msg } from "../../core/message.js";
import type { FileReport } from "../../core/report.js";
import { VTK } from "./codes.js";
import type { VtkFrame } from "./model.js";
import { frameText } from "./read-text.js";

/** The findings of one conversion, per file; an error (not a note) means no model. */
export class Findings {
  private readonly sinks = new Map<string, DiagnosticSink>();
  /** False once an error was reported. */
  ok = true;

  /** `frames`: by file, what locates its findings (a frame's text or ASCII bytes, read-text.ts). */
  constructor(private readonly frames: ReadonlyMap<string, Pick<VtkFrame, "text" | "ascii">>) {}

  /** Reports an error: the conversion will make no model. */
  error(file: string, code: DiagnosticKind, message: MessageInput, at: number): void {
    this.note(file, code, message, at);
    this.ok = false;
  }

  /** Reports a finding that does not stop the conversion (its severity is the code's). */
  note(file: string, code: DiagnosticKind, message: MessageInput, at: number): void {
    let s = this.sinks.get(file);
    if (!s) {
      s = new DiagnosticSink();
      this.sinks.set(file, s);
    }
    s.report(code, message, at);
  }

  private textOf(file: string): string | undefined {
    const f = this.frames.get(file);
    return f ? frameText(f) : undefined;
  }

  /** Every file's findings, in the order the files were first reported on. */
  report(): FileReport[] {
    return [...this.sinks].map(([file, s]) => ({
      file,
      text: this.textOf(file),
      diagnostics: s.items,
    }));
  }
}

/** The point (or cell) arrays of `frames`, the first of each name, in order of first appearance. */
export function seriesArrays(
  frames: readonly VtkFrame[],
  kind: "point" | "cell" = "point",
): VtkFrame["pointData"] {
  const byName = new Map<string, VtkFrame["pointData"][number]>();
  for (const f of frames)
    for (const a of kind === "point" ? f.pointData : f.cellData)
      if (!byName.has(a.name)) byName.set(a.name, a);
  return [...byName.values()];
}

/**
 * `'name'(components)` of each point array any of `frames` has (in order of
 * first appearance), then the cell arrays marked as such, for a message.
 */
export function arrayList(frames: readonly VtkFrame[]): string {
  const list = (kind: "point" | "cell") =>
    seriesArrays(frames, kind)
      .map((a) => `'${a.name}'(${a.components})`)
      .join(", ");
  const cells = list("cell");
  return [list("point"), cells && `cell arrays: ${cells}`].filter((x) => x).join("; ");
}

/** One warning on the first of the frames `lacking` array `name` (by index): their values are held. */
export function noteHeld(
  frames: readonly VtkFrame[],
  name: string,
  lacking: readonly number[],
  findings: Findings,
): void {
  if (lacking.length === 0) return;
  const frame = lacking[0]!;
  const f = frames[frame]!;
  const count = lacking.length;
  const message = msg`array '${{ array: name }}' is missing from ${{ count }} frame${count > 1 ? "s" : ""}, first frame ${{ frame }}: held from the previous frame that has it (before the first one: 0 for the displacement, that frame's values for a scalar)`;
  findings.note(f.file, VTK.arrayHeld, message, f.start);
}

/** One error for the first frame whose points or cells differ from the first's, with the count of the others. */
export function checkSameMesh(frames: readonly VtkFrame[], findings: Findings): void {
  const first = frames[0]!;
  const n = first.pointCount;
  let mismatches = 0;
  let firstMismatch: { frame: VtkFrame; problem: string } | undefined;
  // The English says what differs; the arguments name the frame only.
  for (const f of frames) {
    const problem =
      f.pointCount !== n
        ? `${f.pointCount} points, the first frame has ${n}`
        : !sameArray(f.types, first.types) || !sameArray(f.connectivity, first.connectivity)
          ? "its cells differ from the first frame's"
          : undefined;
    if (problem) {
      mismatches++;
      firstMismatch ??= { frame: f, problem };
    }
  }
  if (!firstMismatch) return;
  const more =
    mismatches > 1
      ? ` (${mismatches - 1} more frame${mismatches > 2 ? "s differ" : " differs"})`
      : "";
  const f = firstMismatch.frame;
  const message = msg`frame ${{ frame: frames.indexOf(f) }}: ${firstMismatch.problem}${more}`;
  findings.error(f.file, VTK.frameMismatch, message, f.start);
}

/** The frame times: `given`, else the frames' own, else 0, 1, 2 … (a note); they must increase. */
export function frameTimes(
  frames: readonly VtkFrame[],
  given: readonly number[] | undefined,
  findings: Findings,
): Float64Array {
  const first = frames[0]!;
  const F = frames.length;
  const times = new Float64Array(F);
  if (given) {
    if (given.length !== F)
      findings.error(first.file, VTK.times, `${given.length} times given for ${F} frames`, 0);
    for (let k = 0; k < F; k++) times[k] = given[k] ?? k;
  } else if (frames.every((f) => f.time !== undefined && Number.isFinite(f.time))) {
    for (let k = 0; k < F; k++) times[k] = frames[k]!.time!;
  } else {
    const message = msg`frames without a time: numbered 0, 1, 2 … s`;
    findings.note(first.file, VTK.noTimes, message, first.start);
    for (let k = 0; k < F; k++) times[k] = k;
  }
  for (let k = 1; k < F; k++) {
    if (!(times[k]! > times[k - 1]!)) {
      const message = `frame ${k} at ${times[k]} s does not come after ${times[k - 1]} s`;
      findings.error(frames[k]!.file, VTK.times, message, frames[k]!.start);
      break;
    }
  }
  return times;
}

/** A note on the first frame that skipped vertex or line cells. */
export function noteSkippedCells(frames: readonly VtkFrame[], findings: Findings): void {
  const skipped = frames.find((f) => f.skippedCells > 0);
  if (!skipped) return;
  const count = skipped.skippedCells;
  const message = msg`${{ count }} vertex or line cell${count > 1 ? "s" : ""} skipped (they draw no face)`;
  findings.note(skipped.file, VTK.skippedCells, message, skipped.start);
}

/**
 * An error when the first frame keeps no cell (all were vertex or line
 * cells, or there were none): a conversion that keeps no cell is refused.
 */
export function checkSomeCells(frames: readonly VtkFrame[], findings: Findings): void {
  const first = frames[0]!;
  if (first.types.length > 0) return;
  const skipped = first.skippedCells;
  const message = msg`no cell to keep: ${{ skipped }} vertex or line cell${skipped === 1 ? "" : "s"} skipped and no face, volume or surface cell left; the .agr would have 0 cells`;
  findings.error(first.file, VTK.noCells, message, first.start);
}

/** Whether `a` and `b` hold the same numbers. */
export function sameArray(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
