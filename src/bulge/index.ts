/** The Alias bulge system: the `bulge_types` catalogue, the rig format, the deformation engine and mesh I/O. */
export * from "./catalogue/index.js";
export * from "./deform/index.js";
export * from "./formats.js";
export * from "./mesh/index.js";
export * from "./project.js";
export * from "./rig/index.js";
