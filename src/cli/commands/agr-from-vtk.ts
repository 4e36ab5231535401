/** `deforma agr from-vtk FILES… --type 0|1 -o OUT.agr`: a mesh animation from a VTK time series. */
import { resolve } from "node:path";
import { formatReport, reportHasErrors } from "../../core/report.js";
import { validateAgr, writeAgrBinary, writeAgrText } from "../../mixed/agr/index.js";
import { meshAnimationFromVtk, readVtkSeries } from "../../mixed/vtk/index.js";
import { readInput } from "../../node/files.js";
import { type Command, flagOption, stringOption } from "../command.js";
import { inputBytes } from "../input.js";
import { ExitCode, UsageError } from "../io.js";
import { writeOutput } from "../output.js";

/** The `agr from-vtk` command. */
export const agrFromVtk: Command = {
  usage:
    "agr from-vtk FILES… --type 0|1 -o OUT.agr [--scalar NAME] [--block NAME] [--text] [--force]",
  summary:
    "Make a mesh animation (.agr) from a VTK time series (.vtu files, or a .pvd listing them).",
  description:
    "Frames in the order given (a .pvd: its order and timesteps; else each file's TimeValue). Type 1\n" +
    "(stress-strain): coordinates from the points, displacement from a 'displacement' array or |p − p0|.\n" +
    "Type 0 (thermal): points must stay put; the scalar is 'temperature', --scalar NAME, or the first\n" +
    "scalar array. Cells: tri, quad, tet, hex, wedge, pyramid. Binary .agr unless --text.\n" +
    "See docs/formats/exports.md.",
  options: {
    type: { type: "string", value: "0|1", help: "mesh animation type: 0 thermal, 1 stress-strain" },
    output: { type: "string", short: "o", value: "OUT.agr", help: "the .agr to write" },
    scalar: { type: "string", value: "NAME", help: "type 0: the point array holding the scalar" },
    block: { type: "string", value: "NAME", help: "the block to read from .vtm files" },
    text: { type: "boolean", help: "write the text encoding (default binary)" },
    force: { type: "boolean", help: "replace OUT.agr if it exists" },
  },
  positionals: [1, Number.POSITIVE_INFINITY],
  async run(args, io) {
    const type = stringOption(args, "type");
    if (type !== "0" && type !== "1")
      throw new UsageError("--type must be 0 (thermal) or 1 (stress-strain)");
    const output = stringOption(args, "output");
    if (output === undefined) throw new UsageError("-o OUT.agr is required");
    const files = [];
    for (const name of args.positionals)
      files.push({ name, bytes: await inputBytes(io.cwd, name) });
    const block = stringOption(args, "block");
    const series = await readVtkSeries(files, {
      read: (p) => readInput(resolve(io.cwd, p)),
      ...(block !== undefined ? { block } : {}),
    });
    const scalar = stringOption(args, "scalar");
    const made = meshAnimationFromVtk(series.frames, {
      type: type === "0" ? 0 : 1,
      ...(scalar !== undefined ? { scalar } : {}),
    });
    const report = [...series.report, ...made.report];
    const model = made.model;
    const checks = model ? validateAgr(model) : [];
    if (checks.length > 0) report.push({ file: output, diagnostics: checks });
    io.err(formatReport(report));
    if (!model || reportHasErrors(report)) {
      io.err(`${output}: not written (the series has errors)\n`);
      return ExitCode.Problems;
    }
    const data = flagOption(args, "text") ? writeAgrText(model) : writeAgrBinary(model);
    if (!(await writeOutput(io, output, data, flagOption(args, "force")))) return ExitCode.Problems;
    io.err(
      `${output}: written (type ${model.type}, ${model.nodeCount} nodes, ${model.cellTypes.length} cells, ${model.times.length} frames)\n`,
    );
    return ExitCode.Ok;
  },
};
