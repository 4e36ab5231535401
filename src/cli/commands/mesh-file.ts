/**
 * The `info`, `validate` and `convert` commands of the two binary-or-text
 * formats (`.agr`, `.amb`), made once from a description of the format.
 */
import { formatReport, reportHasErrors } from "../../core/report.js";
import type { ContainerReadResult } from "../../mixed/container.js";
import { type Command, flagOption } from "../command.js";
import { inputBytes, jsonLine } from "../input.js";
import { ExitCode, UsageError } from "../io.js";
import { printValidation, reportExitCode, writeOutput } from "../output.js";

/** What the commands need to know of a format. */
export interface FormatCommands<M> {
  /** Command group and extension, e.g. `agr`. */
  readonly name: string;
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
export function formatCommands<M>(f: FormatCommands<M>): {
  info: Command;
  validate: Command;
  convert: Command;
} {
  async function load(cwd: string, file: string) {
    const bytes = await inputBytes(cwd, file);
    const r = f.read(bytes);
    return { ...r, report: [{ file, text: r.text, diagnostics: r.diagnostics }] };
  }
  return {
    info: {
      usage: `${f.name} info FILE [--json]`,
      summary: `Summarize a ${f.what} (.${f.name}, text or binary).`,
      description: f.infoHelp,
      options: { json: { type: "boolean", help: "print JSON" } },
      positionals: [1, 1],
      async run(args, io) {
        const file = args.positionals[0]!;
        const r = await load(io.cwd, file);
        io.err(formatReport(r.report));
        if (!r.model) return ExitCode.Problems;
        if (flagOption(args, "json")) io.out(jsonLine(f.info(r.model)));
        else io.out(`${file} (${r.encoding})\n${f.describe(r.model)}`);
        return reportExitCode(r.report);
      },
    },
    validate: {
      usage: `${f.name} validate FILE [--json]`,
      summary: `Check a ${f.what} (.${f.name}): structure, counts, numbers, the seed's rules.`,
      options: {
        json: { type: "boolean", help: 'print {"ok":…,"diagnostics":[…]} instead of text' },
      },
      positionals: [1, 1],
      async run(args, io) {
        const file = args.positionals[0]!;
        const r = await load(io.cwd, file);
        return printValidation(io, file, r.report, flagOption(args, "json"));
      },
    },
    convert: {
      usage: `${f.name} convert IN OUT [--binary|--text] [--force]`,
      summary: `Convert a ${f.what} between its text and binary encodings.`,
      description:
        "Without --binary or --text, OUT gets the other encoding than IN. A file with errors is not\n" +
        "converted (exit 1). OUT is written atomically and replaced only with --force.",
      options: {
        binary: { type: "boolean", help: "write the binary encoding" },
        text: { type: "boolean", help: "write the text encoding" },
        force: { type: "boolean", help: "replace OUT if it exists" },
      },
      positionals: [2, 2],
      async run(args, io) {
        const [input, output] = args.positionals as [string, string];
        if (flagOption(args, "binary") && flagOption(args, "text")) {
          throw new UsageError("--binary and --text exclude each other");
        }
        const r = await load(io.cwd, input);
        io.err(formatReport(r.report));
        if (!r.model || reportHasErrors(r.report)) {
          io.err(`${input}: has errors; not converted\n`);
          return ExitCode.Problems;
        }
        const toText =
          flagOption(args, "text") || (!flagOption(args, "binary") && r.encoding === "binary");
        const data = toText ? f.writeText(r.model) : f.writeBinary(r.model);
        if (!(await writeOutput(io, output, data, flagOption(args, "force")))) {
          return ExitCode.Problems;
        }
        io.err(
          `${output}: written (${toText ? "text" : "binary"}, ${data.length} ${toText ? "characters" : "bytes"})\n`,
        );
        return ExitCode.Ok;
      },
    },
  };
}
