/** Mesh I/O of the bulge system: Wavefront OBJ (read with located findings, write) and binary glTF. */
export * from "./codes.js";
export * from "./format.js";
export * from "./gltf.js";
export * from "./model.js";
export * from "./read-obj.js";
export * from "./write-obj.js";
