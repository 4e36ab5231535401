/** `deforma amx fmt FILE [--write]`. */
import { formatReport, reportHasErrors } from "../../core/report.js";
import { readAmx, writeAmx } from "../../mixed/amx/index.js";
import { type Command, flagOption } from "../command.js";
import { inputTextReport } from "../input.js";
import { ExitCode } from "../io.js";
import { writeOutput } from "../output.js";

/** The `amx fmt` command. */
export const amxFmt: Command = {
  usage: "amx fmt FILE [--write]",
  summary: "Lay a mixed animation file out canonically.",
  description:
    "Canonical layout: MBS file name; body count; per body a header line 'body variants inUse';\n" +
    "per variant 'type scalar vector file' and the matrix as three rows. Prints to standard output\n" +
    "unless --write, which replaces the file atomically. A file with errors is left alone (exit 1).",
  options: { write: { type: "boolean", help: "replace FILE with the formatted text" } },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const { text, model, report } = await inputTextReport(io.cwd, file, readAmx);
    if (reportHasErrors(report)) {
      io.err(formatReport(report));
      io.err(`${file}: not formatted: fix the errors first\n`);
      return ExitCode.Problems;
    }
    const out = writeAmx(model);
    if (!flagOption(args, "write")) {
      io.out(out);
      return ExitCode.Ok;
    }
    if (out !== text) {
      await writeOutput(io, file, out, true);
      io.err(`${file}: formatted\n`);
    } else io.err(`${file}: already formatted\n`);
    return ExitCode.Ok;
  },
};
