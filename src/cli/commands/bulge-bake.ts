/** `deforma bulge bake IN.glb --rig RIG -o OUT.glb [--mesh-name NAME] [--catalogue PATH] [--force] [--allow-outside]`. */
import { bakeBulges } from "../../bulge/gltf/index.js";
import { defineCommand } from "../command.js";
import { shownName } from "../input.js";
import { ExitCode, UsageError } from "../io.js";
import { ALLOW_OUTSIDE_OPTION } from "../options.js";
import { writeOutput } from "../output.js";
import { catalogueFor } from "./bulge-apply.js";
import { readGltfReported, readRigReported } from "./bulge-inputs.js";
import { pickGltfMesh } from "./bulge-mesh.js";

/** The `bulge bake` command. */
export const bulgeBake = defineCommand({
  usage:
    "bulge bake IN.glb --rig RIG -o OUT.glb [--mesh-name NAME] [--catalogue PATH] [--force] [--allow-outside]",
  description:
    "Writes IN back with everything it holds (skin, materials, normals, other meshes, animations,\n" +
    "extensions) plus, on the skinned mesh (--mesh-name when there are several), one morph target\n" +
    "per bulged joint of the rig (the rest-space displacement at full amount, with normals), its\n" +
    "driver (joint, axis, angle curve) in the mesh's extras, and for each clip a weights channel\n" +
    "sampled from the joints' rotations, so viewers play the bulge with no plug-in. The rig is in\n" +
    "IN's world coordinates (rig from-gltf). See docs/bulge-deformation.md.",
  options: {
    rig: { type: "path", value: "RIG", help: "the rig (*.rig.json) with the bulge codes" },
    output: { type: "path", short: "o", value: "OUT", help: "the baked .glb" },
    "mesh-name": { type: "string", value: "NAME", help: "the skinned mesh to bake on" },
    catalogue: { type: "path", value: "PATH", help: "the bulge_types to take the codes from" },
    force: { type: "boolean", help: "replace an existing OUT" },
    "allow-outside": ALLOW_OUTSIDE_OPTION,
  },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const { rig: rigPath, output, catalogue, force } = args.options;
    if (rigPath === undefined) throw new UsageError("missing --rig RIG");
    if (output === undefined) throw new UsageError("missing -o OUT.glb");
    if (!output.toLowerCase().endsWith(".glb"))
      throw new UsageError(`-o ${output}: the bake is a .glb`);
    const rig = await readRigReported(io, rigPath);
    if (!rig) return ExitCode.Problems;
    const outside = args.options["allow-outside"] === true;
    const definitions = await catalogueFor(io, rig, rigPath, catalogue, outside);
    const r = await readGltfReported(io, file, "glb");
    const name = shownName(file);
    if (!r) return ExitCode.Problems;
    if (!r.document) {
      io.err(`${name}: has errors; nothing written\n`);
      return ExitCode.Problems;
    }
    const mesh = pickGltfMesh(r.model, name, args.options["mesh-name"]);
    const baked = bakeBulges(r.bytes, r.model, r.document, mesh, rig, definitions);
    if (baked.error !== undefined) {
      io.err(`deforma: ${name}: not baked: ${baked.error}\n`);
      return ExitCode.Problems;
    }
    if (!(await writeOutput(io, output, baked.glb, force ?? false))) return ExitCode.Problems;
    const list = baked.drivers.map((d) => `${d.joint} (code ${d.code})`).join(", ") || "none";
    io.err(
      `${output}: written (mesh '${mesh.name}': ${baked.drivers.length} morph targets: ${list}; ${r.model.animations.length} clips with weights)\n`,
    );
    return ExitCode.Ok;
  },
});
