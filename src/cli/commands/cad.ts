/** `deforma cad show|validate FILE [--json]`. */

import { formatReport, reportHasErrors, reportJson, summarize } from "../../core/report.js";
import { readCad } from "../../mixed/cad/index.js";
import { MESH_TYPES } from "../../mixed/types.js";
import { type Command, flagOption } from "../command.js";
import { inputText, jsonLine } from "../input.js";
import { ExitCode } from "../io.js";

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
    const text = await inputText(io.cwd, file);
    const { model, diagnostics } = readCad(text);
    const report = [{ file, text, diagnostics }];
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
          if (s.matrix) {
            for (let r = 0; r < 3; r++) {
              lines.push(
                `    ${s.matrix
                  .slice(r * 4, r * 4 + 4)
                  .map((v) => String(v).padStart(14))
                  .join("")}`,
              );
            }
          }
        }
      }
      io.out(`${lines.join("\n")}\n`);
    }
    return reportHasErrors(report) ? ExitCode.Problems : ExitCode.Ok;
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
    const text = await inputText(io.cwd, file);
    const report = [{ file, text, diagnostics: readCad(text).diagnostics }];
    if (flagOption(args, "json")) io.out(jsonLine(reportJson(report)));
    else {
      io.out(formatReport(report));
      io.out(`${file}: ${reportHasErrors(report) ? "invalid" : "ok"} (${summarize(report)})\n`);
    }
    return reportHasErrors(report) ? ExitCode.Problems : ExitCode.Ok;
  },
};
