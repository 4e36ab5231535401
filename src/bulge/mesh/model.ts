/**
 * A polygon mesh as `bulge apply` reads and writes it (Wavefront OBJ or
 * glTF): positions, and faces as runs of corners. Texture coordinates and
 * normals are kept when the file has them (OBJ indexes them per corner).
 */
export interface PolyMesh {
  /** x, y, z per vertex. */
  positions: Float32Array;
  /** Face f's corners are `corners[faceStart[f]] … corners[faceStart[f + 1] − 1]` (0-based vertex indices). */
  corners: Uint32Array;
  /** `faces + 1` offsets into `corners`; every face has at least 3 corners. */
  faceStart: Uint32Array;
  /** u, v per texture coordinate, when the file has any. */
  uvs?: Float32Array;
  /** Per corner: index into `uvs`, or −1. Present with `uvs`. */
  cornerUvs?: Int32Array;
  /** x, y, z per normal, when the file has any. */
  normals?: Float32Array;
  /** Per corner: index into `normals`, or −1. Present with `normals`. */
  cornerNormals?: Int32Array;
}

/** Number of vertices of a mesh. */
export function vertexCount(mesh: PolyMesh): number {
  return mesh.positions.length / 3;
}

/** The faces fanned into triangles: 3 vertex indices per triangle. */
export function triangulate(mesh: PolyMesh): Uint32Array {
  const { corners, faceStart } = mesh;
  const faces = faceStart.length - 1;
  let count = 0;
  for (let f = 0; f < faces; f++) count += faceStart[f + 1]! - faceStart[f]! - 2;
  const out = new Uint32Array(Math.max(0, count) * 3);
  let t = 0;
  for (let f = 0; f < faces; f++) {
    const a = faceStart[f]!;
    for (let k = a + 1; k + 1 < faceStart[f + 1]!; k++) {
      out[t++] = corners[a]!;
      out[t++] = corners[k]!;
      out[t++] = corners[k + 1]!;
    }
  }
  return out;
}

/** A mesh of triangles (3 vertex indices each) over `positions`. */
export function triangleMesh(positions: Float32Array, triangles: Uint32Array): PolyMesh {
  const faces = Math.floor(triangles.length / 3);
  return {
    positions,
    corners: triangles.slice(0, faces * 3),
    faceStart: Uint32Array.from({ length: faces + 1 }, (_, f) => f * 3),
  };
}
