/**
 * glTF 2.0 binary (`.glb`) in and out through glTF-Transform, as the mixed
 * exports do. Reading takes the triangle primitives of the file's first mesh
 * (in that mesh's own coordinates, node transforms not applied) as one
 * {@link PolyMesh}; writing makes one node with one triangle primitive.
 */
import { Document, Primitive, WebIO } from "@gltf-transform/core";
import { glbAccessorProblem } from "./gltf-budget.js";
import { type PolyMesh, triangulate } from "./model.js";

/** What {@link readGlbMesh} found: a mesh, or why there is none (one sentence). */
export type GlbReadResult =
  | { model: PolyMesh; error?: undefined }
  | { model?: undefined; error: string };

/** Reads the first mesh of a `.glb`; never throws. */
export async function readGlbMesh(bytes: Uint8Array): Promise<GlbReadResult> {
  let doc: Awaited<ReturnType<WebIO["readBinary"]>>;
  const costly = glbAccessorProblem(bytes);
  if (costly) return { error: `not read: ${costly}` };
  try {
    doc = await new WebIO().readBinary(bytes);
  } catch (e) {
    return { error: `not a readable binary glTF: ${e instanceof Error ? e.message : String(e)}` };
  }
  try {
    return firstMesh(doc);
  } catch (e) {
    // An accessor whose data does not fit its buffer, and the like.
    return { error: `not a readable binary glTF: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** The triangle primitives of the document's first mesh (may throw on malformed accessors). */
function firstMesh(doc: Document): GlbReadResult {
  const mesh = doc.getRoot().listMeshes()[0];
  if (!mesh) return { error: "the glTF has no mesh" };
  const positions: number[] = [];
  const uvs: number[] = [];
  const corners: number[] = [];
  let withUvs = true;
  for (const p of mesh.listPrimitives()) {
    if (p.getMode() !== Primitive.Mode.TRIANGLES) continue;
    const pos = p.getAttribute("POSITION");
    if (!pos) continue;
    const base = positions.length / 3;
    const count = pos.getCount();
    const el: number[] = [0, 0, 0];
    for (let i = 0; i < count; i++) positions.push(...pos.getElement(i, el));
    const uv = p.getAttribute("TEXCOORD_0");
    if (uv && uv.getCount() === count) {
      const el2: number[] = [0, 0];
      for (let i = 0; i < count; i++) uvs.push(...uv.getElement(i, el2));
    } else withUvs = false;
    const indices = p.getIndices();
    if (indices) {
      const n = indices.getCount() - (indices.getCount() % 3);
      for (let i = 0; i < n; i++) {
        const index = indices.getScalar(i);
        if (!(Number.isInteger(index) && index >= 0 && index < count)) {
          return { error: `a triangle refers to vertex ${index}; the primitive has ${count}` };
        }
        corners.push(base + index);
      }
    } else
      for (let i = 0; i + 2 < count; i += 3) corners.push(base + i, base + i + 1, base + i + 2);
  }
  if (corners.length === 0) return { error: "the glTF's first mesh has no triangles" };
  const faces = corners.length / 3;
  const model: PolyMesh = {
    positions: Float32Array.from(positions),
    corners: Uint32Array.from(corners),
    faceStart: Uint32Array.from({ length: faces + 1 }, (_, f) => f * 3),
  };
  if (withUvs && uvs.length > 0) {
    model.uvs = Float32Array.from(uvs);
    model.cornerUvs = Int32Array.from(corners);
  }
  return { model };
}

/** The mesh (faces fanned into triangles) as a `.glb`; texture coordinates kept when they are per vertex. */
export async function writeGlbMesh(mesh: PolyMesh, name = "mesh"): Promise<Uint8Array> {
  const doc = new Document();
  doc.getRoot().getAsset().generator = "deforma bulge apply";
  const buffer = doc.createBuffer();
  const triangles = triangulate(mesh);
  const count = mesh.positions.length / 3;
  const prim = doc
    .createPrimitive()
    .setAttribute(
      "POSITION",
      doc
        .createAccessor("POSITION")
        .setType("VEC3")
        .setArray(mesh.positions.slice())
        .setBuffer(buffer),
    )
    .setIndices(
      doc
        .createAccessor("indices")
        .setType("SCALAR")
        .setArray(count <= 0xffff ? Uint16Array.from(triangles) : triangles)
        .setBuffer(buffer),
    );
  const uvs = perVertexUvs(mesh);
  if (uvs)
    prim.setAttribute(
      "TEXCOORD_0",
      doc.createAccessor("TEXCOORD_0").setType("VEC2").setArray(uvs).setBuffer(buffer),
    );
  const m = doc.createMesh(name).addPrimitive(prim);
  const node = doc.createNode(name).setMesh(m);
  doc.getRoot().setDefaultScene(doc.createScene().addChild(node));
  return new WebIO().writeBinary(doc);
}

/** The texture coordinates as one per vertex, when every corner of a vertex uses the same one. */
function perVertexUvs(mesh: PolyMesh): Float32Array | undefined {
  const { uvs, cornerUvs, corners } = mesh;
  if (!uvs || !cornerUvs) return undefined;
  const n = mesh.positions.length / 3;
  const of = new Int32Array(n).fill(-1);
  for (let c = 0; c < corners.length; c++) {
    const v = corners[c]!;
    const t = cornerUvs[c]!;
    if (t < 0 || (of[v] !== -1 && of[v] !== t)) return undefined;
    of[v] = t;
  }
  const out = new Float32Array(n * 2);
  for (let v = 0; v < n; v++) {
    const t = of[v]!;
    if (t >= 0) out.set(uvs.subarray(t * 2, t * 2 + 2), v * 2);
  }
  return out;
}
