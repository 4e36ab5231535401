/** What a command may touch of the outside world, so tests can call commands directly. */
import { FORMAT } from "../core/formats/codes.js";

/** Streams and context of one CLI invocation. */
export interface CliIo {
  /** Writes to standard output. */
  readonly out: (text: string) => void;
  /** Writes to standard error. */
  readonly err: (text: string) => void;
  /** Working directory against which relative paths are resolved. */
  readonly cwd: string;
  /** Whether standard error is a terminal (progress bars show only then). */
  readonly isTTY: boolean;
  /** Reads all of standard input (for the path `-`); absent where there is none. */
  readonly stdin?: () => Promise<Uint8Array>;
}

/** Exit codes: 0 ok, 1 problems found, 2 usage error (docs/design.md). */
export const ExitCode = { Ok: 0, Problems: 1, Usage: 2 } as const;

/** Diagnostic codes of the CLI's findings about its inputs: the format registry's (see docs/cli.md). */
export const CliCode = {
  /** The input could not be read: missing, a folder, no permission, … */
  unreadable: FORMAT.unreadable.code,
  /** The input is a file of another format than the command reads. */
  wrongFormat: FORMAT.otherFormat.code,
} as const;

/**
 * A failure the CLI reports in one line (no stack): `exitCode` 1 or 2. With
 * `file`, it is a finding about that input, which `--json` prints as a diagnostic.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    readonly input?: { readonly file: string; readonly code: string },
  ) {
    super(message);
  }
}

/** A command-line mistake: printed with the command's usage, exit code 2. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.Usage);
  }
}
