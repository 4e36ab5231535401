/** Sampling mixed animations: frame cursors, rotation interpolation, scenes, the sampler. */
export * from "./interpolant.js";
export * from "./rotation.js";
export * from "./sampler.js";
export * from "./scene.js";
