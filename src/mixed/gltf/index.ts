/** glTF: one binary `.glb` of a whole mixed animation (rigid and mesh bodies, morph targets). */
export { exportGltf, GLTF_DEFAULTS, type GltfOptions } from "./export.js";
export { MAX_MORPH_TARGETS } from "./morph.js";
