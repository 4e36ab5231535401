/**
 * The viewer's WebGL renderer, made ahead (decision 372): an open makes it
 * while its file is still being read (for a deep link, while the server's
 * reply is on its way) instead of after the reply, where making the context
 * waited for the GPU process on the open's critical path. The next viewer
 * takes it; at most one waits.
 */
import * as THREE from "three";

/** The options of every viewer's WebGL renderer. */
const OPTIONS = { antialias: true, preserveDrawingBuffer: true } as const;

let spare: THREE.WebGLRenderer | undefined;

/** Makes the next viewer's renderer now, if none is waiting. */
export function prepareRenderer(): void {
  spare ??= new THREE.WebGLRenderer(OPTIONS);
}

/** The renderer made ahead, or a new one. */
export function takeRenderer(): THREE.WebGLRenderer {
  const r = spare ?? new THREE.WebGLRenderer(OPTIONS);
  spare = undefined;
  return r;
}
