/**
 * `deforma agr from FILES… --type 0|1 -o OUT.agr` (also `agr from-vtk`): a
 * mesh animation from solver results: a VTK time series, or one file of
 * another solver format of the registry.
 */
import { readdir, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { type FileReport, formatReport, reportHasErrors } from "../../core/report.js";
import { FORMATS } from "../../formats.js";
import { validateAgr, writeAgrBinary, writeAgrText } from "../../mixed/agr/index.js";
import { folderSeries, readSolverSeries, SOLVER_FORMATS } from "../../mixed/index.js";
import { meshAnimationFromVtk } from "../../mixed/vtk/index.js";
import { companionReader } from "../../node/files.js";
import { defineCommand } from "../command.js";
import { inputBytes, isStdin } from "../input.js";
import { ExitCode, UsageError } from "../io.js";
import { ALLOW_OUTSIDE_OPTION } from "../options.js";
import { writeOutput } from "../output.js";

/** The registry formats an input may be (any solver-result format; other formats of ours are refused, FMT006). */
const SOLVER_INPUTS = SOLVER_FORMATS.map((f) => f.id);

/** The `agr from-vtk` command. */
export const agrFromVtk = defineCommand({
  usage:
    "agr from FILES…|DIR --type 0|1 -o OUT.agr [--scalar NAME[:magnitude|:K|:mises]] [--unit UNIT] [--displacement NAME] [--part N] [--block NAME] [--text] [--force] [--allow-outside]",
  description:
    "Frames of .vtu/.vtp/.vti/.vts/.vtr/.pvtu/.pvtp/.vtk files in the order given (a .pvd or .series: its\n" +
    "order and times; files that form one numbered set, name_0 … name_1000: in the order of their numbers,\n" +
    "whatever the shell's order, timed by the numbers or by their TimeValue when all have one), of a folder\n" +
    "given alone (its one .pvd/.series, else its one numbered set; several: refused, listed), or of one\n" +
    "file of another solver format (its steps). Also named 'agr from-vtk'. Type 1\n" +
    "(stress-strain): coordinates = points + the displacement array (--displacement NAME, or displ…,\n" +
    "displacement…, nodal displacement, or x_/y_/z_displacement combined, when the points stay put; else\n" +
    "U/u, which may be velocity: VTK030),\n" +
    "else the points (|p − p0|). One line says which arrays were taken and why.\n" +
    "Type 0 (thermal): points must stay put; the scalar is --scalar, else temperature/temp/t/nt, else the\n" +
    "only one-component non-id array (several: refused, listed), of the point arrays, else of the cell\n" +
    "arrays. --scalar on type 1 adds a scalar. A cell array becomes node values: each node the mean of the\n" +
    "cells that use it. A name both kinds have means the point array; cell:NAME the cell array.\n" +
    "Quadratic cells keep all points as nodes, drawn from their corners; polygons, strips and prisms are\n" +
    "cut into triangles or wedges; vertex and line cells are skipped. Binary .agr unless --text.\n" +
    "Standard input ('-') cannot be read: a series needs file names. See docs/formats/exports.md.",
  options: {
    type: {
      type: "enum",
      choices: ["0", "1"],
      help: "mesh animation type: 0 thermal, 1 stress-strain",
    },
    output: { type: "path", short: "o", value: "OUT.agr", help: "the .agr to write" },
    scalar: {
      type: "string",
      value: "NAME",
      help: "the scalar point or cell array (cell:NAME: the cell array of a name both have); NAME:magnitude, NAME:K (component), NAME:mises (6-component stress)",
    },
    unit: {
      type: "string",
      value: "UNIT",
      help: "the scalar's unit (default K for a temperature, else -)",
    },
    displacement: {
      type: "string",
      value: "NAME",
      help: "type 1: the 3-component displacement point array (positions = points + it)",
    },
    block: {
      type: "string",
      value: "NAME",
      help: "the .vtm block to read: a name or an index path like 0/1 (default: all merged)",
    },
    part: {
      type: "integer",
      min: 0,
      value: "N",
      help: "the .pvd part to read at each timestep (default: all parts merged)",
    },
    text: { type: "boolean", help: "write the text encoding (default binary)" },
    force: { type: "boolean", help: "replace OUT.agr if it exists" },
    "allow-outside": ALLOW_OUTSIDE_OPTION,
  },
  positionals: [1, Number.POSITIVE_INFINITY],
  async run(args, io) {
    const { type, output, block, part, scalar, displacement, unit } = args.options;
    if (type === undefined)
      throw new UsageError("--type 0|1 is required (0 thermal, 1 stress-strain)");
    if (output === undefined) throw new UsageError("-o OUT.agr is required");
    if (args.positionals.some(isStdin)) {
      throw new UsageError("solver results cannot come from standard input: give the files' paths");
    }
    const inputs = await inputNames(io.cwd, args.positionals);
    if ("report" in inputs) {
      io.err(formatReport([inputs.report]));
      io.err(`${output}: not written (the folder has no one series)\n`);
      return ExitCode.Problems;
    }
    const files = [];
    for (const name of inputs.files)
      files.push({ name, bytes: await inputBytes(io, name, SOLVER_INPUTS) });
    const series = await readSolverSeries(files, FORMATS, {
      read: companionReader(io.cwd, { allowOutside: args.options["allow-outside"] === true }),
      ...(block !== undefined ? { block } : {}),
      ...(part !== undefined ? { part } : {}),
    });
    if (series.frames.length === 0 && reportHasErrors(series.report)) {
      // Nothing was read: the inputs' own findings say why; no "no frame" finding on top.
      io.err(formatReport(series.report));
      io.err(`${output}: not written (the series has errors)\n`);
      return ExitCode.Problems;
    }
    const made = meshAnimationFromVtk(series.frames, {
      type: type === "0" ? 0 : 1,
      ...(scalar !== undefined ? { scalar } : {}),
      ...(displacement !== undefined ? { displacement } : {}),
      ...(unit !== undefined ? { unit } : {}),
      ambiguousDisplacement: type === "1",
    });
    const report = [...series.report, ...made.report];
    const model = made.model;
    const checks = model ? validateAgr(model) : [];
    if (checks.length > 0) report.push({ file: output, diagnostics: checks });
    io.err(formatReport(report));
    if (made.chosen.length > 0) io.err(`${output}: arrays: ${made.chosen.join("; ")}\n`);
    if (!model || reportHasErrors(report)) {
      io.err(`${output}: not written (the series has errors)\n`);
      return ExitCode.Problems;
    }
    const data = args.options.text ? writeAgrText(model) : writeAgrBinary(model);
    if (!(await writeOutput(io, output, data, args.options.force))) return ExitCode.Problems;
    io.err(
      `${output}: written (type ${model.type}, ${model.nodeCount} nodes, ${model.cellTypes.length} cells, ${model.times.length} frames)\n`,
    );
    return ExitCode.Ok;
  },
});

/** Whether `path` (relative to `cwd`) is a folder. */
async function isFolder(cwd: string, path: string): Promise<boolean> {
  try {
    return (await stat(resolve(cwd, path))).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The files to read: the inputs as given, or a folder given alone made its
 * one series (its index, or its numbered set in number order; decision 187).
 */
async function inputNames(
  cwd: string,
  given: readonly string[],
): Promise<{ readonly files: readonly string[] } | { readonly report: FileReport }> {
  const folders: string[] = [];
  for (const p of given) if (await isFolder(cwd, p)) folders.push(p);
  if (folders.length === 0) return { files: given };
  if (given.length > 1)
    throw new UsageError(`a folder is read alone: give '${folders[0]}' as the only input`);
  const folder = given[0]!;
  const entries = await readdir(resolve(cwd, folder), { withFileTypes: true });
  const base = folder.replace(/[/\\]+$/, "");
  const names = entries.filter((e) => e.isFile()).map((e) => `${base}/${e.name}`);
  return folderSeries(folder, names, FORMATS);
}
