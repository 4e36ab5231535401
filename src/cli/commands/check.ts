/** `deforma check FILE… [--json]`: any file of a known format, through the format registry. */
import { resolve } from "node:path";
import { formatLocated, hasErrors } from "../../core/diagnostics.js";
import {
  type AnyFormat,
  checkFile,
  type FileCheck,
  unreadableReport,
} from "../../core/formats/index.js";
import {
  type FileReport,
  formatReport,
  locateReport,
  reportJson,
  summarize,
} from "../../core/report.js";
import { FORMATS } from "../../formats.js";
import { readInput } from "../../node/files.js";
import { type Command, flagOption } from "../command.js";
import { jsonLine } from "../input.js";
import { type CliIo, ExitCode } from "../io.js";

/** Words for the reasons a file cannot be read (Node error codes). */
const REASONS: Readonly<Record<string, string>> = {
  EISDIR: "it is a folder, not a file",
  EACCES: "permission denied",
  EPERM: "permission denied",
};

/** One named input: its check, or why it could not be read. */
type Checked = { readonly file: string } & (
  | { readonly check: FileCheck }
  | { readonly unreadable: FileReport }
);

async function checkOne(io: CliIo, file: string): Promise<Checked> {
  const input = await readInput(resolve(io.cwd, file));
  if (input.status === "missing")
    return { file, unreadable: unreadableReport(file, "no such file") };
  if (input.status === "unreadable") {
    return { file, unreadable: unreadableReport(file, REASONS[input.reason] ?? input.reason) };
  }
  return { file, check: await checkFile(FORMATS, input.bytes, file) };
}

/** What a file is, for its verdict line: "mesh animation, binary". */
function what(c: FileCheck & { format: AnyFormat }): string {
  return c.variant ? `${c.format.label}, ${c.variant}` : c.format.label;
}

/** Compiler-style findings of one file, then its verdict line. */
function printText(io: CliIo, c: Checked): void {
  if ("unreadable" in c) {
    io.out(formatLocated(locateReport([c.unreadable])));
    io.out(`${c.file}: unreadable\n`);
    return;
  }
  const { report } = c.check;
  // Findings about the file as a whole (unknown format) have no place to point at.
  const { format } = c.check;
  if (!format) {
    io.out(formatLocated(locateReport([report])));
    io.out(`${c.file}: unknown format\n`);
    return;
  }
  io.out(formatReport([report]));
  const verdict = hasErrors(report.diagnostics) ? "invalid" : "ok";
  io.out(`${c.file}: ${verdict} (${what({ ...c.check, format })}; ${summarize([report])})\n`);
}

/** The `check` command. */
export const check: Command = {
  usage: "check FILE... [--json]",
  summary: "Check files of any known format (recognised by name and content).",
  get description() {
    const known = FORMATS.formats
      .map(
        (f) =>
          `  ${[...(f.fileNames ?? []), ...f.extensions.map((e) => `*${e}`)].join(", ").padEnd(20)} ${f.label}`,
      )
      .join("\n");
    return (
      "Each FILE is recognised by its content (the magic of binary and text encodings) or else by its\n" +
      "name, read by its format's reader, and its findings are printed compiler-style. A file of no\n" +
      "known format is an error (FMT001) that says what the file looks like. Unlike 'amx validate',\n" +
      "an .amx is checked alone, without the files it names. Exit code: 0 all ok, 1 problems found,\n" +
      `2 a FILE cannot be read.\n\nKnown formats:\n${known}`
    );
  },
  options: {
    json: {
      type: "boolean",
      help: 'print {"ok":…,"diagnostics":[…]} for all files together instead of text',
    },
  },
  positionals: [1, Number.POSITIVE_INFINITY],
  async run(args, io) {
    const results: Checked[] = [];
    for (const file of args.positionals) results.push(await checkOne(io, file));
    const reports = results.map((c) => ("unreadable" in c ? c.unreadable : c.check.report));
    if (flagOption(args, "json")) io.out(jsonLine(reportJson(reports)));
    else {
      for (const c of results) printText(io, c);
      if (results.length > 1) {
        const bad = reports.filter((r) => hasErrors(r.diagnostics)).length;
        io.out(
          `${results.length} files: ${results.length - bad} ok, ${bad} with errors (${summarize(reports)})\n`,
        );
      }
    }
    if (results.some((c) => "unreadable" in c)) return ExitCode.Usage;
    return reports.some((r) => hasErrors(r.diagnostics)) ? ExitCode.Problems : ExitCode.Ok;
  },
};
