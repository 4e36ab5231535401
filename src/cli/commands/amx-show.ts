/** `deforma amx show FILE [--json]`. */
import { formatReport } from "../../core/report.js";
import { readAmx } from "../../mixed/amx/index.js";
import { MESH_TYPES } from "../../mixed/index.js";
import { defineCommand } from "../command.js";
import { inputTextReport, jsonLine } from "../input.js";
import { matrixLines, reportExitCode } from "../output.js";

/** The `amx show` command. */
export const amxShow = defineCommand({
  usage: "amx show FILE [--json]",
  description:
    'With --json: {"mbs":…,"bodies":[{"body":…,"variantInUse":…,"animations":[{"type","scalarParam",\n' +
    '"vectorParam","file","matrix":[12 numbers]}]}]}. Problems go to standard error (exit code 1 on errors).\n' +
    "FILE '-' reads standard input.",
  options: { json: { type: "boolean", help: "print the model as JSON" } },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const { model, report } = await inputTextReport(io, file, "amx", readAmx);
    io.err(formatReport(report));
    if (args.options.json) io.out(jsonLine(model));
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
          lines.push(...matrixLines(a.matrix, "       "));
        });
      }
      io.out(`${lines.join("\n")}\n`);
    }
    return reportExitCode(report);
  },
});
