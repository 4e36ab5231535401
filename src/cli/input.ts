/**
 * Reading a command's input files, resolved against the working directory:
 * `-` is standard input; a missing, unreadable or wrong-format input is a
 * one-line {@link CliError} naming the path, never a stack trace.
 */
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { decodeText } from "../core/bytes.js";
import type { Diagnostic } from "../core/diagnostics.js";
import type { FileSource } from "../core/file-source.js";
import type { FileReport } from "../core/report.js";
import { projectReader, readInput } from "../node/files.js";
import { errnoWords } from "./failure.js";
import { CliCode, CliError, type CliIo, ExitCode } from "./io.js";
import { type FormatId, formatMismatch } from "./sniff.js";

/** The name standard input is shown as. */
export const STDIN_NAME = "<stdin>";

/** Whether `path` means standard input. */
export function isStdin(path: string): boolean {
  return path === "-";
}

/** How an input is shown in messages: `<stdin>` for `-`, else as the user wrote it. */
export function shownName(path: string): string {
  return isStdin(path) ? STDIN_NAME : path;
}

/**
 * The bytes of `path` (relative to the working directory; `-` = standard
 * input). With `expected`, a file that is recognisably another format is
 * refused ("this is a binary .agr, not an .amx", exit 1). A missing or
 * unreadable input exits 2.
 */
export async function inputBytes(
  io: CliIo,
  path: string,
  expected?: FormatId | readonly FormatId[],
): Promise<Uint8Array> {
  const name = shownName(path);
  let bytes: Uint8Array;
  if (isStdin(path)) {
    if (!io.stdin) {
      throw new CliError(`cannot read ${STDIN_NAME}: no standard input here`, ExitCode.Usage, {
        file: name,
        code: CliCode.unreadable,
      });
    }
    bytes = await io.stdin();
  } else {
    // Regular files only, opened without waiting (a FIFO never hangs), bounded (decision 253).
    const target = resolve(io.cwd, path);
    const input = await readInput(target);
    // "Missing" is ENOENT or ENOTDIR (a file used as a folder): say which.
    const why = input.status === "missing" ? await missingWhy(target) : input;
    bytes = sourceBytes(why, path);
  }
  if (expected) {
    const wrong = formatMismatch(bytes, path, expected);
    if (wrong) {
      throw new CliError(`${name}: ${wrong}`, ExitCode.Problems, {
        file: name,
        code: CliCode.wrongFormat,
      });
    }
  }
  return bytes;
}

/** Why `target` is missing: ENOENT, or ENOTDIR when a part of its path is a file. */
async function missingWhy(target: string): Promise<FileSource> {
  const code = await stat(target).then(
    () => "ENOENT",
    (e: NodeJS.ErrnoException) => e.code ?? "ENOENT",
  );
  return { status: "unreadable", reason: code };
}

/** The bytes of `source` read from `path`, or the one-line error (exit 2) saying why not. */
function sourceBytes(source: FileSource, path: string): Uint8Array {
  if (source.status === "ok") return source.bytes;
  const why = source.status === "missing" ? "ENOENT" : source.reason;
  throw new CliError(`cannot read '${path}': ${errnoWords(why)}`, ExitCode.Usage, {
    file: path,
    code: CliCode.unreadable,
  });
}

/**
 * The UTF-8 text of `rel` in folder `project` (a project's own file, such as
 * its catalogue), read only inside the folder by its real path (decision 253);
 * shown as `shown`. Refused or unreadable: exit 2, as {@link inputBytes}.
 */
export async function projectText(
  io: CliIo,
  project: string,
  rel: string,
  shown: string,
  expected: FormatId,
  allowOutside = false,
): Promise<string> {
  const read = projectReader(resolve(io.cwd, project), undefined, allowOutside);
  const bytes = sourceBytes(await read(rel), shown);
  const wrong = formatMismatch(bytes, shown, expected);
  if (wrong) {
    throw new CliError(`${shown}: ${wrong}`, ExitCode.Problems, {
      file: shown,
      code: CliCode.wrongFormat,
    });
  }
  return decodeText(bytes);
}

/** The UTF-8 text of `path`; see {@link inputBytes}. */
export async function inputText(io: CliIo, path: string, expected?: FormatId): Promise<string> {
  return decodeText(await inputBytes(io, path, expected));
}

/** Reads the text file `path` with `read`: its text, the model and the one-file report. */
export async function inputTextReport<M>(
  io: CliIo,
  path: string,
  expected: FormatId,
  read: (text: string) => { model: M; diagnostics: readonly Diagnostic[] },
): Promise<{ text: string; model: M; report: FileReport[] }> {
  const text = await inputText(io, path, expected);
  const { model, diagnostics } = read(text);
  return { text, model, report: [{ file: shownName(path), text, diagnostics }] };
}

/** Formats a value as one line of JSON plus a newline, the `--json` output of every command. */
export function jsonLine(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
