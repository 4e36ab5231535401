/** Keeping a three.js canvas the size of the element around it. */
import type * as THREE from "three";

/**
 * Sizes `renderer`'s canvas to `container` (CSS fills it; at least 1 × 1
 * pixel) and sets `camera`'s aspect ratio to match.
 */
export function sizeToContainer(
  renderer: THREE.WebGLRenderer,
  camera: THREE.PerspectiveCamera,
  container: HTMLElement,
): void {
  const w = Math.max(1, container.clientWidth);
  const h = Math.max(1, container.clientHeight);
  // Setting a canvas' size clears and reallocates its drawing buffer even when the size is the
  // same (slow in software WebGL): only a new size is set.
  const c = renderer.domElement;
  const ratio = renderer.getPixelRatio();
  if (c.width !== Math.floor(w * ratio) || c.height !== Math.floor(h * ratio))
    renderer.setSize(w, h, false);
  renderer.domElement.style.width = "100%";
  renderer.domElement.style.height = "100%";
  camera.aspect = w / h;
  camera.updateProjectionMatrix();
}
