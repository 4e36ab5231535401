/** `deforma mixed export FILE.amx (--gltf OUT.glb | --vtk OUTDIR)`: a mixed animation to glTF or VTK. */

import type { Stats } from "node:fs";
import { lstat, readdir, stat } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";
import { COLORMAP_NAMES, type ColormapName } from "../../core/colormap.js";
import { type FileReport, formatReport, reportHasErrors } from "../../core/report.js";
import { buildMixedScene, MAX_EXPORT_FRAMES, type MixedScene } from "../../mixed/sample/index.js";
import { writeFolderAtomic } from "../../node/atomic-write.js";
import { checkAmxText } from "../../node/mixed-folder.js";
import { nodeKind } from "../../node/output-target.js";
import { defineCommand } from "../command.js";
import { errnoWords } from "../failure.js";
import { glbNonFinite, vtkNonFinite } from "../finite.js";
import { FRAME_BUDGET_OPTION, frameBudgetBytes } from "../frame-budget.js";
import { inputText, isStdin } from "../input.js";
import { CliError, type CliIo, ExitCode, UsageError } from "../io.js";
import { ALLOW_OUTSIDE_OPTION } from "../options.js";
import { checkOutput, writeError, writeOutput } from "../output.js";
import { progressBar } from "../progress.js";

/** The `mixed export` command. */
export const mixedExport = defineCommand({
  usage:
    "mixed export FILE.amx (--gltf OUT.glb | --vtk OUTDIR) [--fps N] [--frame-step N] [--exaggeration X] [--colormap NAME] [--frame-budget MIB] [--force] [--allow-outside]",
  description:
    "--gltf: one .glb (the name must end in .glb); rigid bodies animated, mesh bodies as morph targets (one per .agr frame, at most 256) coloured\n" +
    "by their scalar. --vtk: OUTDIR/<name>.pvd with one .vtm per frame and one .vtu per body, world\n" +
    "coordinates, every parameter as point data. Frames: the .amb's, or --fps N; --frame-step N keeps\n" +
    "every N-th. An existing OUT.glb or a non-empty OUTDIR is replaced only with --force; the output\n" +
    "is checked before any other work.\n" +
    "An export whose numbers would not be finite (e.g. --exaggeration 1e300) is refused and\n" +
    "nothing is written. FILE cannot be '-': the .amb and .agr files are found next to it.\n" +
    "A binary .agr larger than --frame-budget MIB (default 256) is read frame by frame, holding\n" +
    "at most that much of its frame values at once; its frames are checked as they are read.\n" +
    "See docs/formats/exports.md.",
  options: {
    gltf: { type: "path", value: "OUT.glb", help: "write binary glTF 2.0" },
    vtk: { type: "path", value: "OUTDIR", help: "write a VTK XML series (.pvd, .vtm, .vtu)" },
    fps: {
      type: "number",
      positive: true,
      value: "N",
      help: "resample the motion at N frames per second",
    },
    "frame-step": {
      type: "integer",
      min: 1,
      value: "N",
      help: "keep every N-th frame (default 1)",
    },
    exaggeration: {
      type: "number",
      positive: true,
      value: "X",
      help: "displacement exaggeration (default 1)",
    },
    colormap: {
      type: "enum",
      choices: COLORMAP_NAMES,
      value: "NAME",
      help: `glTF colours: ${COLORMAP_NAMES.join(", ")}`,
    },
    "frame-budget": FRAME_BUDGET_OPTION,
    force: { type: "boolean", help: "replace existing output" },
    "allow-outside": ALLOW_OUTSIDE_OPTION,
  },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const { fps, exaggeration, colormap, force } = args.options;
    const frameStep = args.options["frame-step"];
    if (isStdin(file)) {
      throw new UsageError(
        "the .amx cannot come from standard input: its .amb and .agr files are found next to it",
      );
    }
    // The output is checked before any work, so a refused export costs nothing.
    const target = await exportTarget(io, args.options.gltf, args.options.vtk, force);
    if (typeof target === "number") return target;
    const folder = await checkAmxText(resolve(io.cwd, file), await inputText(io, file, "amx"), {
      allowOutside: args.options["allow-outside"] === true,
      frameBudget: frameBudgetBytes(args.options["frame-budget"]),
    });
    const report = folder.report.map((r, i) => (i === 0 ? { ...r, file } : r));
    io.err(formatReport(report));
    const scene = buildMixedScene(folder);
    if (reportHasErrors(report) || !scene) {
      io.err(`${file}: has errors; not exported\n`);
      return ExitCode.Problems;
    }
    if (fps !== undefined && (scene.end - scene.start) * fps > MAX_EXPORT_FRAMES) {
      throw new UsageError(
        `--fps ${fps} over ${scene.end - scene.start} s is more than ${MAX_EXPORT_FRAMES} frames`,
      );
    }
    const frames = {
      ...(fps !== undefined ? { fps } : {}),
      ...(frameStep !== undefined ? { frameStep } : {}),
      ...(exaggeration !== undefined ? { exaggeration } : {}),
    };
    const job: ExportJob = {
      io,
      file,
      scene,
      frames,
      laterProblems: laterProblems(io, file, report),
    };
    return target.kind === "gltf"
      ? exportGlb(job, target.shown, force, colormap)
      : exportVtk(job, target.shown);
  },
});

/** Where the export goes: `--gltf OUT.glb` or `--vtk OUTDIR`, as the user wrote it. */
type ExportTarget = { readonly kind: "gltf" | "vtk"; readonly shown: string };

/** What both exports need: the scene, its frame options and the check of frames read during the export. */
interface ExportJob {
  readonly io: CliIo;
  readonly file: string;
  readonly scene: MixedScene;
  readonly frames: { fps?: number; frameStep?: number; exaggeration?: number };
  /** Reports findings of frames read since the last call; true when they are errors (nothing is written). */
  readonly laterProblems: () => boolean;
}

/**
 * The export's output, checked before any work: exactly one of `--gltf` and
 * `--vtk`, a `.glb` name, and a target that may be written (an existing file
 * or non-empty folder only with `force`, never a folder holding anything but
 * a VTK series). Returns the exit code of a refusal already reported.
 */
async function exportTarget(
  io: CliIo,
  gltf: string | undefined,
  vtk: string | undefined,
  force: boolean,
): Promise<ExportTarget | number> {
  if ((gltf === undefined) === (vtk === undefined))
    throw new UsageError("give exactly one of --gltf OUT.glb and --vtk OUTDIR");
  if (gltf !== undefined) {
    if (!/\.glb$/i.test(gltf)) {
      throw new UsageError(
        `--gltf ${gltf}: the export is binary glTF, so its name must end in .glb (JSON .gltf is not written)`,
      );
    }
    await fileCanBeWritten(resolve(io.cwd, gltf), gltf);
    if (!(await checkOutput(io, gltf, force))) return ExitCode.Problems;
    return { kind: "gltf", shown: gltf };
  }
  const outDir = resolve(io.cwd, vtk!);
  // Checked with --force too: a file (or FIFO, device) there is no earlier export.
  const nonEmpty = await nonEmptyFolder(outDir, vtk!);
  if (!force && nonEmpty) {
    io.err(`deforma: ${vtk} exists and is not empty; not overwritten (use --force)\n`);
    return ExitCode.Problems;
  }
  return (await refuseForeign(io, vtk!)) ?? { kind: "vtk", shown: vtk! };
}

/** Says so and returns exit 1 when folder `vtk` holds something that is not part of a VTK series. */
async function refuseForeign(io: CliIo, vtk: string): Promise<number | undefined> {
  const foreign = await foreignEntry(resolve(io.cwd, vtk));
  if (foreign === undefined) return undefined;
  io.err(
    `deforma: ${vtk} holds '${foreign}', which is not part of a VTK series; the folder is not replaced (choose an empty or new folder)\n`,
  );
  return ExitCode.Problems;
}

/** Frames read on demand add findings as they are read: a function reporting those found since its last call. */
function laterProblems(io: CliIo, file: string, report: readonly FileReport[]): () => boolean {
  const streamed = report.map((r) => r.diagnostics.length);
  return () => {
    const later = report
      .map((r, i) => ({ ...r, diagnostics: r.diagnostics.slice(streamed[i]) }))
      .filter((r) => r.diagnostics.length > 0);
    if (later.length === 0) return false;
    report.forEach((r, i) => {
      streamed[i] = r.diagnostics.length;
    });
    io.err(formatReport(later));
    if (!reportHasErrors(later)) return false;
    io.err(`${file}: has errors; not exported\n`);
    return true;
  };
}

/** Writes the scene as one `.glb` at `gltf`; returns the exit code. */
async function exportGlb(
  job: ExportJob,
  gltf: string,
  force: boolean,
  colormap: ColormapName | undefined,
): Promise<number> {
  const { io } = job;
  const bar = progressBar(io, "frames");
  const { exportGltf } = await import("../../mixed/gltf/index.js");
  const glb = await exportGltf(job.scene, {
    ...job.frames,
    ...(colormap ? { colormap } : {}),
    onProgress: bar.update,
  });
  bar.end();
  if (job.laterProblems()) return ExitCode.Problems;
  const bad = glbNonFinite(glb);
  if (bad !== undefined) return refuseNonFinite(io, gltf, bad);
  if (!(await writeOutput(io, gltf, glb, force))) return ExitCode.Problems;
  io.err(`${gltf}: written (${glb.length} bytes)\n`);
  return ExitCode.Ok;
}

/** Writes the scene as a VTK series into folder `vtk` (swapped in whole); returns the exit code. */
async function exportVtk(job: ExportJob, vtk: string): Promise<number> {
  const { io, scene, frames } = job;
  const { vtkFiles } = await import("../../mixed/vtk/index.js");
  const name = basename(job.file).replace(/\.amx$/i, "") || "mixed";
  // A first pass checks every file before any is written (the files are deterministic).
  for (const f of vtkFiles(scene, { ...frames, name })) {
    const bad = f.name.endsWith(".vtu") ? vtkNonFinite(f.data) : undefined;
    if (bad !== undefined && !job.laterProblems()) {
      return refuseNonFinite(io, vtk, `array '${bad}' of ${f.name}`);
    }
    if (bad !== undefined) return ExitCode.Problems;
  }
  if (job.laterProblems()) return ExitCode.Problems;
  // Checked again: the folder may have changed during the export.
  const refused = await refuseForeign(io, vtk);
  if (refused !== undefined) return refused;
  const bar = progressBar(io, "frames");
  let count: number;
  try {
    // The series is written into a staging folder and swapped in: a killed export leaves the old series or the new one.
    const files = vtkFiles(scene, { ...frames, name, onProgress: bar.update });
    count = await writeFolderAtomic(resolve(io.cwd, vtk), files, { overwrite: true });
  } catch (e) {
    bar.end();
    throw writeError(e, vtk);
  }
  bar.end();
  io.err(`${vtk}: written (${count} files; open ${name}.pvd in ParaView)\n`);
  return ExitCode.Ok;
}

/** Says that the export of `target` is refused because `where` holds non-finite numbers; exit 1. */
function refuseNonFinite(io: CliIo, target: string, where: string): number {
  io.err(
    `deforma: ${target}: not written: the export would hold numbers that are not finite ` +
      `(${where}); is --exaggeration too large?\n`,
  );
  return ExitCode.Problems;
}

/** Throws the CLI's write error for `shown` when file `path` cannot be written: its folder is missing, or it is a folder. */
async function fileCanBeWritten(path: string, shown: string): Promise<void> {
  const folder = await stat(dirname(path)).catch((e: unknown) => e);
  if (folder instanceof Error) throw writeError(folder, shown);
  if (!(folder as Stats).isDirectory())
    throw new CliError(`cannot write '${shown}': ${errnoWords("ENOTDIR")}`, ExitCode.Problems);
  const file = await stat(path).catch(() => undefined);
  if (file?.isDirectory())
    throw new CliError(`cannot write '${shown}': ${errnoWords("EISDIR")}`, ExitCode.Problems);
}

async function nonEmptyFolder(path: string, shown: string): Promise<boolean> {
  try {
    return (await readdir(path)).length > 0;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return false;
    if (code === "ENOTDIR") {
      const found = await stat(path).catch(() => lstat(path).catch(() => undefined));
      const why = found
        ? `is ${found.isFile() ? "a file" : nodeKind(found)}, not a folder; an export replaces only the folder of an earlier one, even with --force`
        : "a part of the path is not a folder";
      throw new UsageError(`--vtk ${shown}: ${why}`);
    }
    throw writeError(e, shown);
  }
}

/** Files a VTK series folder may hold (an older export's): anything else stops a replacing export. */
const SERIES_FILE = /\.(vtu|vtp|vtm|pvd|series)$/i;

/**
 * The first entry of folder `dir` (relative path) that is not part of a VTK
 * series, or undefined: the export replaces the whole folder, so it must not
 * hold anything else the user would lose (their notes, or a whole project
 * given as `--vtk .`).
 */
async function foreignEntry(dir: string): Promise<string | undefined> {
  const todo = [""];
  let seen = 0;
  while (todo.length > 0) {
    const rel = todo.pop()!;
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(rel === "" ? dir : `${dir}/${rel}`, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const path = rel === "" ? e.name : `${rel}/${e.name}`;
      if (++seen > 100_000) return path;
      if (e.isDirectory()) todo.push(path);
      else if (!(e.isFile() && SERIES_FILE.test(e.name))) return path;
    }
  }
  return undefined;
}
