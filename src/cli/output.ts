/** What commands write: output files, validation verdicts, exit codes. */
import { resolve } from "node:path";
import {
  type FileReport,
  formatReport,
  reportHasErrors,
  reportJson,
  summarize,
} from "../core/report.js";
import {
  type AtomicData,
  type AtomicFile,
  type AtomicWriteOptions,
  checkWriteTarget,
  FileExistsError,
  openFileAtomic,
  ReadOnlyTargetError,
  type TargetFacts,
  TargetKindError,
  writeFileAtomic,
} from "../node/atomic-write.js";
import { errnoWords, isFsError } from "./failure.js";
import { jsonLine } from "./input.js";
import { CliError, type CliIo, ExitCode } from "./io.js";

/** How {@link writeOutput} treats an existing target beyond `force`. */
export interface WriteHow {
  /**
   * An edit of the file in place (`fmt --write`, `bulge rm`): an existing
   * file is replaced without `--force`, but a read-only one never is.
   */
  readonly inPlace?: boolean;
  /** Write through a symbolic link at `path` (default); false replaces the link (names the command chooses). */
  readonly followLinks?: boolean;
}

/** The atomic writer's options for `force` and `how`. */
function writeOptions(force: boolean, how: WriteHow): AtomicWriteOptions {
  return {
    overwrite: force || how.inPlace === true,
    replaceReadOnly: force && how.inPlace !== true,
    ...(how.followLinks === undefined ? {} : { followLinks: how.followLinks }),
  };
}

/**
 * Writes `data` to `path` (relative to the working directory) atomically,
 * replacing an existing regular file only with `force` (or `how.inPlace`).
 * False when the file exists and was left alone (said on standard error): the
 * command exits 1. A target that is not a regular file (a device, a FIFO, a
 * folder) is a {@link CliError}, `force` or not; a file with other hard links
 * is replaced by a file of its own, with a warning.
 */
export async function writeOutput(
  io: CliIo,
  path: string,
  data: AtomicData,
  force: boolean,
  how: WriteHow = {},
): Promise<boolean> {
  try {
    const facts = await writeFileAtomic(resolve(io.cwd, path), data, writeOptions(force, how));
    tellReplaced(io, path, facts);
    return true;
  } catch (e) {
    return refusedOutput(io, e, path, how);
  }
}

/**
 * Checks before any work that `path` may be written as {@link writeOutput}
 * would: false when it exists and `force` is not given (said), the CLI's
 * error when it is not a regular file or its folder is missing.
 */
export async function checkOutput(
  io: CliIo,
  path: string,
  force: boolean,
  how: WriteHow = {},
): Promise<boolean> {
  try {
    await checkWriteTarget(resolve(io.cwd, path), writeOptions(force, how));
    return true;
  } catch (e) {
    return refusedOutput(io, e, path, how);
  }
}

/**
 * Whether `path` exists as a file an output could replace (with `--force`);
 * the CLI's error when it is not a regular file.
 */
export async function outputTaken(io: CliIo, path: string): Promise<boolean> {
  try {
    const facts = await checkWriteTarget(resolve(io.cwd, path), writeOptions(true, {}));
    return facts.exists;
  } catch (e) {
    refusedOutput(io, e, path, {});
    return true;
  }
}

/**
 * Opens `path` for writing chunk by chunk (a long output, as an animation),
 * checked as {@link writeOutput} checks it; undefined when refused (said).
 * {@link commitOutput} gives it its name.
 */
export async function openOutput(
  io: CliIo,
  path: string,
  force: boolean,
): Promise<AtomicFile | undefined> {
  try {
    return await openFileAtomic(resolve(io.cwd, path), writeOptions(force, {}));
  } catch (e) {
    refusedOutput(io, e, path, {});
    return undefined;
  }
}

/** Commits a file of {@link openOutput}; false when the target was refused meanwhile (said). */
export async function commitOutput(io: CliIo, path: string, file: AtomicFile): Promise<boolean> {
  try {
    tellReplaced(io, path, await file.commit());
    return true;
  } catch (e) {
    return refusedOutput(io, e, path, {});
  }
}

/** Warns of hard links a replaced file no longer shares, and notes a read-only file replaced with --force. */
function tellReplaced(io: CliIo, path: string, facts: TargetFacts): void {
  if (facts.links > 1) {
    const others = facts.links - 1;
    io.err(
      `deforma: warning: ${path} had ${others} other hard link${others > 1 ? "s" : ""}; it is now a file of its own and the other names keep the old content\n`,
    );
  }
  if (facts.readOnly)
    io.err(`deforma: ${path} was read-only; replaced (--force), still read-only\n`);
}

/** False (said) for an existing target left alone; throws the CLI's error for any other failure. */
function refusedOutput(io: CliIo, e: unknown, path: string, how: WriteHow): false {
  if (e instanceof FileExistsError) {
    refuseOverwrite(io, path, e.readOnly);
    return false;
  }
  if (e instanceof TargetKindError) {
    // A folder keeps the message it always had.
    if (e.kind === "a folder") {
      throw new CliError(`cannot write '${path}': ${errnoWords("EISDIR")}`, ExitCode.Problems);
    }
    throw new CliError(
      `cannot write '${path}': it is ${e.kind}, not a regular file; an output replaces only a regular file, even with --force`,
      ExitCode.Problems,
    );
  }
  if (e instanceof ReadOnlyTargetError) {
    const why = how.inPlace ? "not changed (make it writable first)" : "replaced only with --force";
    throw new CliError(`cannot write '${path}': it is read-only; ${why}`, ExitCode.Problems);
  }
  throw writeError(e, path);
}

/** A failed write of `path` as the CLI's own error (exit 1) naming the path as the user gave it. */
export function writeError(e: unknown, path: string): unknown {
  if (!isFsError(e)) return e;
  const problem = errnoWords(e.code);
  return new CliError(`cannot write '${path}': ${problem}`, ExitCode.Problems);
}

/** Says that `path` exists (and is read-only, with `readOnly`) and is left alone; returns the exit code (1). */
export function refuseOverwrite(io: CliIo, path: string, readOnly = false): number {
  const what = readOnly ? "exists and is read-only" : "exists";
  io.err(`deforma: ${path} ${what}; not overwritten (use --force)\n`);
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
    await writeOutput(io, file, out, false, { inPlace: true });
    io.err(`${file}: formatted\n`);
  } else io.err(`${file}: already formatted\n`);
  return ExitCode.Ok;
}
