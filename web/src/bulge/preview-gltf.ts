/**
 * A glTF character as the bulge preview's {@link Subject}: the `.glb` read
 * whole by the bulge system's reader, one of its meshes (the mesh picker;
 * the largest skinned one by default), the rig — the project's rig file for
 * the character when there is one, else made from the mesh's skin as
 * `rig from-gltf` does — with the bulge on the picked joint only, posed by
 * the same deformer `bulge apply` uses (its own skin: weights, inverse bind
 * matrices, node transforms). A mesh without a skin follows the rig's
 * derived weights, as the CLI does.
 */
import {
  type GltfAsset,
  type GltfMesh,
  GltfSkinDeformer,
  restPositions,
} from "../../../src/bulge/gltf/index.js";
import { BulgeDeformer, type Rig, rigMisfit, triangulate } from "../../../src/bulge/index.js";
import { readCharacter } from "./gltf-read.js";
import {
  LoadError,
  readBytes,
  readRigFile,
  STUDIO_READ,
  type Subject,
  subjectBase,
} from "./preview-load.js";

/** What to show of a character: the file, its rig file if any, and the mesh and joint picked (defaults when absent). */
export interface GltfPick {
  readonly gltf: string;
  readonly rigPath?: string;
  readonly mesh?: string;
  readonly joint?: string;
}

/** The bulge attribute a joint without one gets in the preview: full at 90°, as defined. */
const PREVIEW_BULGE = { code: 0, fullAngle: 90, scale: 1 } as const;

/**
 * Reads the character (through `read`; in a worker, or on this thread when
 * `inThread`, as `<deforma-bulge>` does) and builds the subject; throws
 * {@link LoadError}.
 */
export async function readGltfSubject(
  pick: GltfPick,
  read = STUDIO_READ,
  inThread = false,
): Promise<Subject> {
  const bytes = await readBytes(pick.gltf, read);
  const r = await readCharacter(pick.gltf, bytes, inThread);
  if (!r.asset)
    throw new LoadError("bulgePreview.badFile", { file: pick.gltf, error: r.error ?? "no mesh" });
  const asset = r.asset;
  const mesh = pickMesh(asset, pick.mesh);
  const fileRig = pick.rigPath ? await readRigFile(pick.rigPath, read) : undefined;
  const rig0 = fileRig ?? derivedRig(r.rigs[Math.max(0, mesh.skin)], pick.gltf);
  const driver = pickJoint(rig0, pick.joint);
  const rig = withBulgeOn(rig0, driver);
  const skinned = mesh.skin >= 0 && mesh.joints !== undefined && mesh.weights !== undefined;
  const rest = restPositions(asset, mesh);
  const posing = skinned ? ownSkin(rig, asset, mesh) : derivedSkin(rig, rest);
  const term = posing.term;
  // As `bulge apply` checks a glTF: only the bone the bulge shapes must lie on the mesh.
  const misfit = rigMisfit({ ...rig, joints: [rig.joints[term.bone]!] }, rest);
  return {
    ...subjectBase(rig, term, rest),
    triangles: triangulate(mesh.mesh),
    setCompiled: (c) => posing.setCompiled(c),
    pose: (angles, out) => posing.pose(angles, out),
    gltf: {
      path: pick.gltf,
      rigPath: fileRig ? pick.rigPath : undefined,
      meshes: asset.meshes.map((m) => m.name),
      mesh: mesh.name,
      joints: rig.joints.map((j) => j.name),
      joint: rig.joints[driver]!.name,
      skinned,
      bytes,
    },
    // glTF's convention: +Y up, the character facing +Z; it is seen from the front.
    view: { from: [0.25, 0.1, 1], up: [0, 1, 0] },
    ...(misfit ? { warning: misfit } : {}),
  };
}

/** The posing of one mesh: its term, its definition, its pose. */
interface Posing {
  readonly term: Subject["term"];
  setCompiled: Subject["setCompiled"];
  pose: Subject["pose"];
}

/** The mesh posed by the glTF's own skin (GltfSkinDeformer, as `bulge apply` and `bulge bake`). */
function ownSkin(rig: Rig, asset: GltfAsset, mesh: GltfMesh): Posing {
  const d = new GltfSkinDeformer(rig, [], asset, mesh);
  const term = d.bulges.terms[0]!;
  return {
    term,
    setCompiled: (c) => d.bulges.setCompiled(term.code, c),
    pose(angles, out) {
      const bulged = d.bulges.bulgedRest(angles);
      // deform() computes the same bulged rest into the same array, then skins.
      d.deform(angles, out);
      return bulged;
    },
  };
}

/** A mesh without a skin: weights derived from the rig, as for an OBJ. */
function derivedSkin(rig: Rig, rest: Float32Array): Posing {
  const d = new BulgeDeformer(rig, [], rest);
  const term = d.terms[0]!;
  return {
    term,
    setCompiled: (c) => d.setCompiled(term.code, c),
    pose(angles, out) {
      const bulged = d.bulgedRest(angles);
      d.skin(bulged, angles, out);
      return bulged;
    },
  };
}

/** The mesh named `name`, else the skinned mesh with the most vertices, else the largest. */
export function pickMesh(asset: GltfAsset, name: string | undefined): GltfMesh {
  const named = asset.meshes.find((m) => m.name === name);
  if (named) return named;
  const size = (m: GltfMesh) => m.mesh.positions.length + (m.skin >= 0 ? 1e12 : 0);
  return asset.meshes.reduce((a, b) => (size(b) > size(a) ? b : a));
}

/** The rig `rig from-gltf` made of the mesh's skin (the first skin for a mesh without), or why none. */
function derivedRig(made: Rig | string | undefined, path: string): Rig {
  if (made === undefined || typeof made === "string")
    throw new LoadError("bulgePreview.noSkeleton", { file: path, error: made ?? "no skin" });
  return made;
}

/**
 * The joint named `name`; else the first with a bulge attribute; else an
 * elbow (a name with "forearm" or "elbow"); else the first joint with a parent.
 */
export function pickJoint(rig: Rig, name: string | undefined): number {
  const j = rig.joints;
  const tries = [
    j.findIndex((x) => x.name === name),
    j.findIndex((x) => x.bulge),
    j.findIndex((x) => x.parent !== null && /fore.?arm|elbow/i.test(x.name)),
    j.findIndex((x) => x.parent !== null),
  ];
  return Math.max(0, tries.find((i) => i >= 0) ?? 0);
}

/** A copy of `rig` with a bulge attribute on `driver` only (its own, else {@link PREVIEW_BULGE}). */
export function withBulgeOn(rig: Rig, driver: number): Rig {
  return {
    ...rig,
    joints: rig.joints.map((joint, i) => {
      const { bulge, ...rest } = joint;
      return i === driver ? { ...rest, bulge: { ...(bulge ?? PREVIEW_BULGE) } } : rest;
    }),
  };
}
