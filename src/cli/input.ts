/** Reading a command's input files, resolved against the working directory. */
import { resolve } from "node:path";
import { decodeText } from "../core/bytes.js";
import type { Diagnostic } from "../core/diagnostics.js";
import type { FileReport } from "../core/report.js";
import { readInput } from "../node/files.js";
import { UsageError } from "./io.js";

/** The bytes of `path` (relative to `cwd`); a missing or unreadable input is a usage error. */
export async function inputBytes(cwd: string, path: string): Promise<Uint8Array> {
  const r = await readInput(resolve(cwd, path));
  if (r.status === "missing") throw new UsageError(`cannot read '${path}': no such file`);
  if (r.status === "unreadable") throw new UsageError(`cannot read '${path}': ${r.reason}`);
  return r.bytes;
}

/** The UTF-8 text of `path` (relative to `cwd`); see {@link inputBytes}. */
export async function inputText(cwd: string, path: string): Promise<string> {
  return decodeText(await inputBytes(cwd, path));
}

/** Reads the text file `path` with `read`: its text, the model and the one-file report. */
export async function inputTextReport<M>(
  cwd: string,
  path: string,
  read: (text: string) => { model: M; diagnostics: readonly Diagnostic[] },
): Promise<{ text: string; model: M; report: FileReport[] }> {
  const text = await inputText(cwd, path);
  const { model, diagnostics } = read(text);
  return { text, model, report: [{ file: path, text, diagnostics }] };
}

/** Formats a value as one line of JSON plus a newline, the `--json` output of every command. */
export function jsonLine(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
