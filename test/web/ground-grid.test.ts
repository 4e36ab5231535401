import * as THREE from "three";
import { describe, expect, it } from "vitest";
import { GRID_DROP, GroundGrid } from "../../web/src/three/ground-grid.js";

/** The grid's plane height (its helper's z) after fitting `box`. */
function gridZ(box: THREE.Box3): number {
  const g = new GroundGrid();
  g.fitTo(box);
  const helper = g.object.children[0]!;
  g.dispose();
  return helper.position.z;
}

describe("GroundGrid", () => {
  it("lies just below a flat mesh in its own plane, so the mesh hides the lines", () => {
    const plate = new THREE.Box3(new THREE.Vector3(0, 0, 0), new THREE.Vector3(0.2, 0.1, 0));
    const z = gridZ(plate);
    expect(z).toBeLessThan(0);
    expect(z).toBeCloseTo(-GRID_DROP * 0.2, 12);
  });

  it("lies just below a solid's bottom, at a drop that scales with the model", () => {
    const small = new THREE.Box3(new THREE.Vector3(-1, -1, 2), new THREE.Vector3(1, 1, 3));
    const large = new THREE.Box3(
      new THREE.Vector3(-100, -100, 200),
      new THREE.Vector3(100, 100, 300),
    );
    expect(gridZ(small)).toBeCloseTo(2 - GRID_DROP * 2, 12);
    expect(gridZ(large)).toBeCloseTo(200 - GRID_DROP * 200, 9);
  });
});
