/** three.js geometry of rigid bodies (`.amb` geometry) and of mesh bodies (`.agr` surfaces). */
import * as THREE from "three";
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
