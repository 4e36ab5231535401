/** FRUND mixed animation: the four file formats, loading a model folder, sampling, exports. */
export * from "./agr/index.js";
export * from "./amb/index.js";
export * from "./amx/index.js";
export * from "./cad/index.js";
export type { ContainerReadResult } from "./container.js";
export * from "./formats.js";
export * from "./gltf/index.js";
export * from "./load/index.js";
export * from "./load-mesh.js";
export * from "./numbered.js";
export * from "./sample/index.js";
export * from "./share/index.js";
export * from "./solver.js";
export * from "./types.js";
export * from "./vtk/index.js";
