/**
 * The direction a fit looks from: obliquely from the front, right and above
 * for a body with depth; straight down −z (x to the right, y up the screen)
 * for 2-D data lying in an x-y plane (every z equal), as ParaView shows it.
 * Pure: unit-tested in Node.
 */
import * as THREE from "three";

/** A z extent at most this fraction of the x-y extent counts as flat (float32 noise of z = 0). */
export const FLAT_FRACTION = 1e-6;

/** The oblique direction (target to camera) of a body with depth, with z up. */
const OBLIQUE = new THREE.Vector3(0.35, -1, 0.55).normalize();

/**
 * Straight above, tipped towards −y by a hair: OrbitControls (z up) cannot sit
 * exactly on its pole, and from this side screen up is +y.
 */
const TOP_DOWN = new THREE.Vector3(0, -1e-4, 1).normalize();

/** Whether `box` is flat in z: no depth while it has some x-y extent. */
export function isFlatInZ(box: THREE.Box3): boolean {
  if (box.isEmpty()) return false;
  const size = box.getSize(new THREE.Vector3());
  const planar = Math.max(size.x, size.y);
  return planar > 0 && size.z <= FLAT_FRACTION * planar;
}

/** The unit direction from the target to the camera for a fit of `box` (the camera's up stays +z). */
export function homeDirection(box: THREE.Box3): THREE.Vector3 {
  return (isFlatInZ(box) ? TOP_DOWN : OBLIQUE).clone();
}
