/** A ground grid under the model in the z = const plane, with a "nice" spacing (1, 2 or 5 × 10^k m). */
import * as THREE from "three";
import { niceStep } from "../shell/scale.js";

/** Lines per side of the grid. */
const DIVISIONS = 20;

/**
 * How far below the model's lowest point the grid lies, as a fraction of the
 * model's largest size: a flat mesh lying in that plane (a 2-D solver's
 * output) would otherwise fight the grid lines for depth and show them through.
 */
export const GRID_DROP = 0.01;

/** The grid object; {@link fitTo} resizes it to a model's bounding box. */
export class GroundGrid {
  readonly object = new THREE.Group();
  /** Distance between neighbouring lines (m). */
  spacing = 0;
  private helper: THREE.GridHelper | null = null;

  constructor() {
    this.object.name = "ground-grid";
  }

  /** Whether the grid is drawn. */
  get visible(): boolean {
    return this.object.visible;
  }

  set visible(on: boolean) {
    this.object.visible = on;
  }

  /**
   * Places the grid under `box` (z up), just below its bottom ({@link GRID_DROP}),
   * with a spacing of about a tenth of its larger horizontal size.
   */
  fitTo(box: THREE.Box3): void {
    const size = box.getSize(new THREE.Vector3());
    const spacing = niceStep(Math.max(size.x, size.y, size.z * 0.5, 1e-6) / 8);
    if (this.helper) {
      this.object.remove(this.helper);
      this.helper.geometry.dispose();
      (this.helper.material as THREE.Material).dispose();
    }
    this.spacing = spacing;
    const helper = new THREE.GridHelper(spacing * DIVISIONS, DIVISIONS, 0xa9b2bd, 0xd5dae0);
    helper.rotateX(Math.PI / 2);
    const center = box.getCenter(new THREE.Vector3());
    const snap = (v: number) => Math.round(v / spacing) * spacing;
    const drop = GRID_DROP * Math.max(size.x, size.y, size.z, 1e-6);
    helper.position.set(snap(center.x), snap(center.y), box.min.z - drop);
    this.helper = helper;
    this.object.add(helper);
  }

  /** Frees the grid's buffers. */
  dispose(): void {
    if (!this.helper) return;
    this.helper.geometry.dispose();
    (this.helper.material as THREE.Material).dispose();
  }
}
