/**
 * The box a mesh body fills on screen now: its nodes where the mesh shader
 * draws them — the two frames in its attribute slots blended, warped by the
 * exaggeration about the rest positions, placed by the body's matrix — not
 * its rest mesh (what three.js's bounding box of the geometry holds). Fit
 * frames this, so it shows the current frame of a deformed or moving body
 * (decision 189). Pure: unit-tested in Node.
 */
import * as THREE from "three";

/** What the mesh shader draws from (see shaders.ts: `p = rest + e·(mix(pos0, pos1, α) − rest)`). */
export interface DrawnMesh {
  /** Rest positions (xyz per node). */
  readonly rest: ArrayLike<number>;
  /** The two frames in the attribute slots (xyz per node). */
  readonly pos0: ArrayLike<number>;
  readonly pos1: ArrayLike<number>;
  /** Blend weight of `pos1`. */
  readonly alpha: number;
  readonly exaggeration: number;
  /** The body's placement (object to world). */
  readonly matrix: THREE.Matrix4;
}

const p = new THREE.Vector3();

/** Expands `box` by every node of `m` as drawn (world coordinates); returns `box`. */
export function expandByDrawn(box: THREE.Box3, m: DrawnMesh): THREE.Box3 {
  const { rest, pos0, pos1, alpha, exaggeration: e } = m;
  const n = Math.min(rest.length, pos0.length, pos1.length);
  for (let i = 0; i + 2 < n; i += 3) {
    const x = rest[i]!;
    const y = rest[i + 1]!;
    const z = rest[i + 2]!;
    const bx = pos0[i]! + alpha * (pos1[i]! - pos0[i]!);
    const by = pos0[i + 1]! + alpha * (pos1[i + 1]! - pos0[i + 1]!);
    const bz = pos0[i + 2]! + alpha * (pos1[i + 2]! - pos0[i + 2]!);
    p.set(x + e * (bx - x), y + e * (by - y), z + e * (bz - z)).applyMatrix4(m.matrix);
    box.expandByPoint(p);
  }
  return box;
}

/** The {@link DrawnMesh} of a mesh body's three.js object (its geometry's slots and its shader's uniforms). */
export function drawnMesh(
  o: THREE.Mesh<THREE.BufferGeometry, THREE.ShaderMaterial>,
): DrawnMesh | undefined {
  const g = o.geometry;
  const u = o.material.uniforms;
  const rest = g.getAttribute("position");
  const pos0 = g.getAttribute("pos0");
  const pos1 = g.getAttribute("pos1");
  if (!rest || !pos0 || !pos1 || !u?.uAlpha || !u.uExaggeration) return undefined;
  return {
    rest: rest.array as ArrayLike<number>,
    pos0: pos0.array as ArrayLike<number>,
    pos1: pos1.array as ArrayLike<number>,
    alpha: Number(u.uAlpha.value),
    exaggeration: Number(u.uExaggeration.value),
    matrix: o.matrixWorld,
  };
}
