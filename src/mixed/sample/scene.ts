/**
 * A mixed animation ready to play: the MBS bodies in `.amb` order, each
 * either rigid (drawn from its geometry) or replaced by the mesh animation
 * variants the `.amx` binds to it.
 */
import { affineFrom } from "../../core/affine.js";
import { quaternionFromAffine } from "../../core/quaternion.js";
import { type MeshAnimation, surfaceCellsOf } from "../agr/index.js";
import type { BodyGeometry, MbsAnimation } from "../amb/model.js";
import type { MeshAnimationRef, MixedAnimation } from "../amx/model.js";
import type { MixedFolder } from "../load/index.js";

/** One mesh animation variant of a body. */
export interface SceneVariant {
  /** The `.amx` entry (type, parameter indices, file, matrix). */
  readonly ref: MeshAnimationRef;
  /** The mesh animation, or null when its file is missing or unreadable. */
  readonly animation: MeshAnimation | null;
  /** Mesh → body frame transform `A|b` of the `.amx` (3×4 row-major). */
  readonly placement: Float64Array;
  /** Outer surface as triangles (node indices, 3 per triangle); empty without a mesh. */
  readonly surface: Uint32Array;
}

/** One body of the MBS model. */
export interface SceneBody {
  /** Index in the `.amb` body list (0-based). */
  readonly index: number;
  /** FRUND body number. */
  readonly number: number;
  readonly name: string;
  readonly geometry: BodyGeometry;
  /** Mesh animation variants bound by the `.amx` (empty for a rigid body). */
  readonly variants: readonly SceneVariant[];
  /** Variant shown by default (0-based, from the `.amx`); −1 for a rigid body. */
  readonly variantInUse: number;
}

/** A mixed animation ready to sample. */
export interface MixedScene {
  readonly amx: MixedAnimation;
  readonly mbs: MbsAnimation;
  readonly bodies: readonly SceneBody[];
  /** Unit quaternions of every body at every `.amb` frame: frame-major, `[x y z w]` per body. */
  readonly rotations: Float64Array;
  /** First and last time of the animation in seconds (the `.amb`'s frames). */
  readonly start: number;
  readonly end: number;
}

/**
 * Builds the scene from a loaded folder; undefined when the MBS animation
 * could not be read or has no frame (there is nothing to play without it).
 */
export function buildMixedScene(folder: MixedFolder): MixedScene | undefined {
  if (folder.mbs?.status !== "ok" || folder.mbs.model.times.length === 0) return undefined;
  const mbs = folder.mbs.model;
  const amx = folder.amx.model;
  const bodies = mbs.bodies.map((b, index): SceneBody => {
    const mixed = amx.bodies.find((x) => x.body === b.number);
    const variants = (mixed?.animations ?? []).map((ref): SceneVariant => {
      const companion = folder.meshes.get(ref.file);
      // A mesh animation without frames has nothing to show: treated like a missing file.
      const animation =
        companion?.status === "ok" && companion.model.times.length > 0 ? companion.model : null;
      const surface = animation ? surfaceCellsOf(animation).triangles : undefined;
      return {
        ref,
        animation,
        placement: affineFrom(ref.matrix),
        surface: surface ?? new Uint32Array(0),
      };
    });
    const inUse = mixed ? Math.min(Math.max(mixed.variantInUse, 0), variants.length - 1) : -1;
    return {
      index,
      number: b.number,
      name: b.name,
      geometry: b.geometry,
      variants,
      variantInUse: inUse,
    };
  });
  const frames = mbs.times.length;
  const count = mbs.bodies.length;
  const rotations = new Float64Array(frames * count * 4);
  for (let f = 0; f < frames; f++) {
    for (let b = 0; b < count; b++) {
      const o = (f * count + b) * 12;
      quaternionFromAffine(mbs.matrices.subarray(o, o + 12), rotations, (f * count + b) * 4);
      if (f > 0) {
        // Keep consecutive quaternions in one hemisphere so interpolation takes the short way.
        const q = (f * count + b) * 4;
        const p = ((f - 1) * count + b) * 4;
        const dot =
          rotations[q]! * rotations[p]! +
          rotations[q + 1]! * rotations[p + 1]! +
          rotations[q + 2]! * rotations[p + 2]! +
          rotations[q + 3]! * rotations[p + 3]!;
        if (dot < 0) for (let k = 0; k < 4; k++) rotations[q + k] = -rotations[q + k]!;
      }
    }
  }
  const start = frames > 0 ? mbs.times[0]! : 0;
  const end = frames > 0 ? mbs.times[frames - 1]! : 0;
  return { amx, mbs, bodies, rotations, start, end };
}

/** The one body of a {@link meshAloneScene}: its FRUND number. */
export const MESH_ALONE_BODY = 1;

/**
 * A scene of one mesh animation alone, to look at it before a model exists:
 * one body (number {@link MESH_ALONE_BODY}, named after the file) that stays
 * at the origin (identity placement at every one of the mesh's frames, so
 * the timeline is the mesh's own time span and frames) and whose only variant
 * is the mesh, shown with scalar parameter `scalarParam`.
 */
export function meshAloneScene(file: string, mesh: MeshAnimation, scalarParam = 0): MixedScene {
  const frames = mesh.times.length;
  const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
  const ref = { type: mesh.type, scalarParam, vectorParam: 0, file, matrix: identity };
  const name = file.slice(file.lastIndexOf("/") + 1).replace(/\s+/g, "_") || "mesh";
  const mbs: MbsAnimation = {
    bodies: [{ number: MESH_ALONE_BODY, name, geometry: { kind: "none" } }],
    times: Float64Array.from(mesh.times),
    matrices: new Float64Array(frames * 12),
  };
  const rotations = new Float64Array(frames * 4);
  for (let f = 0; f < frames; f++) {
    mbs.matrices.set(identity, f * 12);
    rotations[f * 4 + 3] = 1;
  }
  const body: SceneBody = {
    index: 0,
    number: MESH_ALONE_BODY,
    name,
    geometry: { kind: "none" },
    variants: [
      {
        ref,
        animation: frames > 0 ? mesh : null,
        placement: affineFrom(identity),
        surface: frames > 0 ? surfaceCellsOf(mesh).triangles : new Uint32Array(0),
      },
    ],
    variantInUse: 0,
  };
  return {
    amx: { mbs: "", bodies: [{ body: MESH_ALONE_BODY, variantInUse: 0, animations: [ref] }] },
    mbs,
    bodies: [body],
    rotations,
    start: frames > 0 ? mesh.times[0]! : 0,
    end: frames > 0 ? mesh.times[frames - 1]! : 0,
  };
}
