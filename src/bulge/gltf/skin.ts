/**
 * Deforming a mesh of a glTF with a rig: the bulges are added in the rest
 * pose (world coordinates, where the rig lives), carried back into the mesh's
 * own coordinates, and the result is skinned with the glTF's own skin — its
 * 4 weights per vertex and its joints' world transforms × inverse bind
 * matrices, each joint moved by the rig joint of its name (or of its nearest
 * ancestor's name; no such rig joint: it stays). A mesh without a skin
 * follows its node, with skin weights derived from the rig as for OBJ.
 */
import { compose, invert } from "../../core/affine.js";
import type { BulgeDefinition } from "../catalogue/model.js";
import { BulgeDeformer } from "../deform/deformer.js";
import { jointMatrices, parentIndices } from "../deform/pose.js";
import type { Rig } from "../rig/model.js";
import type { GltfAsset, GltfMesh } from "./model.js";

/** Per skin joint, world transform at rest × inverse bind matrix (12 numbers each). */
export function bindMatrices(asset: GltfAsset, mesh: GltfMesh): Float64Array {
  const skin = asset.skins[mesh.skin]!;
  const out = new Float64Array(skin.joints.length * 12);
  for (let k = 0; k < skin.joints.length; k++) {
    const node = asset.nodes[skin.joints[k]!];
    const ibm = skin.inverseBind.subarray(k * 12, k * 12 + 12);
    out.set(node ? compose(node.world, ibm) : ibm, k * 12);
  }
  return out;
}

/** The mesh's rest positions in world coordinates: skinned by its skin at rest, else placed by its node. */
export function restPositions(asset: GltfAsset, mesh: GltfMesh): Float32Array {
  const local = mesh.mesh.positions;
  const n = local.length / 3;
  const out = new Float32Array(n * 3);
  if (mesh.skin < 0 || !mesh.joints || !mesh.weights) {
    const m = mesh.node >= 0 ? asset.nodes[mesh.node]!.world : undefined;
    if (!m) return Float32Array.from(local);
    for (let i = 0; i < n; i++) applyInto(m, local, i, out, 1, false);
    return out;
  }
  const bind = bindMatrices(asset, mesh);
  const s = new Float64Array(12);
  for (let i = 0; i < n; i++) {
    blendInto(bind, mesh.joints, mesh.weights, i, s);
    applyInto(s, local, i, out, 1, false);
  }
  return out;
}

/** `s = Σ w_k m_k` over vertex `i`'s 4 influences. */
function blendInto(
  m: Float64Array,
  joints: Uint16Array,
  weights: Float32Array,
  i: number,
  s: Float64Array,
): void {
  s.fill(0);
  for (let k = 0; k < 4; k++) {
    const w = weights[i * 4 + k]!;
    if (w === 0) continue;
    const o = joints[i * 4 + k]! * 12;
    for (let e = 0; e < 12; e++) s[e] = s[e]! + w * m[o + e]!;
  }
}

/** `out[i] (+)= w · m · p[i]` (x, y, z), `m` from its entry `at`. */
function applyInto(
  m: ArrayLike<number>,
  p: ArrayLike<number>,
  i: number,
  out: Float32Array | Float64Array,
  w: number,
  add: boolean,
  at = 0,
): void {
  const o = i * 3;
  const x = p[o]!;
  const y = p[o + 1]!;
  const z = p[o + 2]!;
  const ox = w * (m[at]! * x + m[at + 1]! * y + m[at + 2]! * z + m[at + 3]!);
  const oy = w * (m[at + 4]! * x + m[at + 5]! * y + m[at + 6]! * z + m[at + 7]!);
  const oz = w * (m[at + 8]! * x + m[at + 9]! * y + m[at + 10]! * z + m[at + 11]!);
  out[o] = (add ? out[o]! : 0) + ox;
  out[o + 1] = (add ? out[o + 1]! : 0) + oy;
  out[o + 2] = (add ? out[o + 2]! : 0) + oz;
}

/**
 * For each skin joint, the rig joint that moves it: the one named as the
 * joint's node, else as its nearest named ancestor's; −1 when none is.
 */
export function rigJointOfSkinJoint(asset: GltfAsset, mesh: GltfMesh, rig: Rig): Int32Array {
  const byName = new Map(rig.joints.map((j, i) => [j.name, i]));
  const skin = asset.skins[mesh.skin]!;
  return Int32Array.from(skin.joints, (node) => {
    for (let n = node, depth = 0; n >= 0 && depth <= asset.nodes.length; depth++) {
      const r = byName.get(asset.nodes[n]!.name);
      if (r !== undefined) return r;
      n = asset.nodes[n]!.parent;
    }
    return -1;
  });
}

/** Deforms one skinned mesh of a glTF with a rig and a catalogue's definitions. */
export class GltfSkinDeformer {
  /** The rest positions in world coordinates (the rig's space). */
  readonly rest: Float32Array;
  /** The bulge engine over {@link rest} (its own skin is not used). */
  readonly bulges: BulgeDeformer;
  private readonly mesh: GltfMesh;
  private readonly rig: Rig;
  private readonly parents: Int32Array;
  private readonly bind: Float64Array;
  private readonly rigOf: Int32Array;
  /** Per vertex, the inverse of the linear part of Σ w_k bind_k (9 numbers): world displacement → mesh coordinates. */
  private readonly back: Float64Array;
  private readonly joints: Float64Array;
  private readonly posed: Float64Array;
  private readonly local: Float64Array;

  constructor(
    rig: Rig,
    definitions: Iterable<Pick<BulgeDefinition, "code" | "sections">>,
    asset: GltfAsset,
    mesh: GltfMesh,
  ) {
    if (mesh.skin < 0 || !mesh.joints || !mesh.weights)
      throw new Error(`mesh '${mesh.name}' has no skin`);
    this.mesh = mesh;
    this.rig = rig;
    this.parents = parentIndices(rig);
    this.bind = bindMatrices(asset, mesh);
    this.rigOf = rigJointOfSkinJoint(asset, mesh, rig);
    this.rest = restPositions(asset, mesh);
    const n = this.rest.length / 3;
    const none = { index: new Uint16Array(n * 2), weight: new Float32Array(n * 2) };
    this.bulges = new BulgeDeformer(rig, definitions, this.rest, none);
    this.back = inverseLinearParts(this.bind, mesh.joints, mesh.weights, n);
    this.joints = new Float64Array(rig.joints.length * 12);
    this.posed = new Float64Array(this.bind.length);
    this.local = new Float64Array(n * 3);
  }

  /** Vertices of the mesh. */
  get vertexCount(): number {
    return this.rest.length / 3;
  }

  /**
   * The bulge displacement of the pose `angles` (degrees, rig order) in the
   * mesh's own coordinates (x, y, z per vertex; the deformer's scratch array,
   * valid until the next call).
   */
  localDisplacement(angles: ArrayLike<number>): Float64Array {
    const bulged = this.bulges.bulgedRest(angles);
    const rest = this.rest;
    const back = this.back;
    const d = this.local;
    const n = this.vertexCount;
    for (let i = 0; i < n; i++) {
      const o = i * 3;
      const x = bulged[o]! - rest[o]!;
      const y = bulged[o + 1]! - rest[o + 1]!;
      const z = bulged[o + 2]! - rest[o + 2]!;
      const b = i * 9;
      d[o] = back[b]! * x + back[b + 1]! * y + back[b + 2]! * z;
      d[o + 1] = back[b + 3]! * x + back[b + 4]! * y + back[b + 5]! * z;
      d[o + 2] = back[b + 6]! * x + back[b + 7]! * y + back[b + 8]! * z;
    }
    return d;
  }

  /** Per skin joint, its posed world transform × inverse bind matrix for the flex `angles` (12 numbers each). */
  jointTransforms(angles: ArrayLike<number>): Float64Array {
    const m = jointMatrices(this.rig, this.parents, angles, this.joints);
    const out = this.posed;
    for (let k = 0; k < this.rigOf.length; k++) {
      const r = this.rigOf[k]!;
      const bind = this.bind.subarray(k * 12, k * 12 + 12);
      if (r < 0) out.set(bind, k * 12);
      else out.set(compose(m.subarray(r * 12, r * 12 + 12), bind), k * 12);
    }
    return out;
  }

  /** World positions for the flex `angles` (degrees, rig order) into `out`: bulges, then the glTF's skin. */
  deform(
    angles: ArrayLike<number>,
    out: Float32Array = new Float32Array(this.vertexCount * 3),
  ): Float32Array {
    const d = this.localDisplacement(angles);
    const v = this.mesh.mesh.positions;
    const n = this.vertexCount;
    for (let i = 0; i < n * 3; i++) d[i] = d[i]! + v[i]!;
    const p = this.jointTransforms(angles);
    const { joints, weights } = this.mesh as Required<GltfMesh>;
    for (let i = 0; i < n; i++) {
      out[i * 3] = 0;
      out[i * 3 + 1] = 0;
      out[i * 3 + 2] = 0;
      for (let k = 0; k < 4; k++) {
        const w = weights[i * 4 + k]!;
        if (w !== 0) applyInto(p, d, i, out, w, true, joints[i * 4 + k]! * 12);
      }
    }
    return out;
  }
}

/** Per vertex, the inverse of the 3×3 linear part of Σ w_k bind_k (identity where singular). */
function inverseLinearParts(
  bind: Float64Array,
  joints: Uint16Array,
  weights: Float32Array,
  n: number,
): Float64Array {
  const out = new Float64Array(n * 9);
  const s = new Float64Array(12);
  for (let i = 0; i < n; i++) {
    blendInto(bind, joints, weights, i, s);
    const inv = invert(s);
    const m = inv ?? Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0);
    out.set([m[0]!, m[1]!, m[2]!, m[4]!, m[5]!, m[6]!, m[8]!, m[9]!, m[10]!], i * 9);
  }
  return out;
}
