/** Exports of mixed animations (glTF, VTK) and the VTK import that makes an `.agr`. */
export { VTK } from "./codes.js";
export { FRAME_DEFAULTS, type FrameOptions, sampleTimes } from "./frames.js";
export {
  FROM_VTK_DEFAULTS,
  type FromVtkOptions,
  type FromVtkResult,
  meshAnimationFromVtk,
} from "./from-vtk.js";
export {
  RIGID_MESH_DEFAULTS,
  type RigidMeshOptions,
  rigidMesh,
  type TriangleMesh,
} from "./geometry.js";
export { exportGltf, GLTF_DEFAULTS, type GltfOptions } from "./gltf.js";
export { type ExportFile, exportVtk, VTK_DEFAULTS, type VtkOptions, vtkFiles } from "./vtk.js";
export {
  readVtkSeries,
  type VtkFrame,
  type VtkInputFile,
  type VtkReadOptions,
  type VtkSeries,
} from "./vtk-read.js";
export { VTU_FORMAT } from "./vtu-format.js";
