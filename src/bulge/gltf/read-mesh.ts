/** The meshes of a glTF document with their skin data (part of read.ts). */
import type { Document, Mesh, Node, Primitive } from "@gltf-transform/core";
import type { DiagnosticSink } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import type { PolyMesh } from "../mesh/model.js";
import { GLT, type GltKind } from "./codes.js";
import type { GltfMesh, GltfSkin } from "./model.js";

const JSON_CHUNK = 20;
const TRIANGLES = 4;

/** How far a vertex's weights may sum from 1 before GLT008. */
export const WEIGHT_SUM_TOLERANCE = 2e-3;

/** Every mesh with triangles, named uniquely (GLT010 for a renamed one). */
export function readMeshes(
  doc: Document,
  nodes: readonly Node[],
  skins: readonly GltfSkin[],
  sink: DiagnosticSink<GltKind>,
): GltfMesh[] {
  const root = doc.getRoot();
  const skinList = root.listSkins();
  const out: GltfMesh[] = [];
  const taken = new Set<string>();
  root.listMeshes().forEach((mesh, index) => {
    const node = nodes.findIndex((n) => n.getMesh() === mesh);
    const skinOf = node >= 0 ? nodes[node]!.getSkin() : null;
    const skin = skinOf ? skinList.indexOf(skinOf) : -1;
    const base = mesh.getName() || (node >= 0 ? nodes[node]!.getName() : "") || `mesh ${index}`;
    let name = base;
    for (let k = 2; taken.has(name); k++) name = `${base} #${k}`;
    const read = readOneMesh(mesh, name, skin >= 0 ? skins[skin]!.joints.length : -1, sink);
    if (!read) return;
    if (name !== base)
      sink.report(
        GLT.duplicateName,
        msg`two meshes are named '${{ name: base }}'; the later one is '${{ renamed: name }}'`,
        JSON_CHUNK,
      );
    taken.add(name);
    out.push({ name, index, node, skin, ...read });
  });
  return out;
}

interface Gathered {
  positions: number[];
  uvs: number[];
  corners: number[];
  joints: number[];
  weights: number[];
  withUvs: boolean;
}

/** One mesh's triangle primitives as one PolyMesh (skin data when `jointCount` ≥ 0); undefined when it has none or is broken. */
function readOneMesh(
  mesh: Mesh,
  name: string,
  jointCount: number,
  sink: DiagnosticSink<GltKind>,
): Pick<GltfMesh, "mesh" | "joints" | "weights"> | undefined {
  const g: Gathered = {
    positions: [],
    uvs: [],
    corners: [],
    joints: [],
    weights: [],
    withUvs: true,
  };
  for (const p of mesh.listPrimitives()) {
    if (!p.getAttribute("POSITION")) continue;
    if (p.getMode() !== TRIANGLES) {
      sink.report(
        GLT.notTriangles,
        msg`mesh '${{ mesh: name }}': a primitive of mode ${{ mode: p.getMode() }} is skipped`,
        JSON_CHUNK,
      );
      continue;
    }
    if (!gatherPrimitive(p, name, jointCount, g, sink)) return undefined;
  }
  if (g.corners.length === 0) return undefined;
  const faces = g.corners.length / 3;
  const poly: PolyMesh = {
    positions: Float32Array.from(g.positions),
    corners: Uint32Array.from(g.corners),
    faceStart: Uint32Array.from({ length: faces + 1 }, (_, f) => f * 3),
  };
  if (g.withUvs && g.uvs.length > 0) {
    poly.uvs = Float32Array.from(g.uvs);
    poly.cornerUvs = Int32Array.from(g.corners);
  }
  if (jointCount < 0) return { mesh: poly };
  const weights = Float32Array.from(g.weights);
  checkWeights(weights, name, sink);
  return { mesh: poly, joints: Uint16Array.from(g.joints), weights };
}

/** Appends one triangle primitive; false (said) when it cannot be used. */
function gatherPrimitive(
  p: Primitive,
  name: string,
  jointCount: number,
  g: Gathered,
  sink: DiagnosticSink<GltKind>,
): boolean {
  const pos = p.getAttribute("POSITION")!;
  const base = g.positions.length / 3;
  const count = pos.getCount();
  const el: number[] = [0, 0, 0, 0];
  for (let i = 0; i < count; i++) g.positions.push(...pos.getElement(i, el).slice(0, 3));
  const uv = p.getAttribute("TEXCOORD_0");
  if (uv && uv.getCount() === count) {
    for (let i = 0; i < count; i++) g.uvs.push(...uv.getElement(i, el).slice(0, 2));
  } else g.withUvs = false;
  if (jointCount >= 0 && !gatherSkin(p, name, jointCount, base, g, sink)) return false;
  const indices = p.getIndices();
  if (!indices) {
    for (let i = 0; i + 2 < count; i += 3) g.corners.push(base + i, base + i + 1, base + i + 2);
    return true;
  }
  const n = indices.getCount() - (indices.getCount() % 3);
  for (let i = 0; i < n; i++) {
    const index = indices.getScalar(i);
    if (!(Number.isInteger(index) && index >= 0 && index < count)) {
      sink.report(
        GLT.indexRange,
        msg`mesh '${{ mesh: name }}': a triangle refers to vertex ${{ index }}; the primitive has ${{ count }}`,
        JSON_CHUNK,
      );
      return false;
    }
    g.corners.push(base + index);
  }
  return true;
}

/** Appends JOINTS_0 / WEIGHTS_0; false (GLT006, GLT007) when absent or out of the skin. */
function gatherSkin(
  p: Primitive,
  name: string,
  jointCount: number,
  base: number,
  g: Gathered,
  sink: DiagnosticSink<GltKind>,
): boolean {
  const joints = p.getAttribute("JOINTS_0");
  const weights = p.getAttribute("WEIGHTS_0");
  const count = p.getAttribute("POSITION")!.getCount();
  if (
    !joints ||
    !weights ||
    joints.getType() !== "VEC4" ||
    weights.getType() !== "VEC4" ||
    joints.getCount() !== count ||
    weights.getCount() !== count
  ) {
    sink.report(
      GLT.noSkinData,
      msg`mesh '${{ mesh: name }}': no JOINTS_0 and WEIGHTS_0 of 4 per vertex`,
      JSON_CHUNK,
    );
    return false;
  }
  const j: number[] = [0, 0, 0, 0];
  const w: number[] = [0, 0, 0, 0];
  for (let i = 0; i < count; i++) {
    joints.getElement(i, j);
    weights.getElement(i, w);
    for (let k = 0; k < 4; k++) {
      const joint = j[k]!;
      if (w[k] !== 0 && !(Number.isInteger(joint) && joint >= 0 && joint < jointCount)) {
        sink.report(
          GLT.jointRange,
          msg`mesh '${{ mesh: name }}': vertex ${{ vertex: base + i }} names joint ${{ joint }}; the skin has ${{ count: jointCount }}`,
          JSON_CHUNK,
        );
        return false;
      }
      g.joints.push(w[k] === 0 ? 0 : joint);
      g.weights.push(w[k]!);
    }
  }
  return true;
}

/** GLT008 once per mesh for weights that do not sum to 1 (the first such vertex, and how many). */
function checkWeights(weights: Float32Array, name: string, sink: DiagnosticSink<GltKind>): void {
  let first = -1;
  let firstSum = 0;
  let bad = 0;
  for (let v = 0; v * 4 < weights.length; v++) {
    const sum = weights[v * 4]! + weights[v * 4 + 1]! + weights[v * 4 + 2]! + weights[v * 4 + 3]!;
    if (Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE) {
      if (first < 0) {
        first = v;
        firstSum = sum;
      }
      bad++;
    }
  }
  if (bad > 0)
    sink.report(
      GLT.weightSum,
      msg`mesh '${{ mesh: name }}': vertex ${{ vertex: first }}'s weights sum to ${{ sum: Number(firstSum.toPrecision(6)) }} (${{ count: bad }} vertices so); used as they are`,
      JSON_CHUNK,
    );
}
