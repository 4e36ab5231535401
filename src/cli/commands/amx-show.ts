/** `deforma amx show FILE [--json]`. */

import { formatReport, reportHasErrors } from "../../core/report.js";
import { readAmx } from "../../mixed/amx/index.js";
import { MESH_TYPES } from "../../mixed/types.js";
import { type Command, flagOption } from "../command.js";
import { inputText, jsonLine } from "../input.js";
import { ExitCode } from "../io.js";

/** The `amx show` command. */
export const amxShow: Command = {
  usage: "amx show FILE [--json]",
  summary: "Print what a mixed animation file holds.",
  description:
    'With --json: {"mbs":…,"bodies":[{"body":…,"variantInUse":…,"animations":[{"type","scalarParam",\n' +
    '"vectorParam","file","matrix":[12 numbers]}]}]}. Problems go to standard error (exit code 1 on errors).',
  options: { json: { type: "boolean", help: "print the model as JSON" } },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const text = await inputText(io.cwd, file);
    const { model, diagnostics } = readAmx(text);
    const report = [{ file, text, diagnostics }];
    io.err(formatReport(report));
    if (flagOption(args, "json")) io.out(jsonLine(model));
    else {
      const lines = [`MBS animation: ${model.mbs}`, `bodies: ${model.bodies.length}`];
      for (const b of model.bodies) {
        lines.push(
          `body ${b.body}: ${b.animations.length} variant${b.animations.length === 1 ? "" : "s"}, in use: ${b.variantInUse}`,
        );
        b.animations.forEach((a, i) => {
          const solver = MESH_TYPES.get(a.type)?.solver ?? "unknown type";
          lines.push(
            `  ${i === b.variantInUse ? "*" : " "}[${i}] ${a.file}  type ${a.type} (${solver}), scalar ${a.scalarParam}, vector ${a.vectorParam}`,
          );
          for (let r = 0; r < 3; r++) {
            lines.push(
              `       ${a.matrix
                .slice(r * 4, r * 4 + 4)
                .map((v) => String(v).padStart(14))
                .join("")}`,
            );
          }
        });
      }
      io.out(`${lines.join("\n")}\n`);
    }
    return reportHasErrors(report) ? ExitCode.Problems : ExitCode.Ok;
  },
};
