/** three.js geometry of rigid bodies (`.amb` geometry) and of mesh bodies (`.agr` surfaces, cells drawn flat, lines and points). */
import * as THREE from "three";
import { type MeshAnimation, surfaceCellsOf } from "../../../src/mixed/agr/index.js";
import type { BodyGeometry } from "../../../src/mixed/amb/index.js";

/** Size (m) of the neutral box drawn for a body without geometry. */
export const NEUTRAL_BOX = 0.02;

/** A three.js geometry for a rigid body, centred on its frame (cylinder axis = body x). */
export function rigidGeometry(g: BodyGeometry): THREE.BufferGeometry {
  switch (g.kind) {
    case "box":
      return new THREE.BoxGeometry(g.size[0], g.size[1], g.size[2]);
    case "cylinder": {
      const c = new THREE.CylinderGeometry(g.radius, g.radius, g.length, 32);
      c.rotateZ(-Math.PI / 2);
      return c;
    }
    case "sphere":
      return new THREE.SphereGeometry(g.radius, 32, 16);
    default:
      return new THREE.BoxGeometry(NEUTRAL_BOX, NEUTRAL_BOX, NEUTRAL_BOX);
  }
}

/** Sets a three.js matrix from a 3×4 row-major affine (`a11 a12 a13 b1 …`). */
export function setMatrix(target: THREE.Matrix4, m: ArrayLike<number>): void {
  target.set(
    m[0]!,
    m[1]!,
    m[2]!,
    m[3]!,
    m[4]!,
    m[5]!,
    m[6]!,
    m[7]!,
    m[8]!,
    m[9]!,
    m[10]!,
    m[11]!,
    0,
    0,
    0,
    1,
  );
}

/**
 * A mesh's surface drawn flat per cell, as ParaView draws cell data: each
 * surface triangle has three vertices of its own, all with its cell's value.
 * The two frame slots (`pos0`/`val0`, `pos1`/`val1`) are filled by gathering
 * a frame's node positions and cell values (a copy per frame, where the
 * node-coloured surface only points at the frame's arrays).
 */
export class FlatCells {
  readonly geometry = new THREE.BufferGeometry();
  /** The node of each vertex (three per surface triangle) and the cell of each triangle. */
  private readonly corners: Uint32Array;
  private readonly cells: Uint32Array;

  constructor(m: MeshAnimation) {
    const { triangles, cells } = surfaceCellsOf(m);
    this.corners = triangles;
    this.cells = cells;
    const rest = new Float32Array(3 * triangles.length);
    this.gather(m.positions, rest);
    const g = this.geometry;
    g.setAttribute("position", new THREE.BufferAttribute(rest, 3));
    for (const slot of [0, 1]) {
      g.setAttribute(`pos${slot}`, dynamic(new THREE.BufferAttribute(rest.slice(), 3)));
      const values = new Float32Array(triangles.length);
      g.setAttribute(`val${slot}`, dynamic(new THREE.BufferAttribute(values, 1)));
    }
    g.computeBoundingBox();
    g.computeBoundingSphere();
  }

  /** Fills frame slot `slot` from node positions `xyz` (3 per node) and `values` (one per cell). */
  fill(slot: number, xyz: Float32Array, values: Float32Array): void {
    const pos = this.geometry.getAttribute(`pos${slot}`) as THREE.BufferAttribute;
    const val = this.geometry.getAttribute(`val${slot}`) as THREE.BufferAttribute;
    this.gather(xyz, pos.array as Float32Array);
    const v = val.array as Float32Array;
    for (let t = 0; t < this.cells.length; t++) {
      const x = values[this.cells[t]!]!;
      v[3 * t] = x;
      v[3 * t + 1] = x;
      v[3 * t + 2] = x;
    }
    pos.needsUpdate = true;
    val.needsUpdate = true;
  }

  private gather(xyz: Float32Array, out: Float32Array): void {
    const c = this.corners;
    for (let k = 0; k < c.length; k++) {
      const n = 3 * c[k]!;
      out[3 * k] = xyz[n]!;
      out[3 * k + 1] = xyz[n + 1]!;
      out[3 * k + 2] = xyz[n + 2]!;
    }
  }
}

/** A dynamic attribute (re-uploaded per frame). */
export function dynamic(a: THREE.BufferAttribute): THREE.BufferAttribute {
  a.setUsage(THREE.DynamicDrawUsage);
  return a;
}

/**
 * The line segments and vertices of a mesh (`lines`, `vertices`) as index
 * geometries that share `surface`'s node attributes (positions and values
 * of both frame slots), so they move and colour with it; undefined for each
 * the mesh does not have.
 */
export function lineGeometries(
  m: MeshAnimation,
  surface: THREE.BufferGeometry,
): { lines?: THREE.BufferGeometry; points?: THREE.BufferGeometry } {
  const shared = (index: Uint32Array) => {
    const g = new THREE.BufferGeometry();
    for (const name of ["position", "pos0", "pos1", "val0", "val1"])
      g.setAttribute(name, surface.getAttribute(name));
    g.setIndex(new THREE.BufferAttribute(index, 1));
    return g;
  };
  return {
    ...(m.lines?.length ? { lines: shared(m.lines) } : {}),
    ...(m.vertices?.length ? { points: shared(m.vertices) } : {}),
  };
}
