/** `deforma amx fmt FILE [--write]`. */
import { formatReport, reportHasErrors } from "../../core/report.js";
import { readAmx, writeAmx } from "../../mixed/amx/index.js";
import { defineCommand } from "../command.js";
import { inputTextReport, isStdin, shownName } from "../input.js";
import { ExitCode, UsageError } from "../io.js";
import { finishFormat } from "../output.js";

/** The `amx fmt` command. */
export const amxFmt = defineCommand({
  usage: "amx fmt FILE [--write]",
  description:
    "Canonical layout: MBS file name; body count; per body a header line 'body variants inUse';\n" +
    "per variant 'type scalar vector file' and the matrix as three rows. Prints to standard output\n" +
    "unless --write, which replaces the file atomically. The file's line endings are kept (CRLF\n" +
    "stays CRLF). A file with errors is left alone (exit 1). FILE '-' reads standard input.",
  options: { write: { type: "boolean", help: "replace FILE with the formatted text" } },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    if (args.options.write && isStdin(file)) {
      throw new UsageError("--write needs a file; standard input cannot be replaced");
    }
    const { text, model, report } = await inputTextReport(io, file, "amx", readAmx);
    if (reportHasErrors(report)) {
      io.err(formatReport(report));
      io.err(`${shownName(file)}: not formatted: fix the errors first\n`);
      return ExitCode.Problems;
    }
    return finishFormat(io, file, text, writeAmx(model), args.options.write);
  },
});
