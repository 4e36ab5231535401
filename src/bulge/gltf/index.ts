/** Skinned glTF of the bulge system: the whole asset read (nodes, skins, meshes by name) and the deformation with its own skin. */

export * from "./bake.js";
export * from "./codes.js";
export * from "./drive.js";
export * from "./glb.js";
export * from "./model.js";
export * from "./read.js";
export * from "./rig.js";
export * from "./skin.js";
