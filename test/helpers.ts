/** Test helpers shared by the suites. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CliIo } from "../src/cli/io.js";
import { run } from "../src/cli/run.js";
import { type Diagnostic, locate } from "../src/core/index.js";

/** Absolute path of a file under test/fixtures. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
}

/** Text of a file under test/fixtures. */
export function fixture(name: string): string {
  return readFileSync(fixturePath(name), "utf8");
}

/** Diagnostics as `CODE@line:column` strings, for compact assertions. */
export function where(diagnostics: readonly Diagnostic[], text: string): string[] {
  return locate(diagnostics, { file: "x", text }).map((d) => `${d.code}@${d.line}:${d.column}`);
}

/** Runs the CLI in-process (with `stdin` as standard input, if given); returns the exit code and what it printed. */
export async function cli(
  argv: string[],
  cwd: string = process.cwd(),
  stdin?: Uint8Array | string,
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CliIo = {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    cwd,
    isTTY: false,
    ...(stdin === undefined
      ? {}
      : {
          stdin: async () => (typeof stdin === "string" ? new TextEncoder().encode(stdin) : stdin),
        }),
  };
  const code = await run(argv, io);
  return { code, out, err };
}
