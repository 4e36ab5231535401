/**
 * The `info`, `validate` and `convert` commands of the two binary-or-text
 * formats (`.agr`, `.amb`), made once from a description of the format.
 */
import { resolve } from "node:path";
import type { Diagnostic } from "../../core/diagnostics.js";
import { formatReport, reportHasErrors } from "../../core/report.js";
import type { ContainerReadResult } from "../../mixed/index.js";
import { defineCommand } from "../command.js";
import { FRAME_BUDGET_OPTION, frameBudgetBytes } from "../frame-budget.js";
import { inputBytes, isStdin, jsonLine, shownName } from "../input.js";
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
  /**
   * Opens the file at an absolute path frame by frame when it is large (a
   * binary `.agr` over the budget, bytes); undefined reads it whole.
   */
  readonly open?: (
    path: string,
    budget: number,
  ) => Promise<{ model: M | undefined; diagnostics: Diagnostic[] } | undefined>;
  /** Reads every frame of a model `open` gave, so that every frame is checked. */
  readonly readFrames?: (m: M) => void;
}

/** Builds the `info`, `validate` and `convert` commands of a format. */
export function formatCommands<M>(f: FormatCommands<M>) {
  async function load(io: CliIo, file: string, budget?: number) {
    const shown = shownName(file);
    const streamed =
      budget !== undefined && f.open && !isStdin(file)
        ? await f.open(resolve(io.cwd, file), budget)
        : undefined;
    if (streamed) {
      // The report holds the reader's own array: findings of frames read later join it.
      const report = [{ file: shown, diagnostics: streamed.diagnostics }];
      return { ...streamed, encoding: "binary" as const, text: undefined, shown, report };
    }
    const bytes = await inputBytes(io, file, f.name);
    const r = f.read(bytes);
    return {
      ...r,
      shown,
      report: [{ file: shown, text: r.text, textBytes: r.textBytes, diagnostics: r.diagnostics }],
    };
  }
  const budgetOption = f.open ? { "frame-budget": FRAME_BUDGET_OPTION } : {};
  const budgetUsage = f.open ? " [--frame-budget MIB]" : "";
  const budgetOf = (options: Record<string, unknown>) =>
    f.open ? frameBudgetBytes(options["frame-budget"] as number | undefined) : undefined;
  const info = defineCommand({
    usage: `${f.name} info FILE [--json]${budgetUsage}`,
    description: `${f.infoHelp}\nFILE '-' reads standard input.`,
    options: { json: { type: "boolean", help: "print the summary as JSON" }, ...budgetOption },
    positionals: [1, 1],
    async run(args, io) {
      const file = args.positionals[0]!;
      const r = await load(io, file, budgetOf(args.options));
      // The summary first: reading a streamed file's frames for it may add findings.
      const out = !r.model
        ? undefined
        : args.options.json
          ? jsonLine(f.info(r.model))
          : `${r.shown} (${r.encoding})\n${f.describe(r.model)}`;
      io.err(formatReport(r.report));
      if (out === undefined) return ExitCode.Problems;
      io.out(out);
      return reportExitCode(r.report);
    },
  });
  const validate = defineCommand({
    usage: `${f.name} validate FILE [--json]${budgetUsage}`,
    description: `Checks a ${f.what}: structure, counts, numbers, the seed's rules. FILE '-' reads standard input.`,
    options: {
      json: { type: "boolean", help: 'print {"ok":…,"diagnostics":[…]} instead of text' },
      ...budgetOption,
    },
    positionals: [1, 1],
    async run(args, io) {
      const file = args.positionals[0]!;
      const r = await load(io, file, budgetOf(args.options));
      if (r.model) f.readFrames?.(r.model);
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
