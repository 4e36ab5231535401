/**
 * Fit frames a mesh body as drawn: its current frame (the blend of the two
 * frames in its slots) warped by the exaggeration about the rest mesh, and
 * placed by its matrix — not the rest mesh three.js's geometry box holds.
 */
import * as THREE from "three";
import { describe, expect, it } from "vitest";
import { drawnMesh, expandByDrawn } from "../../web/src/mixed/fit-bounds.js";

/** Two nodes: (0,0,0) and (1,0,0) at rest. */
const REST = new Float32Array([0, 0, 0, 1, 0, 0]);

describe("the box Fit frames", () => {
  // decision 189
  it("is the current frame's positions with the exaggeration, through the body's matrix", () => {
    const later = new Float32Array([10, 0, 0, 11, 0, 2]);
    const box = expandByDrawn(new THREE.Box3(), {
      rest: REST,
      pos0: REST,
      pos1: later,
      alpha: 1,
      exaggeration: 3,
      matrix: new THREE.Matrix4().makeTranslation(0, 5, 0),
    });
    // rest + 3·(frame − rest): x 30 and 31, z 0 and 6; moved 5 along y.
    expect(box.min.toArray()).toEqual([30, 5, 0]);
    expect(box.max.toArray()).toEqual([31, 5, 6]);
    // Half way between the frames, without exaggeration.
    const half = expandByDrawn(new THREE.Box3(), {
      rest: REST,
      pos0: REST,
      pos1: later,
      alpha: 0.5,
      exaggeration: 1,
      matrix: new THREE.Matrix4(),
    });
    expect(half.min.toArray()).toEqual([5, 0, 0]);
    expect(half.max.toArray()).toEqual([6, 0, 1]);
  });

  // decision 189
  it("reads a mesh body's slots and uniforms, where the geometry's own box is the rest mesh", () => {
    const g = new THREE.BufferGeometry();
    g.setAttribute("position", new THREE.BufferAttribute(REST, 3));
    g.setAttribute("pos0", new THREE.BufferAttribute(new Float32Array([0, 0, 0, 1, 0, 0]), 3));
    g.setAttribute("pos1", new THREE.BufferAttribute(new Float32Array([0, 0, 4, 1, 0, 4]), 3));
    const material = new THREE.ShaderMaterial({
      uniforms: { uAlpha: { value: 1 }, uExaggeration: { value: 2 } },
    });
    const o = new THREE.Mesh(g, material);
    o.updateMatrixWorld(true);
    const box = expandByDrawn(new THREE.Box3(), drawnMesh(o)!);
    expect(box.min.z).toBe(8);
    expect(new THREE.Box3().expandByObject(o).max.z).toBe(0);
  });
});
