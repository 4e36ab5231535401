/** `deforma cad show|validate FILE [--json]`. */

import { formatReport } from "../../core/report.js";
import { readCad } from "../../mixed/cad/index.js";
import { MESH_TYPES } from "../../mixed/index.js";
import { defineCommand } from "../command.js";
import { inputTextReport, jsonLine, shownName } from "../input.js";
import { matrixLines, printValidation, reportExitCode } from "../output.js";

/** The `cad show` command. */
export const cadShow = defineCommand({
  usage: "cad show FILE [--json]",
  description:
    'With --json: {"bodies":[{"body":…,"solvers":[{"type":…,"hasCad":…,"matrix":[12 numbers]|null}]}]},\n' +
    "bodies in file order. Problems go to standard error (exit code 1 on errors). FILE '-' reads\n" +
    "standard input.",
  options: { json: { type: "boolean", help: "print the model as JSON" } },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const { model, report } = await inputTextReport(io, file, "cad-matrixes", readCad);
    io.err(formatReport(report));
    if (args.options.json) io.out(jsonLine(model));
    else {
      const lines = [`bodies: ${model.bodies.length}`];
      for (const b of model.bodies) {
        if (b.solvers.length === 0) {
          lines.push(`body ${b.body}: no solvers`);
          continue;
        }
        lines.push(`body ${b.body}:`);
        for (const s of b.solvers) {
          const solver = MESH_TYPES.get(s.type)?.solver ?? "unknown type";
          lines.push(`  type ${s.type} (${solver}): ${s.hasCad ? "CAD model" : "no CAD model"}`);
          if (s.matrix) lines.push(...matrixLines(s.matrix, "    "));
        }
      }
      io.out(`${lines.join("\n")}\n`);
    }
    return reportExitCode(report);
  },
});

/** The `cad validate` command. */
export const cadValidate = defineCommand({
  usage: "cad validate FILE [--json]",
  description:
    "Checks counts, flags, and that a matrix is present exactly when the flag is 1.\n" +
    "FILE '-' reads standard input.",
  options: { json: { type: "boolean", help: 'print {"ok":…,"diagnostics":[…]} instead of text' } },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const { report } = await inputTextReport(io, file, "cad-matrixes", readCad);
    return printValidation(io, shownName(file), report, args.options.json);
  },
});
