/** What commands write: output files, validation verdicts, exit codes. */
import { resolve } from "node:path";
import {
  type FileReport,
  formatReport,
  reportHasErrors,
  reportJson,
  summarize,
} from "../core/report.js";
import { type AtomicData, FileExistsError, writeFileAtomic } from "../node/atomic-write.js";
import { errnoWords, isFsError } from "./failure.js";
import { jsonLine } from "./input.js";
import { CliError, type CliIo, ExitCode } from "./io.js";

/**
 * Writes `data` to `path` (relative to the working directory) atomically,
 * replacing an existing file only with `force`. False when the file exists
 * and was left alone (said on standard error): the command exits 1.
 */
export async function writeOutput(
  io: CliIo,
  path: string,
  data: AtomicData,
  force: boolean,
): Promise<boolean> {
  try {
    await writeFileAtomic(resolve(io.cwd, path), data, { overwrite: force });
    return true;
  } catch (e) {
    if (e instanceof FileExistsError) {
      refuseOverwrite(io, path);
      return false;
    }
    throw writeError(e, path);
  }
}

/** A failed write of `path` as the CLI's own error (exit 1) naming the path as the user gave it. */
export function writeError(e: unknown, path: string): unknown {
  if (!isFsError(e)) return e;
  const problem = errnoWords(e.code);
  return new CliError(`cannot write '${path}': ${problem}`, ExitCode.Problems);
}

/** Says that `path` exists and is left alone; returns the exit code (1). */
export function refuseOverwrite(io: CliIo, path: string): number {
  io.err(`deforma: ${path} exists; not overwritten (use --force)\n`);
  return ExitCode.Problems;
}

/** Exit code of a command that reports on files: 1 when the report has errors. */
export function reportExitCode(report: readonly FileReport[]): number {
  return reportHasErrors(report) ? ExitCode.Problems : ExitCode.Ok;
}

/**
 * The output of a `validate` command on standard output: the located
 * diagnostics and `FILE: ok|invalid (summary)`, or with `json` the report as
 * JSON. Returns the exit code.
 */
export function printValidation(
  io: CliIo,
  file: string,
  report: readonly FileReport[],
  json: boolean,
): number {
  if (json) io.out(jsonLine(reportJson(report)));
  else {
    io.out(formatReport(report));
    io.out(`${file}: ${reportHasErrors(report) ? "invalid" : "ok"} (${summarize(report)})\n`);
  }
  return reportExitCode(report);
}

/** A 3×4 matrix as three lines of right-aligned numbers (14 characters each) after `indent`. */
export function matrixLines(matrix: readonly number[], indent: string): string[] {
  const lines: string[] = [];
  for (let r = 0; r < 3; r++) {
    const row = matrix.slice(r * 4, r * 4 + 4).map((v) => String(v).padStart(14));
    lines.push(`${indent}${row.join("")}`);
  }
  return lines;
}

/** `generated` (LF line breaks) with the line breaks of `original`: CRLF when its first line ends in CRLF. */
export function withLineEndingsOf(original: string, generated: string): string {
  const lf = original.indexOf("\n");
  const crlf = lf > 0 && original[lf - 1] === "\r";
  return crlf ? generated.replace(/\r?\n/g, "\r\n") : generated;
}

/**
 * The end of every `fmt` command: `canonical` in the line endings of `text`
 * (the file as read) on standard output, or, with `write`, written over
 * `file` atomically when it differs. Returns the exit code (0).
 */
export async function finishFormat(
  io: CliIo,
  file: string,
  text: string,
  canonical: string,
  write: boolean,
): Promise<number> {
  const out = withLineEndingsOf(text, canonical);
  if (!write) {
    io.out(out);
    return ExitCode.Ok;
  }
  if (out !== text) {
    await writeOutput(io, file, out, true);
    io.err(`${file}: formatted\n`);
  } else io.err(`${file}: already formatted\n`);
  return ExitCode.Ok;
}
