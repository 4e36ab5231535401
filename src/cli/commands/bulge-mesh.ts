/** The mesh `bulge apply` deforms: an OBJ, or one mesh of a `.glb` picked by name (skinned by its own skin when it has one). */
import type { BulgeDefinition } from "../../bulge/catalogue/index.js";
import { BulgeDeformer, type BulgeTerm, bulgeTerms, rigMisfit } from "../../bulge/deform/index.js";
import {
  type GltfAsset,
  type GltfMesh,
  GltfSkinDeformer,
  restPositions,
} from "../../bulge/gltf/index.js";
import { type PolyMesh, readObj } from "../../bulge/mesh/index.js";
import type { Rig } from "../../bulge/rig/index.js";
import { formatReport, reportHasErrors } from "../../core/report.js";
import { inputTextReport } from "../input.js";
import { type CliIo, UsageError } from "../io.js";
import { readGltfReported } from "./bulge-inputs.js";

/** A mesh to deform: its rest positions in the rig's space, and how to pose it. */
export interface MeshToDeform {
  /** The mesh with its rest positions (world coordinates for a glTF). */
  readonly mesh: PolyMesh;
  /**
   * A deformer for a rig: the glTF's own skin when the mesh is skinned (a
   * usage error with dual quaternions: that skin is a linear blend, as
   * engines play it), else weights derived from the rig, skinned as asked.
   */
  deformer(rig: Rig, definitions: readonly BulgeDefinition[], skinning: Skinning): Posing;
  /** Why the rig does not fit the mesh, or undefined (see {@link rigMisfit}). */
  misfit(rig: Rig): string | undefined;
}

/** What the command needs of a deformer. */
export interface Posing {
  readonly terms: readonly BulgeTerm[];
  /** How the skin is posed: the rig's linear blend or dual quaternions, or `gltf` (the file's own skin). */
  readonly skinning: string;
  deform(angles: ArrayLike<number>): Float32Array;
  /** The skin posed without the bulges, when this deformer can (for the volume report). */
  skin?(positions: Float32Array, angles: ArrayLike<number>): Float32Array;
}

/** The skinning a run asks for. */
export type Skinning = "linear" | "dual-quaternion";

/** The mesh, with findings printed; undefined (said) when it cannot be used. */
export async function readMeshToDeform(
  io: CliIo,
  path: string,
  kind: string,
  name: string | undefined,
): Promise<MeshToDeform | undefined> {
  if (kind === ".obj") {
    if (name !== undefined)
      throw new UsageError(
        `--mesh-name ${name}: an OBJ holds one mesh; the option picks a mesh of a .glb`,
      );
    const r = await inputTextReport(io, path, "obj", readObj);
    io.err(formatReport(r.report));
    if (!r.model || reportHasErrors(r.report)) {
      io.err(`${path}: has errors; nothing written\n`);
      return undefined;
    }
    return derived(r.model);
  }
  const r = await readGltfReported(io, path);
  return r && pickMesh(r.model, path, name);
}

/** An OBJ-like mesh: skin weights derived from the rig. */
function derived(mesh: PolyMesh): MeshToDeform {
  return {
    mesh,
    deformer: (rig, definitions, skinning) => {
      const d = new BulgeDeformer(rig, definitions, mesh.positions);
      d.skinning = skinning;
      return d;
    },
    misfit: (rig) => rigMisfit(rig, mesh.positions),
  };
}

/** The glTF mesh named `name`, or the only one; a usage error listing the names otherwise. */
export function pickGltfMesh(asset: GltfAsset, path: string, name: string | undefined): GltfMesh {
  const names = asset.meshes.map((m) => `'${m.name}'`).join(", ");
  const entry =
    name === undefined
      ? asset.meshes.length === 1
        ? asset.meshes[0]
        : undefined
      : asset.meshes.find((m) => m.name === name);
  if (!entry) {
    throw new UsageError(
      name === undefined
        ? `${path} has ${asset.meshes.length} meshes; pick one with --mesh-name NAME (its meshes: ${names})`
        : `--mesh-name ${name}: ${path} has no such mesh (its meshes: ${names})`,
    );
  }
  return entry;
}

/** The glTF mesh to deform (see {@link pickGltfMesh}). */
export function pickMesh(asset: GltfAsset, path: string, name: string | undefined): MeshToDeform {
  const entry = pickGltfMesh(asset, path, name);
  const rest = restPositions(asset, entry);
  const mesh: PolyMesh = { ...entry.mesh, positions: rest };
  if (entry.skin < 0) return derived(mesh);
  return {
    mesh,
    deformer(rig, definitions, skinning) {
      if (skinning !== "linear")
        throw new UsageError(
          `--skinning dq: ${path}'s mesh '${entry.name}' is posed by its own skin, a linear blend as engines play it`,
        );
      const d = new GltfSkinDeformer(rig, definitions, asset, entry);
      return { terms: d.bulges.terms, skinning: "gltf", deform: (angles) => d.deform(angles) };
    },
    // The glTF's skin poses every joint; only the bones a bulge shapes must lie on this mesh.
    misfit(rig) {
      const bones = new Set(bulgeTerms(rig).map((t) => t.bone));
      const shaped = { ...rig, joints: rig.joints.filter((_, i) => bones.has(i)) };
      return shaped.joints.length === 0 ? undefined : rigMisfit(shaped, rest);
    },
  };
}
