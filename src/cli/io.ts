/** What a command may touch of the outside world, so tests can call commands directly. */

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
}

/** Exit codes: 0 ok, 1 problems found, 2 usage error (spec of the CLI in DESIGN.md). */
export const ExitCode = { Ok: 0, Problems: 1, Usage: 2 } as const;

/** A command-line mistake: printed with the command's usage, exit code 2. */
export class UsageError extends Error {}
