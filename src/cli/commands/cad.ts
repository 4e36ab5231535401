/** `deforma cad show|validate FILE [--json]`. */

import { formatReport } from "../../core/report.js";
import { readCad } from "../../mixed/cad/index.js";
import { MESH_TYPES } from "../../mixed/types.js";
import { type Command, flagOption } from "../command.js";
import { inputTextReport, jsonLine } from "../input.js";
import { matrixLines, printValidation, reportExitCode } from "../output.js";

const json = { json: { type: "boolean", help: "print JSON" } } as const;

/** The `cad show` command. */
export const cadShow: Command = {
  usage: "cad show FILE [--json]",
  summary: "Print what a CAD_Matrixes.dat holds.",
  description:
    'With --json: {"bodies":[{"body":…,"solvers":[{"type":…,"hasCad":…,"matrix":[12 numbers]|null}]}]},\n' +
    "bodies in file order. Problems go to standard error (exit code 1 on errors).",
  options: json,
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const { model, report } = await inputTextReport(io.cwd, file, readCad);
    io.err(formatReport(report));
    if (flagOption(args, "json")) io.out(jsonLine(model));
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
};

/** The `cad validate` command. */
export const cadValidate: Command = {
  usage: "cad validate FILE [--json]",
  summary: "Check a CAD_Matrixes.dat: counts, flags, matrices present exactly when the flag is 1.",
  options: { json: { type: "boolean", help: 'print {"ok":…,"diagnostics":[…]} instead of text' } },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const { report } = await inputTextReport(io.cwd, file, readCad);
    return printValidation(io, file, report, flagOption(args, "json"));
  },
};
