/**
 * The rigid bodies of a mixed animation: one mesh each from its `.amb`
 * geometry, coloured from a qualitative palette, with optional edges.
 */
import * as THREE from "three";
import type { MixedSampler, MixedScene } from "../../../src/mixed/sample/index.js";
import { qualitativeColour } from "../shell/palette.js";
import { rigidGeometry, setMatrix } from "./geometry.js";

type RigidMesh = THREE.Mesh<THREE.BufferGeometry, THREE.MeshStandardMaterial>;

const scratch = new Float64Array(12);

/** Every rigid body's mesh, added to a three.js scene. */
export class RigidBodies {
  private readonly meshes = new Map<number, RigidMesh>();
  /** Colours (CSS hex) by body index. */
  private readonly colours = new Map<number, string>();

  constructor(scene: MixedScene, parent: THREE.Object3D) {
    let count = 0;
    for (const b of scene.bodies) {
      if (b.variants.length > 0) continue;
      const colour = qualitativeColour(count++);
      this.colours.set(b.index, colour);
      const material = new THREE.MeshStandardMaterial({
        color: new THREE.Color(colour),
        metalness: 0.15,
        roughness: 0.6,
        // Pushed back a little so edges drawn over the faces are not hidden.
        polygonOffset: true,
        polygonOffsetFactor: 1,
        polygonOffsetUnits: 1,
      });
      const mesh = new THREE.Mesh(rigidGeometry(b.geometry), material);
      mesh.matrixAutoUpdate = false;
      mesh.name = b.name;
      this.meshes.set(b.index, mesh);
      parent.add(mesh);
    }
  }

  /** Whether body `index` is rigid. */
  has(index: number): boolean {
    return this.meshes.has(index);
  }

  /** A rigid body's colour (CSS hex), or undefined for a mesh body. */
  colour(index: number): string | undefined {
    return this.colours.get(index);
  }

  /** Places body `index` at the sampler's time and shows or hides it. */
  place(index: number, sampler: MixedSampler, visible: boolean): void {
    const mesh = this.meshes.get(index);
    if (!mesh) return;
    mesh.visible = visible;
    setMatrix(mesh.matrix, sampler.bodyMatrix(index, scratch));
    mesh.matrixWorldNeedsUpdate = true;
  }

  /** Draws (or hides) each body's feature edges (creases over 20°). */
  setEdges(on: boolean): void {
    for (const mesh of this.meshes.values()) {
      let lines = mesh.children.find((c) => c instanceof THREE.LineSegments);
      if (!lines && on) {
        lines = new THREE.LineSegments(
          new THREE.EdgesGeometry(mesh.geometry, 20),
          new THREE.LineBasicMaterial({ color: 0x1f2933 }),
        );
        mesh.add(lines);
      }
      if (lines) lines.visible = on;
    }
  }

  /** The nearest visible rigid body a ray hits: its index and distance, or null. */
  hit(ray: THREE.Raycaster): { index: number; distance: number } | null {
    const visible = [...this.meshes.values()].filter((m) => m.visible);
    const first = ray.intersectObjects(visible, false).find((x) => x.object instanceof THREE.Mesh);
    if (!first) return null;
    for (const [index, mesh] of this.meshes)
      if (mesh === first.object) return { index, distance: first.distance };
    return null;
  }

  /** Frees geometries and materials. */
  dispose(): void {
    for (const mesh of this.meshes.values()) {
      mesh.geometry.dispose();
      mesh.material.dispose();
      for (const c of mesh.children)
        if (c instanceof THREE.LineSegments) {
          c.geometry.dispose();
          (c.material as THREE.Material).dispose();
        }
    }
  }
}
