/** `deforma bulge apply --rig RIG --mesh IN.obj|IN.glb [--mesh-name NAME] --pose JOINT=DEGREES … -o OUT.obj|OUT.glb`. */
import { stat } from "node:fs/promises";
import { extname, resolve } from "node:path";
import {
  bulgeAmount,
  isClosed,
  limitBreaches,
  poseAngles,
  signedVolume,
} from "../../bulge/deform/index.js";
import { catalogueCodes, projectCatalogue } from "../../bulge/index.js";
import { type PolyMesh, triangulate, writeGlbMesh, writeObj } from "../../bulge/mesh/index.js";
import type { Rig } from "../../bulge/rig/index.js";
import { catalogueBesideRig } from "../../node/bulge-project.js";
import { defineCommand } from "../command.js";
import { inputText, jsonLine } from "../input.js";
import { CliError, type CliIo, ExitCode, UsageError } from "../io.js";
import { ALLOW_OUTSIDE_OPTION } from "../options.js";
import { refuseOverwrite, writeOutput } from "../output.js";
import { readRigReported } from "./bulge-inputs.js";
import { type Posing, readMeshToDeform } from "./bulge-mesh.js";

/** Mesh encodings by extension. */
const MESH_EXTENSIONS = [".obj", ".glb"];

/**
 * A flex angle's bounds in degrees for a joint without `limits`: one turn,
 * centred on the rest pose. Past them the mesh would look the same as at the
 * angle less a turn, while the bulge (clamped at the rig's `fullAngle`, at
 * most 180°) stayed full. A joint's `limits` narrow them.
 */
export const POSE_LIMIT_DEGREES = 180;

/** The `bulge apply` command. */
export const bulgeApply = defineCommand({
  usage:
    "bulge apply --rig RIG --mesh IN.obj|IN.glb [--mesh-name NAME] --pose JOINT=DEGREES … -o OUT.obj|OUT.glb [--catalogue PATH] [--skinning lbs|dq] [--unit bone|radius] [--json] [--force] [--allow-outside]",
  description:
    "Poses the mesh with the rig (each --pose flexes a joint about its flexAxis, degrees) as a\n" +
    "linear-blend skin, with the bulges of the rig's joints (codes of the catalogue: --catalogue,\n" +
    "or misc_data/bulge_types next to the rig) added in the rest pose, and writes the result\n" +
    "(.obj or .glb by OUT's extension; OBJ normals are not written, they no longer fit).\n" +
    "A .glb's mesh is picked by --mesh-name when it has several; a skinned one is posed in world\n" +
    "coordinates with its own skin (weights, inverse bind matrices, node transforms), each of its\n" +
    "joints moved by the rig joint of its name or of its nearest named ancestor.\n" +
    "Refused: a --pose joint the rig lacks or an angle outside the joint's limits (-180…180\n" +
    "degrees without 'limits' in the rig), a code the\n" +
    "catalogue lacks, a mesh the rig does not fit. OUT is replaced only with --force.\n" +
    "--skinning dq skins with dual quaternions (no candy wrapper, no elbow collapse; not for a\n" +
    "skinned glTF, which its own skin poses); --unit radius measures every bulge's away\n" +
    "displacement in limb radii; --json prints what was done with the volume of a closed mesh\n" +
    "at rest, skinned and bulged. See\n" +
    "docs/bulge-deformation.md. --allow-outside reads a catalogue next to the rig that links\n" +
    "out of its folder.",
  options: {
    rig: { type: "path", value: "RIG", help: "the rig (*.rig.json)" },
    mesh: { type: "path", value: "IN", help: "the mesh in its rest pose (.obj or .glb)" },
    "mesh-name": {
      type: "string",
      value: "NAME",
      help: "the .glb's mesh to deform (needed when it has several)",
    },
    pose: {
      type: "string",
      multiple: true,
      value: "JOINT=DEGREES",
      help: `flex a joint within its limits (-${POSE_LIMIT_DEGREES}…${POSE_LIMIT_DEGREES} degrees by default; repeat for several; others stay at rest)`,
    },
    output: { type: "path", short: "o", value: "OUT", help: "the deformed mesh (.obj or .glb)" },
    catalogue: { type: "path", value: "PATH", help: "the bulge_types to take the codes from" },
    skinning: {
      type: "enum",
      choices: ["lbs", "dq"],
      help: "lbs: linear blend (the default); dq: dual quaternions",
    },
    unit: {
      type: "enum",
      choices: ["bone", "radius"],
      help: "what every bulge's away displacement is measured in (else each joint's unit, bone lengths by default)",
    },
    json: {
      type: "boolean",
      help: "print the pose, each bulge's activation, scale and strength, and the volumes as JSON",
    },
    force: { type: "boolean", help: "replace an existing OUT" },
    "allow-outside": ALLOW_OUTSIDE_OPTION,
  },
  positionals: [0, 0],
  async run(args, io) {
    const { rig: rigPath, mesh: meshPath, output, catalogue, force } = args.options;
    if (rigPath === undefined) throw new UsageError("missing --rig RIG");
    if (meshPath === undefined) throw new UsageError("missing --mesh IN");
    if (output === undefined) throw new UsageError("missing -o OUT");
    const inKind = meshKind(meshPath, "--mesh");
    const outKind = meshKind(output, "-o");
    if (!force && (await exists(resolve(io.cwd, output)))) return refuseOverwrite(io, output);

    const rig = await readRigReported(io, rigPath);
    if (!rig) return ExitCode.Problems;
    const angles = parsePose(rig, args.options.pose ?? []);
    const unit = args.options.unit;
    if (unit !== undefined) for (const j of rig.joints) if (j.bulge) j.bulge.unit = unit;
    const outside = args.options["allow-outside"] === true;
    const definitions = await catalogueFor(io, rig, rigPath, catalogue, outside);

    const loaded = await readMeshToDeform(io, meshPath, inKind, args.options["mesh-name"]);
    if (!loaded) return ExitCode.Problems;
    const { mesh } = loaded;
    const misfit = loaded.misfit(rig);
    if (misfit !== undefined) {
      io.err(`deforma: the rig ${rigPath} does not fit the mesh ${meshPath}: ${misfit}\n`);
      return ExitCode.Problems;
    }
    const skinning = args.options.skinning === "dq" ? "dual-quaternion" : "linear";
    const deformer = loaded.deformer(rig, definitions, skinning);
    const positions = deformer.deform(angles);
    if (!positions.every(Number.isFinite)) {
      io.err(
        `deforma: ${output}: not written: the deformed mesh would hold numbers that are not finite\n`,
      );
      return ExitCode.Problems;
    }
    const out: PolyMesh = { ...mesh, positions };
    delete out.normals;
    delete out.cornerNormals;
    const data =
      outKind === ".obj" ? writeObj(out, "deforma bulge apply") : await writeGlbMesh(out);
    if (!(await writeOutput(io, output, data, force))) return ExitCode.Problems;
    if (args.options.json)
      io.out(jsonLine(applyReport(output, rig, mesh, deformer, angles, positions)));
    // One name per quantity, as in the studio: activation (of the flex) × scale = strength.
    const pct = (v: number) => `${Math.round(v * 100)} %`;
    const strengths = deformer.terms.map((t) => {
      const activation = bulgeAmount(angles[t.driver]!, t.fullAngle);
      return `${rig.joints[t.driver]!.name} (code ${t.code}) ${pct(activation * t.scale)} (activation ${pct(activation)} × scale ${t.scale})`;
    });
    io.err(
      `${output}: written (${positions.length / 3} vertices; bulge strength: ${strengths.join(", ") || "none"})\n`,
    );
    return ExitCode.Ok;
  },
});

/**
 * What `--json` prints: the output, the skinning, the pose, each bulge's
 * activation, scale and strength, and the volumes of a closed mesh (at rest, skinned without the
 * bulges, as written) with the changes from rest and from the plain skin;
 * `{"closed": false}` for an open mesh, whose volume means nothing.
 */
function applyReport(
  output: string,
  rig: Rig,
  mesh: PolyMesh,
  deformer: Posing,
  angles: Float64Array,
  positions: Float32Array,
) {
  const triangles = triangulate(mesh);
  const n = positions.length / 3;
  let volume: Record<string, number | boolean> = { closed: false };
  if (isClosed(triangles, n)) {
    const rest = signedVolume(mesh.positions, triangles);
    const posed = signedVolume(positions, triangles);
    volume = { closed: true, rest, posed, change: posed / rest - 1 };
    // The skin without the bulges, where the deformer can pose it so (not a glTF's own skin).
    if (deformer.skin) {
      const skinned = signedVolume(deformer.skin(mesh.positions, angles), triangles);
      volume = { ...volume, skinned, bulgeChange: posed / skinned - 1 };
    }
  }
  return {
    output,
    vertices: n,
    skinning: deformer.skinning,
    pose: Object.fromEntries(rig.joints.map((j, i) => [j.name, angles[i]!])),
    // The quantities named as in the printed line and the studio: activation × scale = strength.
    bulges: deformer.terms.map((t) => {
      const activation = bulgeAmount(angles[t.driver]!, t.fullAngle);
      return {
        joint: rig.joints[t.driver]!.name,
        code: t.code,
        unit: t.unit,
        activation,
        scale: t.scale,
        strength: activation * t.scale,
      };
    }),
    volume,
  };
}

/** `.obj` or `.glb` from a path's extension, else a usage error naming the option. */
function meshKind(path: string, option: string): string {
  const ext = extname(path).toLowerCase();
  if (!MESH_EXTENSIONS.includes(ext)) {
    throw new UsageError(`${option} ${path}: a mesh is .obj or .glb`);
  }
  return ext;
}

/** The pose's angles in rig order; a malformed item, an angle out of range or a joint the rig lacks is a usage error. */
function parsePose(rig: Rig, items: readonly string[]): Float64Array {
  const pose: Record<string, number> = {};
  const given = new Map<string, string>();
  for (const item of items) {
    const eq = item.lastIndexOf("=");
    const degrees = Number(item.slice(eq + 1));
    if (eq <= 0 || item.slice(eq + 1).trim() === "" || !Number.isFinite(degrees)) {
      throw new UsageError(`--pose ${item}: expected JOINT=DEGREES, e.g. elbow=90`);
    }
    pose[item.slice(0, eq)] = degrees;
    given.set(item.slice(0, eq), item);
  }
  const { angles, unknown } = poseAngles(rig, pose);
  if (unknown.length > 0) {
    throw new UsageError(
      `--pose: the rig has no joint ${unknown.map((u) => `'${u}'`).join(", ")} (its joints: ${rig.joints.map((j) => j.name).join(", ")})`,
    );
  }
  const breach = limitBreaches(rig, angles)[0];
  if (breach) {
    const { joint, angle, min, max } = breach;
    const item = `--pose ${given.get(joint)}`;
    throw new UsageError(
      rig.joints.find((j) => j.name === joint)?.limits
        ? `${item}: joint '${joint}' flexes from ${min} to ${max} degrees (its limits in the rig), found ${angle}`
        : `${item}: a flex angle is from -${POSE_LIMIT_DEGREES} to ${POSE_LIMIT_DEGREES} degrees, found ${angle}`,
    );
  }
  return angles;
}

/** The catalogue's definitions; every code the rig uses must be among them. */
export async function catalogueFor(
  io: CliIo,
  rig: Rig,
  rigPath: string,
  asked: string | undefined,
  allowOutside = false,
) {
  const used = rig.joints.filter((j) => j.bulge);
  const catalogue =
    asked !== undefined
      ? projectCatalogue(asked, await inputText(io, asked, "bulge-types"))
      : await catalogueBesideRig(io.cwd, rigPath, { allowOutside });
  if (catalogue.status !== "ok") {
    if (used.length === 0) return [];
    throw new CliError(
      `no bulge catalogue for ${rigPath}: ${catalogue.path} cannot be read${catalogue.status === "unreadable" ? ` (${catalogue.reason})` : ""}; give --catalogue PATH`,
      ExitCode.Usage,
    );
  }
  const { bulges } = catalogue.types.model;
  const codes = catalogueCodes(catalogue.types);
  const missing = used.filter((j) => !codes.has(j.bulge!.code));
  if (missing.length > 0) {
    const list = missing.map((j) => `joint '${j.name}' uses code ${j.bulge!.code}`).join("; ");
    throw new CliError(
      `${list}, which the catalogue ${catalogue.path} does not define (its codes: ${[...codes].sort((a, b) => a - b).join(", ") || "none"})`,
      ExitCode.Problems,
    );
  }
  return bulges;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
