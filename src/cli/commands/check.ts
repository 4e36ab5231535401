/** `deforma check FILE… [--json]`: any file of a known format, through the format registry. */
import { formatLocated, hasErrors } from "../../core/diagnostics.js";
import {
  type AnyFormat,
  checkFile,
  checkReports,
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
import { CHECK_COMPANION_BYTES, companionReader } from "../../node/files.js";
import { defineCommand } from "../command.js";
import { inputBytes, isStdin, jsonLine, shownName } from "../input.js";
import { CliError, type CliIo, ExitCode } from "../io.js";

/** One named input: its check, or why it could not be read. */
type Checked = { readonly file: string } & (
  | { readonly check: FileCheck }
  | { readonly unreadable: FileReport }
);

async function checkOne(io: CliIo, file: string): Promise<Checked> {
  const name = shownName(file);
  let bytes: Uint8Array;
  try {
    bytes = await inputBytes(io, file);
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    // "cannot read 'x': no such file" → the reason alone, located at the file.
    const reason = e.message.replace(/^cannot read (?:'[^']*'|\S+): /, "");
    return { file: name, unreadable: unreadableReport(name, reason) };
  }
  // Companions (a .pvd's data sets) are read only inside the naming file's folder,
  // each once by real path, CHECK_COMPANION_BYTES in all (decision 252).
  const read = isStdin(file)
    ? undefined
    : companionReader(io.cwd, { budgetBytes: CHECK_COMPANION_BYTES });
  return { file: name, check: await checkFile(FORMATS, bytes, name, read ? { read } : {}) };
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
  // A file's findings, then those in the companions it names (a .pvd's data sets).
  const all = checkReports(c.check);
  io.out(formatReport(all));
  const verdict = all.some((r) => hasErrors(r.diagnostics)) ? "invalid" : "ok";
  io.out(`${c.file}: ${verdict} (${what({ ...c.check, format })}; ${summarize(all)})\n`);
}

/** The `check` command. */
export const check = defineCommand({
  usage: "check FILE... [--json]",
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
      "known format is an error (FMT001) that says what the file looks like. A file that names other\n" +
      "files (an .amx, as 'amx validate' checks it; a VTK .pvd, .vtm, .series, .pvtu or .pvtp; a live\n" +
      "scene's key-frame pictures, as 'live check' does) is checked with the files it names (inside\n" +
      "its folder). Exit code: 0 all ok, 1 problems found,\n" +
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
    const reports = results.flatMap((c) =>
      "unreadable" in c ? [c.unreadable] : checkReports(c.check),
    );
    if (args.options.json) io.out(jsonLine(reportJson(reports)));
    else {
      for (const c of results) printText(io, c);
      if (results.length > 1) {
        const bad = results.filter((c) =>
          ("unreadable" in c ? [c.unreadable] : checkReports(c.check)).some((r) =>
            hasErrors(r.diagnostics),
          ),
        ).length;
        io.out(
          `${results.length} files: ${results.length - bad} ok, ${bad} with errors (${summarize(reports)})\n`,
        );
      }
    }
    if (results.some((c) => "unreadable" in c)) return ExitCode.Usage;
    return reports.some((r) => hasErrors(r.diagnostics)) ? ExitCode.Problems : ExitCode.Ok;
  },
});
