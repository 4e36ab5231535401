/** `deforma bulge lint FILE [--json] [--errlog PATH]` and `deforma bulge fmt FILE [--write]`. */
import {
  openEndWarnings,
  readBulgeTypes,
  writeBulgeTypes,
  writeErrlog,
} from "../../bulge/catalogue/index.js";
import { escapeControls } from "../../core/control-chars.js";
import { sortBySource } from "../../core/diagnostics.js";
import { formatReport } from "../../core/report.js";
import { defineCommand } from "../command.js";
import { inputText, isStdin, jsonLine, shownName } from "../input.js";
import { ExitCode, UsageError } from "../io.js";
import { finishFormat, writeOutput } from "../output.js";

/** The `bulge lint` command. */
export const bulgeLint = defineCommand({
  usage: "bulge lint FILE [--json] [--errlog PATH [--force]]",
  description:
    "Reads a bulge_types catalogue as Alias does: the definitions the Bulge Definitions lister\n" +
    "shows (complete ones, in file order, with their final codes) and the error log (each\n" +
    "definition left out, each code reassigned, with its line). Exit code 1 when the error log\n" +
    "is not empty; a listed definition whose profile does not end at 0 is warned about (BLG030).\n" +
    '--json prints {"bulges":[…],"errlog":[…]}. --errlog writes Alias\'s errlog\n' +
    "file (an existing one only with --force). FILE '-' reads standard input.",
  options: {
    json: { type: "boolean", help: 'print {"bulges":[…],"errlog":[…]} instead of text' },
    errlog: { type: "path", help: "also write the error log to this file (Alias's errlog)" },
    force: { type: "boolean", help: "replace an existing --errlog file" },
  },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const name = shownName(file);
    const text = await inputText(io, file, "bulge-types");
    const read = readBulgeTypes(text);
    const { model } = read;
    const diagnostics = sortBySource([
      ...read.diagnostics,
      ...model.bulges.flatMap((d, i) => openEndWarnings(d, read.spans[i])),
    ]);
    if (args.options.errlog !== undefined) {
      const written = await writeOutput(
        io,
        args.options.errlog,
        writeErrlog(model.errlog, name),
        args.options.force,
      );
      if (!written) return ExitCode.Problems;
    }
    if (args.options.json) io.out(jsonLine(model));
    else {
      io.err(formatReport([{ file: name, text, diagnostics }]));
      const omitted = model.errlog.filter((e) => e.kind === "omitted").length;
      const recoded = model.errlog.length - omitted;
      const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
      const lines = [
        `${name}: ${plural(model.bulges.length, "definition")} listed, ${omitted} omitted, ${plural(recoded, "code")} reassigned`,
      ];
      for (const d of model.bulges) {
        lines.push(
          `  ${String(d.code).padStart(4)}  ${d.name}  (${plural(d.sections.length, "section")}, line ${d.line})`,
        );
      }
      io.out(escapeControls(`${lines.join("\n")}\n`));
    }
    return model.errlog.length > 0 ? ExitCode.Problems : ExitCode.Ok;
  },
});

/** The `bulge fmt` command. */
export const bulgeFmt = defineCommand({
  usage: "bulge fmt FILE [--write]",
  description:
    "Canonical layout: 'bulge:' lines indented 4 spaces, 'angle:' 8, keypoints 12, six\n" +
    "decimals, a blank line between sections and between definitions. Prints to standard\n" +
    "output unless --write, which replaces the file atomically; line endings are kept. A\n" +
    "catalogue whose error log is not empty is left alone (formatting would drop the omitted\n" +
    "definitions or fix reassigned codes silently; exit 1). FILE '-' reads standard input.",
  options: { write: { type: "boolean", help: "replace FILE with the formatted text" } },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    if (args.options.write && isStdin(file)) {
      throw new UsageError("--write needs a file; standard input cannot be replaced");
    }
    const name = shownName(file);
    const text = await inputText(io, file, "bulge-types");
    const { model, diagnostics } = readBulgeTypes(text);
    if (model.errlog.length > 0) {
      io.err(formatReport([{ file: name, text, diagnostics }]));
      io.err(`${name}: not formatted: the error log is not empty (see 'deforma bulge lint')\n`);
      return ExitCode.Problems;
    }
    return finishFormat(io, file, text, writeBulgeTypes(model), args.options.write);
  },
});
