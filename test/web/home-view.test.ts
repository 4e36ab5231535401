import * as THREE from "three";
import { describe, expect, it } from "vitest";
import { homeDirection, isFlatInZ } from "../../web/src/three/home-view.js";

/** Where a camera placed as the viewer's fit places it looks, and which world axis is up on screen. */
function cameraFor(box: THREE.Box3): { looking: THREE.Vector3; screenUp: THREE.Vector3 } {
  const camera = new THREE.PerspectiveCamera(40, 1, 0.001, 1000);
  camera.up.set(0, 0, 1);
  const center = box.getCenter(new THREE.Vector3());
  camera.position.copy(center).add(homeDirection(box).multiplyScalar(10));
  camera.lookAt(center);
  camera.updateMatrixWorld(true);
  return {
    looking: camera.getWorldDirection(new THREE.Vector3()),
    screenUp: new THREE.Vector3(0, 1, 0).applyQuaternion(camera.quaternion),
  };
}

const box = (min: number[], max: number[]) =>
  new THREE.Box3(new THREE.Vector3(...min), new THREE.Vector3(...max));

describe("the fit's view direction", () => {
  // decision 170
  it("looks straight down −z at 2-D data (all z = 0), x right and y up", () => {
    const channel = box([-0.02, -0.025, 0], [0.29, 0.025, 0]);
    expect(isFlatInZ(channel)).toBe(true);
    const { looking, screenUp } = cameraFor(channel);
    expect(looking.z).toBeLessThan(-0.99999);
    expect(screenUp.y).toBeGreaterThan(0.99999);
    // Screen right is +x.
    const right = new THREE.Vector3().crossVectors(looking, screenUp);
    expect(right.x).toBeGreaterThan(0.99999);
    // A flat plate at another height, with float32 noise in z, too.
    expect(isFlatInZ(box([0, 0, 1.5], [2, 1, 1.5 + 1e-7]))).toBe(true);
  });

  // decision 170
  it("keeps the oblique view for bodies with depth, and for data flat in x or y", () => {
    for (const b of [
      box([0, 0, 0], [1, 1, 1]),
      box([0, 0, 0], [1, 1, 0.01]),
      box([0, 0, 0], [1, 0, 1]),
      box([0, 0, 0], [0, 0, 0]),
    ]) {
      expect(isFlatInZ(b)).toBe(false);
      const { looking } = cameraFor(b);
      expect(looking.z).toBeLessThan(-0.3);
      expect(looking.z).toBeGreaterThan(-0.9);
    }
    expect(isFlatInZ(new THREE.Box3())).toBe(false);
  });
});
