/**
 * A skinned glTF as the bulge system reads it: every node with its rest
 * (as stored) world transform, every skin, and every mesh with triangles, by
 * name, in its own coordinates, with its 4 joints and weights per vertex when
 * it is skinned. Matrices are 3×4 affine, row-major (core/affine).
 */
import type { PolyMesh } from "../mesh/model.js";

/** One node of the file, in the file's node order. */
export interface GltfNode {
  /** The node's name ("" when it has none). */
  readonly name: string;
  /** Index of the parent node, −1 for a root. */
  readonly parent: number;
  /** The node's local transform (12 numbers). */
  readonly local: Float64Array;
  /** Its world transform at rest (the file's own node transforms composed; 12 numbers). */
  readonly world: Float64Array;
}

/** One skin: its joints (node indices) and one inverse bind matrix per joint. */
export interface GltfSkin {
  readonly name: string;
  readonly joints: Int32Array;
  /** 12 numbers per joint (identity when the file gives none). */
  readonly inverseBind: Float64Array;
}

/** One mesh with triangles, as the node that first shows it places it. */
export interface GltfMesh {
  /** Unique among the file's meshes (the mesh's name, else its node's, else `mesh N`). */
  readonly name: string;
  /** Index of the mesh in the file. */
  readonly index: number;
  /** The node showing it, −1 when none does. */
  readonly node: number;
  /** Its primitives' triangles as one mesh, in the mesh's own coordinates. */
  readonly mesh: PolyMesh;
  /** The skin of its node, −1 when it is not skinned. */
  readonly skin: number;
  /** 4 skin-joint indices per vertex (into the skin's `joints`), when skinned. */
  readonly joints?: Uint16Array;
  /** 4 weights per vertex, when skinned. */
  readonly weights?: Float32Array;
}

/** One clip's rotation keys of one node (what `rig from-gltf` estimates flex axes from). */
export interface RotationTrack {
  /** Index of the clip among the file's animations. */
  readonly clip: number;
  /** Index of the rotated node. */
  readonly node: number;
  /** The node's rest rotation (x, y, z, w), as stored. */
  readonly rest: readonly [number, number, number, number];
  /** The key values, 4 per key (x, y, z, w; a cubic spline's tangents left out). */
  readonly values: Float32Array;
}

/** What the reader keeps of a `.glb`. */
export interface GltfAsset {
  readonly nodes: readonly GltfNode[];
  readonly skins: readonly GltfSkin[];
  readonly meshes: readonly GltfMesh[];
  /** The animation clips' names (`clip N` for an unnamed one). */
  readonly animations: readonly string[];
  /** Every rotation channel of every clip (absent: none read). */
  readonly rotations?: readonly RotationTrack[];
}
