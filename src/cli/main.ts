/** Process entry of the `deforma` CLI: the only place that touches `process` streams and the exit code. */

import { escapeControls } from "../core/control-chars.js";
import { run } from "./run.js";

/** All of the process's standard input. */
async function readStdin(): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Uint8Array);
  return Buffer.concat(chunks);
}

/** Runs the CLI with `argv` (without `node` and the script) and sets the process's exit code. */
export async function main(argv: string[]): Promise<void> {
  // A reader that stops early (`deforma … | head`) closes the pipe: stop quietly, no stack.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
    });
  }
  const io = {
    out: (t: string) => void process.stdout.write(process.stdout.isTTY ? escapeControls(t) : t),
    err: (t: string) => void process.stderr.write(t),
    cwd: process.cwd(),
    isTTY: Boolean(process.stderr.isTTY),
    stdin: readStdin,
  };
  try {
    process.exitCode = await run(argv, io);
  } catch (e) {
    process.stderr.write(`deforma: internal error: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 70;
  }
}
