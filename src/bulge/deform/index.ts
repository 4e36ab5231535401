/** The bulge deformation engine: profiles, poses, skin weights and the deformer. */
export * from "./deformer.js";
export * from "./dual-quaternion.js";
export * from "./fit.js";
export * from "./pose.js";
export * from "./profile.js";
export * from "./volume.js";
export * from "./weights.js";
