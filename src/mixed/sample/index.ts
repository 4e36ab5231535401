/** Sampling mixed animations: scenes, the sampler, export frame times, rigid body meshes. */
export {
  FRAME_DEFAULTS,
  type FrameOptions,
  MAX_EXPORT_FRAMES,
  sampleTimes,
} from "./frames.js";
export * from "./kernels.js";
export {
  RIGID_MESH_DEFAULTS,
  type RigidMeshOptions,
  rigidMesh,
  type TriangleMesh,
} from "./rigid-mesh.js";
export * from "./sampler.js";
export * from "./scene.js";
export { FrameArena } from "./wasm-kernels.js";
