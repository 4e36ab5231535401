/**
 * Reads a skinned `.glb` whole through glTF-Transform: nodes with their rest
 * world transforms, skins, and every mesh with triangles (by name), with
 * JOINTS_0 / WEIGHTS_0. The accessors are weighed first (gltf-budget.ts), and
 * findings are diagnostics (GLT codes) located at a byte: 0 for the
 * container, 20 (the JSON chunk) for the asset's structure. Never throws.
 */
import { type Document, Logger, type Node, type Skin, WebIO } from "@gltf-transform/core";
import { compose, identity, invert } from "../../core/affine.js";
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { glbAccessorProblem } from "../mesh/gltf-budget.js";
import { GLT, type GltKind } from "./codes.js";
import type { GltfAsset, GltfNode, GltfSkin, RotationTrack } from "./model.js";
import { readMeshes } from "./read-mesh.js";

/** Where structural findings are located: the first byte of the GLB's JSON chunk. */
export const JSON_CHUNK = 20;

/** What {@link readGltf} found. */
export interface GltfReadResult {
  readonly model: GltfAsset | undefined;
  readonly diagnostics: readonly Diagnostic[];
  /** The glTF-Transform document (for writing the asset back), when it was read. */
  readonly document?: Document;
}

/** Reads a `.glb`; never throws. */
export async function readGltf(bytes: Uint8Array): Promise<GltfReadResult> {
  const sink = new DiagnosticSink<GltKind>();
  const done = (model?: GltfAsset, document?: Document): GltfReadResult => ({
    model,
    diagnostics: sink.items,
    ...(document ? { document } : {}),
  });
  const costly = glbAccessorProblem(bytes);
  if (costly) {
    sink.report(GLT.costly, msg`not read: ${{ reason: costly }}`, 0);
    return done();
  }
  let doc: Document;
  try {
    // The library's own warnings (an extension it does not know) would go to the console.
    doc = await new WebIO().setLogger(new Logger(Logger.Verbosity.SILENT)).readBinary(bytes);
  } catch (e) {
    sink.report(GLT.unreadable, msg`not a readable binary glTF: ${{ reason: why(e) }}`, 0);
    return done();
  }
  try {
    const model = assetOf(doc, sink);
    return done(model, doc);
  } catch (e) {
    // An accessor whose data does not fit its buffer, and the like.
    sink.report(GLT.unreadable, msg`not a readable binary glTF: ${{ reason: why(e) }}`, JSON_CHUNK);
    return done();
  }
}

function why(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The asset of a document read by glTF-Transform (may throw on malformed accessors). */
function assetOf(doc: Document, sink: DiagnosticSink<GltKind>): GltfAsset | undefined {
  const root = doc.getRoot();
  const nodeList = root.listNodes();
  const nodes = readNodes(nodeList);
  const skins = root.listSkins().map((s, i) => readSkin(s, i, nodeList, sink));
  const meshes = readMeshes(doc, nodeList, skins, sink);
  if (meshes.length === 0) {
    sink.report(GLT.noMesh, "the glTF has no mesh with triangles", JSON_CHUNK);
    return undefined;
  }
  const animations = root.listAnimations().map((a, i) => a.getName() || `clip ${i}`);
  return { nodes, skins, meshes, animations, rotations: readRotations(doc, nodeList) };
}

/** Every clip's rotation channels, key values only (a cubic spline's middle value per key). */
function readRotations(doc: Document, list: readonly Node[]): RotationTrack[] {
  const index = new Map(list.map((n, i) => [n, i]));
  const out: RotationTrack[] = [];
  doc
    .getRoot()
    .listAnimations()
    .forEach((anim, clip) => {
      for (const ch of anim.listChannels()) {
        const node = ch.getTargetNode();
        const sampler = ch.getSampler();
        const output = sampler?.getOutput();
        if (ch.getTargetPath() !== "rotation" || !node || !output) continue;
        if (output.getType() !== "VEC4" || !output.getArray()) continue;
        const cubic = sampler!.getInterpolation() === "CUBICSPLINE";
        const keys = cubic ? Math.floor(output.getCount() / 3) : output.getCount();
        const values = new Float32Array(keys * 4);
        const q = [0, 0, 0, 0];
        for (let k = 0; k < keys; k++)
          values.set(output.getElement(cubic ? 3 * k + 1 : k, q), k * 4);
        const rest = node.getRotation();
        out.push({
          clip,
          node: index.get(node) ?? -1,
          rest: [...rest] as RotationTrack["rest"],
          values,
        });
      }
    });
  return out;
}

/** A glTF column-major 4×4 matrix as a 3×4 row-major affine. */
export function affineOfMat4(m: ArrayLike<number>, offset = 0): Float64Array {
  const out = new Float64Array(12);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) out[r * 4 + c] = m[offset + c * 4 + r]!;
  return out;
}

/** Every node with its local and rest world transforms (parents composed first). */
function readNodes(list: readonly Node[]): GltfNode[] {
  const index = new Map(list.map((n, i) => [n, i]));
  const parents = list.map((n) => {
    const p = n.getParentNode();
    return p ? (index.get(p) ?? -1) : -1;
  });
  const locals = list.map((n) => affineOfMat4(n.getMatrix()));
  const worlds: (Float64Array | undefined)[] = [];
  const world = (i: number, depth: number): Float64Array => {
    const known = worlds[i];
    if (known) return known;
    const p = parents[i]!;
    // A cycle is not glTF (the library refuses it); the depth bound keeps a bad one finite.
    const w = p < 0 || depth > list.length ? locals[i]! : compose(world(p, depth + 1), locals[i]!);
    worlds[i] = w;
    return w;
  };
  return list.map((n, i) => ({
    name: n.getName(),
    parent: parents[i]!,
    local: locals[i]!,
    world: world(i, 0),
  }));
}

/** A skin's joints and inverse bind matrices (identity where absent or not invertible, GLT009). */
function readSkin(
  skin: Skin,
  i: number,
  list: readonly Node[],
  sink: DiagnosticSink<GltKind>,
): GltfSkin {
  const index = new Map(list.map((n, k) => [n, k]));
  const joints = Int32Array.from(skin.listJoints(), (j) => index.get(j) ?? -1);
  const inverseBind = new Float64Array(joints.length * 12);
  for (let k = 0; k < joints.length; k++) inverseBind.set(identity(), k * 12);
  const name = skin.getName() || `skin ${i}`;
  const ibm = skin.getInverseBindMatrices();
  if (ibm) {
    const count = ibm.getCount();
    const array = ibm.getArray();
    if (count < joints.length || ibm.getType() !== "MAT4" || !array) {
      sink.report(
        GLT.inverseBind,
        msg`skin '${{ skin: name }}': ${{ found: count }} inverse bind matrices for ${{ count: joints.length }} joints; identity used`,
        JSON_CHUNK,
      );
    } else {
      for (let k = 0; k < joints.length; k++) {
        const m = affineOfMat4(array, k * 16);
        if (invert(m) === null || !m.every(Number.isFinite)) {
          sink.report(
            GLT.inverseBind,
            msg`skin '${{ skin: name }}': joint ${{ found: k }}'s inverse bind matrix is not invertible (of ${{ count: joints.length }}); identity used`,
            JSON_CHUNK,
          );
        } else inverseBind.set(m, k * 12);
      }
    }
  }
  return { name, joints, inverseBind };
}
