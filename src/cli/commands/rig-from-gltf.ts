/** `deforma rig from-gltf FILE.glb -o NAME.rig.json [--skin NAME] [--force]`. */
import { dirname, relative, resolve } from "node:path";
import { rigFromGltf } from "../../bulge/gltf/index.js";
import { readRig, writeRig } from "../../bulge/rig/index.js";
import { formatReport, reportHasErrors } from "../../core/report.js";
import { defineCommand } from "../command.js";
import { shownName } from "../input.js";
import { ExitCode, UsageError } from "../io.js";
import { writeOutput } from "../output.js";
import { readGltfReported } from "./bulge-inputs.js";

/** The `rig from-gltf` command. */
export const rigFromGltfCommand = defineCommand({
  usage: "rig from-gltf FILE.glb -o NAME.rig.json [--skin NAME] [--force]",
  description:
    "Writes a rig from the glTF's skeleton: one joint per skin joint (named as its node, parents\n" +
    "the nearest joint ancestors), in world coordinates at rest; the bone runs to the child joint\n" +
    "heading the largest subtree (a leaf: along its local +Y), the reference axis is the joint's\n" +
    "local +Z, the radius 1.1 × its farthest mostly-weighted vertex. The flex axis is the dominant\n" +
    "axis of the joint's turns in the file's animation clips (RIG044 names the clip), else its\n" +
    "local +X when no clip turns it by more than 5° (RIG045 lists those joints).\n" +
    'No bulge attributes: add a joint\'s "bulge" to use a code. A file with several skins needs\n' +
    "--skin. OUT is replaced only with --force. See docs/formats/rig.md.",
  options: {
    output: { type: "path", short: "o", value: "OUT", help: "the rig to write (*.rig.json)" },
    skin: {
      type: "string",
      value: "NAME",
      help: "the skin to take (needed when there are several)",
    },
    force: { type: "boolean", help: "replace an existing OUT" },
  },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const { output, force } = args.options;
    if (output === undefined) throw new UsageError("missing -o NAME.rig.json");
    if (!output.toLowerCase().endsWith(".rig.json"))
      throw new UsageError(`-o ${output}: a rig's name ends in .rig.json`);
    const r = await readGltfReported(io, file, "glb");
    if (!r) return ExitCode.Problems;
    const name = shownName(file);
    const skins = r.model.skins;
    const asked = args.options.skin;
    const skin =
      asked === undefined ? (skins.length > 1 ? -1 : 0) : skins.findIndex((s) => s.name === asked);
    if (skin < 0) {
      const list = skins.map((s) => `'${s.name}'`).join(", ");
      throw new UsageError(
        asked === undefined
          ? `${name} has ${skins.length} skins; pick one with --skin NAME (its skins: ${list})`
          : `--skin ${asked}: ${name} has no such skin (its skins: ${list || "none"})`,
      );
    }
    const mesh = relative(dirname(resolve(io.cwd, output)), resolve(io.cwd, file)).replaceAll(
      "\\",
      "/",
    );
    const made = rigFromGltf(r.model, skin, mesh);
    const findings = [{ file: name, diagnostics: made.diagnostics }];
    io.err(formatReport(findings));
    if (!made.rig || reportHasErrors(findings)) {
      io.err(`${name}: no rig made; nothing written\n`);
      return ExitCode.Problems;
    }
    const text = writeRig(made.rig);
    // The rig must pass its own checks (a bone of no length, an axis along it) before it is written.
    const check = readRig(text);
    if (check.diagnostics.some((d) => d.severity === "error")) {
      io.err(`deforma: ${output}: not written: ${check.diagnostics[0]!.message}\n`);
      return ExitCode.Problems;
    }
    if (!(await writeOutput(io, output, text, force ?? false))) return ExitCode.Problems;
    const fromClips = made.diagnostics.filter((d) => d.code === "RIG044").length;
    const axes = `flex axes: ${fromClips} from clips, ${made.rig.joints.length - fromClips} local +X`;
    io.err(
      `${output}: written (${made.rig.joints.length} joints; no bulge codes yet: give a joint a "bulge": {"code": N, "fullAngle": 120} to use one; ${axes})\n`,
    );
    return ExitCode.Ok;
  },
});
