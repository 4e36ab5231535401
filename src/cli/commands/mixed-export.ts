/** `deforma mixed export FILE.amx (--gltf OUT.glb | --vtk OUTDIR)`: a mixed animation to glTF or VTK. */
import { mkdir, readdir, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { COLORMAP_NAMES, type ColormapName } from "../../core/colormap.js";
import { formatReport, reportHasErrors } from "../../core/report.js";
import { MAX_EXPORT_FRAMES } from "../../mixed/sample/frames.js";
import { buildMixedScene } from "../../mixed/sample/scene.js";
import { writeFileAtomic } from "../../node/atomic-write.js";
import { checkAmxText } from "../../node/mixed-folder.js";
import { type Command, flagOption, stringOption } from "../command.js";
import { inputText } from "../input.js";
import { type CliIo, ExitCode, UsageError } from "../io.js";
import { refuseOverwrite, writeOutput } from "../output.js";

/** A progress reporter `(done, total)` drawing a bar on stderr when it is a terminal; silent otherwise. */
export function progressBar(
  io: CliIo,
  what: string,
): { update(done: number, total: number): void; end(): void } {
  let shown = -1;
  let drawn = false;
  return {
    update(done, total) {
      if (!io.isTTY || total <= 0) return;
      const width = 30;
      const filled = Math.round((done / total) * width);
      if (filled === shown && done !== total) return;
      shown = filled;
      drawn = true;
      io.err(`\r[${"#".repeat(filled)}${" ".repeat(width - filled)}] ${done}/${total} ${what}`);
    },
    end() {
      if (drawn) io.err("\n");
    },
  };
}

/** The `mixed export` command. */
export const mixedExport: Command = {
  usage:
    "mixed export FILE.amx (--gltf OUT.glb | --vtk OUTDIR) [--fps N] [--frame-step N] [--exaggeration X] [--colormap NAME] [--force]",
  summary: "Export a mixed animation to binary glTF (.glb) or to a VTK XML series for ParaView.",
  description:
    "--gltf: one .glb; rigid bodies animated, mesh bodies as morph targets (one per .agr frame, at most 256) coloured\n" +
    "by their scalar. --vtk: OUTDIR/<name>.pvd with one .vtm per frame and one .vtu per body, world\n" +
    "coordinates, every parameter as point data. Frames: the .amb's, or --fps N; --frame-step N keeps\n" +
    "every N-th. An existing OUT.glb or a non-empty OUTDIR is replaced only with --force.\n" +
    "See docs/formats/exports.md.",
  options: {
    gltf: { type: "string", value: "OUT.glb", help: "write binary glTF 2.0" },
    vtk: { type: "string", value: "OUTDIR", help: "write a VTK XML series (.pvd, .vtm, .vtu)" },
    fps: { type: "string", value: "N", help: "resample the motion at N frames per second" },
    "frame-step": { type: "string", value: "N", help: "keep every N-th frame (default 1)" },
    exaggeration: { type: "string", value: "X", help: "displacement exaggeration (default 1)" },
    colormap: { type: "string", value: "NAME", help: `glTF colours: ${COLORMAP_NAMES.join(", ")}` },
    force: { type: "boolean", help: "replace existing output" },
  },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const gltf = stringOption(args, "gltf");
    const vtk = stringOption(args, "vtk");
    if ((gltf === undefined) === (vtk === undefined))
      throw new UsageError("give exactly one of --gltf and --vtk");
    const fps = numberOption(args.values.fps, "--fps", false);
    const frameStep = numberOption(args.values["frame-step"], "--frame-step", true);
    const exaggeration = numberOption(args.values.exaggeration, "--exaggeration", false);
    const colormap = stringOption(args, "colormap");
    if (colormap !== undefined && !(COLORMAP_NAMES as readonly string[]).includes(colormap)) {
      throw new UsageError(`--colormap must be one of ${COLORMAP_NAMES.join(", ")}`);
    }
    const force = flagOption(args, "force");
    const path = resolve(io.cwd, file);
    const folder = await checkAmxText(path, await inputText(io.cwd, file));
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
    const bar = progressBar(io, "frames");
    if (gltf !== undefined) {
      const target = resolve(io.cwd, gltf);
      // Checked before the work too, so a refused export costs nothing.
      if (!force && (await exists(target))) return refuseOverwrite(io, gltf);
      const { exportGltf } = await import("../../mixed/gltf/export.js");
      const glb = await exportGltf(scene, {
        ...frames,
        ...(colormap ? { colormap: colormap as ColormapName } : {}),
        onProgress: bar.update,
      });
      bar.end();
      if (!(await writeOutput(io, gltf, glb, force))) return ExitCode.Problems;
      io.err(`${gltf}: written (${glb.length} bytes)\n`);
      return ExitCode.Ok;
    }
    const outDir = resolve(io.cwd, vtk!);
    if (!force && (await nonEmptyFolder(outDir))) {
      io.err(`deforma: ${vtk} exists and is not empty; not overwritten (use --force)\n`);
      return ExitCode.Problems;
    }
    const { vtkFiles } = await import("../../mixed/vtk/export.js");
    const name = basename(file).replace(/\.amx$/i, "") || "mixed";
    let count = 0;
    const made = new Set<string>();
    for (const f of vtkFiles(scene, { ...frames, name, onProgress: bar.update })) {
      const target = join(outDir, ...f.name.split("/"));
      const dir = dirname(target);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      await writeFileAtomic(target, f.data, { overwrite: true });
      count++;
    }
    bar.end();
    io.err(`${vtk}: written (${count} files; open ${name}.pvd in ParaView)\n`);
    return ExitCode.Ok;
  },
};

function numberOption(v: unknown, flag: string, integer: boolean): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (
    !(typeof v === "string" && v.trim() !== "" && Number.isFinite(n) && n > 0) ||
    (integer && !Number.isInteger(n))
  ) {
    throw new UsageError(
      `${flag} expects a positive ${integer ? "integer" : "number"}, got '${String(v)}'`,
    );
  }
  return n;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function nonEmptyFolder(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length > 0;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return false;
    if (code === "ENOTDIR") throw new UsageError(`--vtk ${path} is a file, not a folder`);
    throw e;
  }
}
