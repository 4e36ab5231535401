/** `deforma amx create --mbs NAME.amb --cad CAD_Matrixes.dat --body BODY:TYPE:FILE.agr … [-o OUT]`. */
import { access } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { DiagnosticSink, formatDiagnostics, hasErrors } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { formatPlain, formatReport, reportHasErrors } from "../../core/report.js";
import { AMX, type BodyBinding, createAmx, readAmx, writeAmx } from "../../mixed/amx/index.js";
import { readCad } from "../../mixed/cad/index.js";
import { defineCommand } from "../command.js";
import { inputTextReport, shownName } from "../input.js";
import { ExitCode, UsageError } from "../io.js";
import { writeOutput } from "../output.js";

/** The `amx create` command. */
export const amxCreate = defineCommand({
  usage:
    "amx create --mbs NAME.amb --cad CAD_Matrixes.dat --body BODY:TYPE:FILE.agr [--body …] [--variant BODY:INDEX] [-o OUT] [--force]",
  description:
    "Each --body binds a mesh animation of TYPE (0 thermal, 1 stress-strain) in FILE to BODY; several\n" +
    "--body for one body make several variants, in order; --variant BODY:INDEX picks the one in use\n" +
    "(0-based, default 0). Each matrix is the CAD matrix of that body and solver type: a body or type\n" +
    "without one is an error. File names are written as given and are read relative to the .amx's\n" +
    "folder; names that do not exist there yet are warnings. Writes to standard output unless -o;\n" +
    "an existing OUT is replaced only with --force. --cad - reads CAD_Matrixes.dat from standard input.",
  options: {
    mbs: { type: "string", value: "NAME.amb", help: "MBS animation file name to write" },
    cad: { type: "path", value: "FILE", help: "the model's CAD_Matrixes.dat" },
    body: {
      type: "string",
      multiple: true,
      value: "B:T:F",
      help: "bind mesh animation F of type T to body B",
    },
    variant: {
      type: "string",
      multiple: true,
      value: "B:I",
      help: "variant in use for body B (0-based)",
    },
    output: {
      type: "path",
      short: "o",
      value: "OUT",
      help: "write the .amx to OUT (atomically)",
    },
    force: { type: "boolean", help: "replace OUT if it exists" },
  },
  positionals: [0, 0],
  async run(args, io) {
    const { mbs, cad: cadPath, output } = args.options;
    if (mbs === undefined) throw new UsageError("--mbs NAME.amb is required");
    if (cadPath === undefined) throw new UsageError("--cad FILE is required");
    const bodies = args.options.body.map(parseBinding);
    if (bodies.length === 0) throw new UsageError("at least one --body B:T:F is required");
    const variants = args.options.variant.map(parseVariant);

    const cad = await inputTextReport(io, cadPath, "cad-matrixes", readCad);
    if (reportHasErrors(cad.report)) {
      io.err(formatReport(cad.report));
      io.err(`${shownName(cadPath)}: has errors; no .amx created\n`);
      return ExitCode.Problems;
    }

    const sink = new DiagnosticSink();
    for (const name of [mbs, ...bodies.map((b) => b.file)]) {
      if (/\s/.test(name))
        sink.report(AMX.fileNameWhitespace, msg`file name '${{ name }}' contains whitespace`, 0);
    }
    const created = createAmx({ mbs, cad: cad.model, bodies, variants });
    const problems = [...sink.items, ...created.diagnostics];
    if (!hasErrors(problems)) {
      const folder = output === undefined ? io.cwd : dirname(resolve(io.cwd, output));
      for (const name of new Set([mbs, ...bodies.map((b) => b.file)])) {
        if (!(await exists(resolve(folder, name)))) {
          problems.push({
            code: AMX.createMissingFile.code,
            severity: AMX.createMissingFile.severity,
            message: `'${name}' does not exist in ${output === undefined ? "the working folder" : "the output's folder"} yet`,
            args: { file: name },
            start: 0,
            end: 0,
          });
        }
      }
    }
    io.err(formatPlain(problems));
    if (hasErrors(problems)) {
      io.err("no .amx created\n");
      return ExitCode.Problems;
    }
    const text = writeAmx(created.model);
    // The new file's own warnings (a CAD matrix that is no proper rotation, …) are worth seeing.
    const own = readAmx(text).diagnostics;
    if (own.length > 0) io.err(formatDiagnostics(own, { file: output ?? "<stdout>", text }));
    if (output === undefined) {
      io.out(text);
      return ExitCode.Ok;
    }
    if (!(await writeOutput(io, output, text, args.options.force))) {
      return ExitCode.Problems;
    }
    io.err(`${output}: created (${created.model.bodies.length} bodies)\n`);
    return ExitCode.Ok;
  },
});

function parseBinding(spec: string): BodyBinding {
  const m = /^(\d+):(\d+):(.+)$/.exec(spec);
  if (!m) throw new UsageError(`--body '${spec}' is not BODY:TYPE:FILE (e.g. 3:1:rod.agr)`);
  return { body: Number(m[1]), type: Number(m[2]), file: m[3]! };
}

function parseVariant(spec: string): { body: number; index: number } {
  const m = /^(\d+):(\d+)$/.exec(spec);
  if (!m) throw new UsageError(`--variant '${spec}' is not BODY:INDEX (e.g. 3:1)`);
  return { body: Number(m[1]), index: Number(m[2]) };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
