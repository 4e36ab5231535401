/** `deforma demo [DIR]`: validate every `.amx` of a model folder and summarize the model, as text. */
import { readdir } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { formatReport, reportHasErrors, summarize } from "../../core/report.js";
import { FORMATS } from "../../formats.js";
import { agrInfo } from "../../mixed/agr/index.js";
import { MESH_TYPES } from "../../mixed/index.js";
import { checkAmxText } from "../../node/mixed-folder.js";
import { defineCommand } from "../command.js";
import { errnoWords, isFsError } from "../failure.js";
import { inputText } from "../input.js";
import { ExitCode, UsageError } from "../io.js";

/** The bundled demo folder (next to `dist/` or `src/` in the package). */
export function bundledDemo(): string {
  return fileURLToPath(new URL("../../../demo/", import.meta.url));
}

/** The `demo` command. */
export const demo = defineCommand({
  usage: "demo [DIR]",
  description:
    "For each .amx in DIR (default: the bundled demo): its check result, the MBS animation's\n" +
    "bodies and frames, and each mesh animation's type, size and parameters. Exit 1 when one\n" +
    "is invalid. To see the model, run 'deforma studio DIR'.",
  options: {},
  positionals: [0, 1],
  async run(args, io) {
    const dir =
      args.positionals[0] === undefined ? bundledDemo() : resolve(io.cwd, args.positionals[0]);
    let names: string[];
    try {
      names = (await readdir(dir)).filter((n) => FORMATS.byName(n)?.id === "amx").sort();
    } catch (e) {
      const why = !isFsError(e)
        ? String(e)
        : e.code === "ENOTDIR"
          ? "not a folder"
          : errnoWords(e.code);
      throw new UsageError(`cannot read folder '${args.positionals[0] ?? dir}': ${why}`);
    }
    if (names.length === 0) throw new UsageError(`no .amx file in '${args.positionals[0] ?? dir}'`);
    const shown = (p: string) => relative(io.cwd, p) || ".";
    let failed = false;
    for (const name of names) {
      const path = join(dir, name);
      const text = await inputText(io, path, "amx");
      const { amx, mbs, meshes, report } = await checkAmxText(path, text);
      const visible = report.map((r) => ({ ...r, file: shown(r.file) }));
      io.out(formatReport(visible));
      const bad = reportHasErrors(report);
      failed ||= bad;
      io.out(`${shown(path)}: ${bad ? "invalid" : "valid"} (${summarize(report)})\n\n`);
      const lines: string[] = [];
      if (mbs?.status === "ok" && mbs.model.times.length > 0) {
        const m = mbs.model;
        lines.push(
          `MBS animation ${amx.model.mbs}: ${m.bodies.length} bodies, ${m.times.length} frames, ` +
            `${m.times[0]} … ${m.times[m.times.length - 1]} s`,
        );
        for (const b of m.bodies) {
          const mixed = amx.model.bodies.find((x) => x.body === b.number);
          lines.push(
            `  body ${b.number} ${b.name}: ${mixed ? "mesh animation" : `rigid (${b.geometry.kind})`}`,
          );
        }
      }
      for (const b of amx.model.bodies) {
        const a = b.animations[b.variantInUse];
        const mesh = a && meshes.get(a.file);
        if (!a || mesh?.status !== "ok") continue;
        const info = agrInfo(mesh.model);
        const param = (p: { name: string; unit: string; varying: boolean }) =>
          `${p.name} [${p.unit}] ${p.varying ? "varying" : "constant"}`;
        lines.push(
          `body ${b.body} ← ${a.file}: type ${info.type} (${MESH_TYPES.get(info.type)?.solver ?? "?"}), ` +
            `${info.nodes} nodes, ${info.elements} elements, ${info.frames} frames`,
          `  scalar: ${info.scalars.map(param).join(", ")}`,
          `  vector: ${info.vectors.map(param).join(", ")}`,
        );
      }
      io.out(`${lines.join("\n")}\n`);
    }
    io.out("\nOpen it in the studio: npx deforma studio; every command: npx deforma --help.\n");
    return failed ? ExitCode.Problems : ExitCode.Ok;
  },
});
