/**
 * The `info`, `validate` and `convert` commands of the two binary-or-text
 * formats (`.agr`, `.amb`), made once from a description of the format.
 */
import { formatReport, reportHasErrors } from "../../core/report.js";
import type { ContainerReadResult } from "../../mixed/container.js";
import { defineCommand } from "../command.js";
import { inputBytes, jsonLine, shownName } from "../input.js";
import { type CliIo, ExitCode, UsageError } from "../io.js";
import { printValidation, reportExitCode, writeOutput } from "../output.js";

/** What the commands need to know of a format. */
export interface FormatCommands<M> {
  /** Command group and extension, e.g. `agr`. */
  readonly name: "agr" | "amb";
  /** What the file holds, e.g. "mesh animation". */
  readonly what: string;
  readonly read: (bytes: Uint8Array) => ContainerReadResult<M>;
  readonly info: (m: M) => unknown;
  /** Human-readable lines of the info. */
  readonly describe: (m: M) => string;
  readonly writeText: (m: M) => string;
  readonly writeBinary: (m: M) => Uint8Array;
  readonly infoHelp: string;
}

/** Builds the `info`, `validate` and `convert` commands of a format. */
export function formatCommands<M>(f: FormatCommands<M>) {
  async function load(io: CliIo, file: string) {
    const bytes = await inputBytes(io, file, f.name);
    const r = f.read(bytes);
    const shown = shownName(file);
    return { ...r, shown, report: [{ file: shown, text: r.text, diagnostics: r.diagnostics }] };
  }
  const info = defineCommand({
    usage: `${f.name} info FILE [--json]`,
    description: `${f.infoHelp}\nFILE '-' reads standard input.`,
    options: { json: { type: "boolean", help: "print the summary as JSON" } },
    positionals: [1, 1],
    async run(args, io) {
      const file = args.positionals[0]!;
      const r = await load(io, file);
      io.err(formatReport(r.report));
      if (!r.model) return ExitCode.Problems;
      if (args.options.json) io.out(jsonLine(f.info(r.model)));
      else io.out(`${r.shown} (${r.encoding})\n${f.describe(r.model)}`);
      return reportExitCode(r.report);
    },
  });
  const validate = defineCommand({
    usage: `${f.name} validate FILE [--json]`,
    description: `Checks a ${f.what}: structure, counts, numbers, the seed's rules. FILE '-' reads standard input.`,
    options: {
      json: { type: "boolean", help: 'print {"ok":…,"diagnostics":[…]} instead of text' },
    },
    positionals: [1, 1],
    async run(args, io) {
      const file = args.positionals[0]!;
      const r = await load(io, file);
      return printValidation(io, r.shown, r.report, args.options.json);
    },
  });
  const convert = defineCommand({
    usage: `${f.name} convert IN OUT [--binary|--text] [--force]`,
    description:
      "Without --binary or --text, OUT gets the other encoding than IN. A file with errors is not\n" +
      "converted (exit 1). OUT is written atomically and replaced only with --force. IN '-' reads\n" +
      "standard input.",
    options: {
      binary: { type: "boolean", help: "write the binary encoding" },
      text: { type: "boolean", help: "write the text encoding" },
      force: { type: "boolean", help: "replace OUT if it exists" },
    },
    positionals: [2, 2],
    async run(args, io) {
      const [input, output] = args.positionals as [string, string];
      const { binary, text, force } = args.options;
      if (binary && text) throw new UsageError("--binary and --text exclude each other");
      const r = await load(io, input);
      io.err(formatReport(r.report));
      if (!r.model || reportHasErrors(r.report)) {
        io.err(`${r.shown}: has errors; not converted\n`);
        return ExitCode.Problems;
      }
      const toText = text || (!binary && r.encoding === "binary");
      const data = toText ? f.writeText(r.model) : f.writeBinary(r.model);
      if (!(await writeOutput(io, output, data, force))) {
        return ExitCode.Problems;
      }
      io.err(
        `${output}: written (${toText ? "text" : "binary"}, ${data.length} ${toText ? "characters" : "bytes"})\n`,
      );
      return ExitCode.Ok;
    },
  });
  return { info, validate, convert };
}
