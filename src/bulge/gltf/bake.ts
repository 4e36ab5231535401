/**
 * `bulge bake`: the input `.glb` written back with everything it holds, plus
 * one morph target per bulged joint on the chosen skinned mesh (the
 * rest-space displacement at full amount, in the mesh's coordinates, with
 * normal deltas), the targets' drivers in the mesh's `extras`, and for each
 * clip a weights channel sampled from the drivers' rotations. The JSON is
 * only appended to and the binary chunk only grows (glb.ts).
 */
import type { Document } from "@gltf-transform/core";
import type { BulgeDefinition } from "../catalogue/model.js";
import type { Rig } from "../rig/model.js";
import { type BakedDriver, localAxis, sampleClip } from "./drive.js";
import { appendAccessor, type GlbParts, joinGlb, splitGlb } from "./glb.js";
import type { GltfAsset, GltfMesh } from "./model.js";
import { GltfSkinDeformer } from "./skin.js";

/** What {@link bakeBulges} made: the file, or why not (one sentence). */
export type BakeResult =
  | { glb: Uint8Array; drivers: BakedDriver[]; error?: undefined }
  | { error: string };

/** Bakes the rig's bulges on `mesh` of the `.glb` `bytes` (read as `asset` and `doc`). */
export function bakeBulges(
  bytes: Uint8Array,
  asset: GltfAsset,
  doc: Document,
  mesh: GltfMesh,
  rig: Rig,
  definitions: readonly Pick<BulgeDefinition, "code" | "sections">[],
): BakeResult {
  const parts = splitGlb(bytes);
  if (typeof parts === "string") return { error: parts };
  if (mesh.skin < 0)
    return { error: `mesh '${mesh.name}' has no skin: a bake needs a skinned mesh` };
  const json = parts.json.meshes?.[mesh.index];
  const prims = (json?.primitives ?? []) as Record<string, unknown>[];
  if (!json || prims.some((p) => Array.isArray(p.targets) && p.targets.length > 0))
    return {
      error: `mesh '${mesh.name}' already has morph targets; a bake adds its own to a mesh without`,
    };
  const buffer0 = parts.json.buffers?.[0];
  if (buffer0 && buffer0.uri !== undefined)
    return {
      error: "its first buffer is an outside file; a bake appends to the GLB's own binary chunk",
    };
  const deformer = new GltfSkinDeformer(rig, definitions, asset, mesh);
  const codes = new Set(definitions.map((d) => d.code));
  const terms = deformer.bulges.terms.filter((t) => codes.has(t.code));
  const drivers: BakedDriver[] = [];
  for (const t of terms) {
    const name = rig.joints[t.driver]!.name;
    const node = asset.nodes.findIndex((n) => n.name === name);
    if (node < 0) return { error: `the rig's bulged joint '${name}' is no node of the glTF` };
    const rotation = (parts.json.nodes?.[node]?.rotation ?? [0, 0, 0, 1]) as number[];
    drivers.push({
      target: drivers.length,
      joint: name,
      node,
      axis: localAxis(asset.nodes[node]!.world, rig.joints[t.driver]!.flexAxis),
      rest: [rotation[0]!, rotation[1]!, rotation[2]!, rotation[3]!],
      fullAngle: t.fullAngle,
      curve: "smoothstep",
      code: t.code,
      scale: t.scale,
    });
  }
  const angles = new Float64Array(rig.joints.length);
  const targets = terms.map((t) => {
    angles.fill(0);
    angles[t.driver] = t.fullAngle;
    const d = Float32Array.from(deformer.localDisplacement(angles));
    return { position: d, normal: normalDeltas(mesh, d) };
  });
  addTargets(parts, prims, targets);
  json.weights = targets.map(() => 0);
  const extras = json.extras !== null && typeof json.extras === "object" ? json.extras : {};
  json.extras = {
    ...extras,
    targetNames: drivers.map((d) => `bulge ${d.joint}`),
    deformaBulges: drivers,
  };
  if (mesh.node >= 0 && drivers.length > 0) addWeightChannels(parts, doc, mesh.node, drivers);
  return { glb: joinGlb(parts), drivers };
}

/** The targets on every primitive of the mesh: the triangle primitives' slices, zeros elsewhere. */
function addTargets(
  parts: GlbParts,
  prims: Record<string, unknown>[],
  targets: { position: Float32Array; normal: Float32Array }[],
): void {
  let base = 0;
  for (const p of prims) {
    const attributes = (p.attributes ?? {}) as Record<string, number>;
    const position = parts.json.accessors?.[attributes.POSITION ?? -1];
    const count = typeof position?.count === "number" ? position.count : 0;
    const used = position !== undefined && (p.mode ?? 4) === 4;
    p.targets = targets.map((t) => {
      const slice = (a: Float32Array) =>
        used ? a.subarray(base * 3, (base + count) * 3) : new Float32Array(count * 3);
      const target: Record<string, number> = {
        POSITION: appendAccessor(parts, slice(t.position), "VEC3", true),
      };
      if (attributes.NORMAL !== undefined)
        target.NORMAL = appendAccessor(parts, slice(t.normal), "VEC3", false);
      return target;
    });
    if (used) base += count;
  }
}

/** Per vertex, the change of the area-weighted normal when `delta` is added to the mesh's positions. */
function normalDeltas(mesh: GltfMesh, delta: Float32Array): Float32Array {
  const v = mesh.mesh.positions;
  const moved = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) moved[i] = v[i]! + delta[i]!;
  const a = vertexNormals(v, mesh.mesh.corners);
  const b = vertexNormals(moved, mesh.mesh.corners);
  for (let i = 0; i < a.length; i++) b[i] = b[i]! - a[i]!;
  return b;
}

function vertexNormals(p: Float32Array, corners: Uint32Array): Float32Array {
  const n = new Float64Array(p.length);
  for (let t = 0; t + 2 < corners.length; t += 3) {
    const [a, b, c] = [corners[t]! * 3, corners[t + 1]! * 3, corners[t + 2]! * 3];
    const ux = p[b]! - p[a]!;
    const uy = p[b + 1]! - p[a + 1]!;
    const uz = p[b + 2]! - p[a + 2]!;
    const vx = p[c]! - p[a]!;
    const vy = p[c + 1]! - p[a + 1]!;
    const vz = p[c + 2]! - p[a + 2]!;
    const f = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
    for (const k of [a, b, c]) for (let e = 0; e < 3; e++) n[k + e] = n[k + e]! + f[e]!;
  }
  const out = new Float32Array(p.length);
  for (let i = 0; i < p.length; i += 3) {
    const l = Math.hypot(n[i]!, n[i + 1]!, n[i + 2]!) || 1;
    for (let e = 0; e < 3; e++) out[i + e] = n[i + e]! / l;
  }
  return out;
}

/** For each clip, a LINEAR weights channel on the mesh's node sampled from the drivers. */
function addWeightChannels(
  parts: GlbParts,
  doc: Document,
  node: number,
  drivers: BakedDriver[],
): void {
  (parts.json.animations ?? []).forEach((anim, clip) => {
    const { times, weights } = sampleClip(doc, clip, drivers);
    const samplers = (anim.samplers ?? []) as Record<string, unknown>[];
    const channels = (anim.channels ?? []) as Record<string, unknown>[];
    samplers.push({
      input: appendAccessor(parts, times, "SCALAR", true),
      output: appendAccessor(parts, weights, "SCALAR", false),
      interpolation: "LINEAR",
    });
    channels.push({ sampler: samplers.length - 1, target: { node, path: "weights" } });
    anim.samplers = samplers;
    anim.channels = channels;
  });
}
