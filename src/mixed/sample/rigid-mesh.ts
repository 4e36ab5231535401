/**
 * Triangle meshes of the `.amb`'s rigid shapes (box, cylinder about the body's
 * x axis, sphere), centred on the body frame's origin, in metres, with
 * outward normals and counter-clockwise winding seen from outside.
 */
import type { BodyGeometry } from "../amb/model.js";

/** An indexed triangle mesh: xyz positions and unit normals (3 per vertex), 3 indices per triangle. */
export interface TriangleMesh {
  readonly positions: Float32Array;
  readonly normals: Float32Array;
  readonly indices: Uint32Array;
}

/** Options of {@link rigidMesh}. */
export interface RigidMeshOptions {
  /** Segments around a cylinder or a sphere's equator (half as many from pole to pole). */
  readonly segments?: number;
}

/** Defaults of {@link RigidMeshOptions}. */
export const RIGID_MESH_DEFAULTS = { segments: 32 } as const;

/** The triangles of a body's rigid shape in the body frame; null for `none` (nothing to draw). */
export function rigidMesh(g: BodyGeometry, options: RigidMeshOptions = {}): TriangleMesh | null {
  const segments = Math.max(3, Math.floor(options.segments ?? RIGID_MESH_DEFAULTS.segments));
  switch (g.kind) {
    case "box":
      return box(g.size[0], g.size[1], g.size[2]);
    case "cylinder":
      return cylinder(g.radius, g.length, segments);
    case "sphere":
      return sphere(g.radius, segments);
    default:
      return null;
  }
}

function box(sx: number, sy: number, sz: number): TriangleMesh {
  const half = [sx / 2, sy / 2, sz / 2];
  const positions = new Float32Array(24 * 3);
  const normals = new Float32Array(24 * 3);
  const indices = new Uint32Array(36);
  // Corners of a face in its (u, v) axes, counter-clockwise seen from +axis (u × v = axis).
  const us = [-1, 1, 1, -1];
  const vs = [-1, -1, 1, 1];
  let v = 0;
  let i = 0;
  for (let axis = 0; axis < 3; axis++) {
    const u = (axis + 1) % 3;
    const w = (axis + 2) % 3;
    for (const sign of [1, -1]) {
      for (let c = 0; c < 4; c++) {
        // The −axis face runs the corners the other way round.
        const k = sign > 0 ? c : 3 - c;
        const o = (v + c) * 3;
        positions[o + axis] = sign * half[axis]!;
        positions[o + u] = us[k]! * half[u]!;
        positions[o + w] = vs[k]! * half[w]!;
        normals[o + axis] = sign;
      }
      i = tri(indices, i, v, v + 1, v + 2);
      i = tri(indices, i, v, v + 2, v + 3);
      v += 4;
    }
  }
  return { positions, normals, indices };
}

function cylinder(r: number, length: number, s: number): TriangleMesh {
  const h = length / 2;
  // Side: two rings of s + 1 vertices (the seam repeated); caps: a centre and a ring each.
  const vertexCount = 2 * (s + 1) + 2 * (s + 2);
  const positions = new Float32Array(vertexCount * 3);
  const normals = new Float32Array(vertexCount * 3);
  const indices = new Uint32Array((2 * s + 2 * s) * 3);
  const put = (k: number, x: number, y: number, z: number, nx: number, ny: number, nz: number) => {
    positions[k * 3] = x;
    positions[k * 3 + 1] = y;
    positions[k * 3 + 2] = z;
    normals[k * 3] = nx;
    normals[k * 3 + 1] = ny;
    normals[k * 3 + 2] = nz;
  };
  for (let j = 0; j <= s; j++) {
    const a = (2 * Math.PI * j) / s;
    const c = Math.cos(a);
    const d = Math.sin(a);
    put(2 * j, -h, r * c, r * d, 0, c, d);
    put(2 * j + 1, h, r * c, r * d, 0, c, d);
  }
  let t = 0;
  for (let j = 0; j < s; j++) {
    const a0 = 2 * j;
    const b0 = a0 + 1;
    const a1 = a0 + 2;
    const b1 = a0 + 3;
    t = tri(indices, t, a0, a1, b0);
    t = tri(indices, t, b0, a1, b1);
  }
  for (const sign of [1, -1]) {
    const centre = sign > 0 ? 2 * (s + 1) : 2 * (s + 1) + s + 2;
    put(centre, sign * h, 0, 0, sign, 0, 0);
    for (let j = 0; j <= s; j++) {
      const a = (2 * Math.PI * j) / s;
      put(centre + 1 + j, sign * h, r * Math.cos(a), r * Math.sin(a), sign, 0, 0);
    }
    for (let j = 0; j < s; j++) {
      const p = centre + 1 + j;
      t = sign > 0 ? tri(indices, t, centre, p, p + 1) : tri(indices, t, centre, p + 1, p);
    }
  }
  return { positions, normals, indices };
}

function sphere(r: number, s: number): TriangleMesh {
  const rings = Math.max(2, s >> 1);
  const row = s + 1;
  const positions = new Float32Array((rings + 1) * row * 3);
  const normals = new Float32Array((rings + 1) * row * 3);
  for (let j = 0, o = 0; j <= rings; j++) {
    const theta = (Math.PI * j) / rings;
    for (let i = 0; i <= s; i++, o += 3) {
      const phi = (2 * Math.PI * i) / s;
      const nx = Math.sin(theta) * Math.cos(phi);
      const ny = Math.sin(theta) * Math.sin(phi);
      const nz = Math.cos(theta);
      normals[o] = nx;
      normals[o + 1] = ny;
      normals[o + 2] = nz;
      positions[o] = r * nx;
      positions[o + 1] = r * ny;
      positions[o + 2] = r * nz;
    }
  }
  // Two triangles per quad, minus the degenerate one at each pole.
  const indices = new Uint32Array((2 * rings - 2) * s * 3);
  let t = 0;
  for (let j = 0; j < rings; j++) {
    for (let i = 0; i < s; i++) {
      const a = j * row + i;
      const b = a + row;
      if (j > 0) t = tri(indices, t, a, b, a + 1);
      if (j < rings - 1) t = tri(indices, t, a + 1, b, b + 1);
    }
  }
  return { positions, normals, indices };
}

/** Writes triangle (a, b, c) at `t`; returns the next write position. */
function tri(out: Uint32Array, t: number, a: number, b: number, c: number): number {
  out[t] = a;
  out[t + 1] = b;
  out[t + 2] = c;
  return t + 3;
}
