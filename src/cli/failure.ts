/**
 * How a command's failure reaches the user: one line naming the path and the
 * problem, never a stack trace, and with `--json` the `{"ok":false,…}` contract.
 */
import { CliCode, CliError, type CliIo, ExitCode, UsageError } from "./io.js";

const ERRNO_WORDS: Readonly<Record<string, string>> = {
  ENOENT: "no such file or folder",
  ENOTDIR: "a part of the path is not a folder",
  EISDIR: "it is a folder, not a file",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EROFS: "the file system is read-only",
  EEXIST: "it already exists",
  ENAMETOOLONG: "the name is too long",
  ELOOP: "too many symbolic links",
  EMFILE: "too many open files",
  ENFILE: "too many open files",
  EIO: "input/output error",
  EBUSY: "the resource is busy",
  EFBIG: "the file is too large",
  ENOTEMPTY: "the folder is not empty",
  EXDEV: "cannot move across file systems",
  EINVAL: "invalid argument",
};

/** A Node file system error: it has an errno code and usually a path and syscall. */
export interface FsError {
  readonly code: string;
  readonly path?: string;
  readonly syscall?: string;
}

/** Whether `e` is an error from the file system (an `ENOENT`, `EACCES`, … with a code). */
export function isFsError(e: unknown): e is FsError {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  return typeof code === "string" && /^E[A-Z]+$/.test(code);
}

/** The words for an errno code, e.g. `EACCES` → "permission denied". */
export function errnoWords(code: string): string {
  return ERRNO_WORDS[code] ?? code;
}

/** One line about a file system error: what was done to which path, and what went wrong. */
export function describeFsError(e: FsError, shownPath?: string): string {
  const path = shownPath ?? e.path;
  const verb = e.syscall ? (VERBS[e.syscall] ?? e.syscall) : "use";
  const where = path === undefined ? "" : ` '${path}'`;
  return `cannot ${verb}${where}: ${errnoWords(e.code)}`;
}

const VERBS: Readonly<Record<string, string>> = {
  open: "open",
  read: "read",
  write: "write",
  mkdir: "create the folder",
  rename: "replace",
  link: "create",
  unlink: "remove",
  scandir: "list the folder",
  stat: "inspect",
  lstat: "inspect",
  fsync: "write",
  close: "write",
  copyfile: "copy",
  access: "access",
};

/**
 * Prints `e` as the CLI's own message and returns the exit code: a
 * {@link CliError} with its code, a file system error exit 1. Anything else is
 * a bug and is rethrown (the entry point prints it as an internal error).
 */
export function reportFailure(
  e: unknown,
  io: CliIo,
  context: { readonly usage: string; readonly json: boolean },
): number {
  let message: string;
  let exitCode: number;
  let input: { file: string; code: string } | undefined;
  if (e instanceof CliError) {
    message = e.message;
    exitCode = e.exitCode;
    input = e.input;
  } else if (isFsError(e)) {
    message = describeFsError(e);
    exitCode = ExitCode.Problems;
    if (e.path !== undefined) input = { file: e.path, code: CliCode.unreadable };
  } else throw e;
  if (context.json && input) {
    const diagnostic = { severity: "error", code: input.code, message, file: input.file };
    io.out(
      `${JSON.stringify({ ok: false, diagnostics: [{ ...diagnostic, line: 1, column: 1 }] })}\n`,
    );
  }
  const usage = e instanceof UsageError ? `Usage: deforma ${context.usage}\n` : "";
  io.err(`deforma: ${message}\n${usage}`);
  return exitCode;
}
