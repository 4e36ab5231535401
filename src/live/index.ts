/** Live modeling: RGBA pictures, the in-between engine contract and the scene format. */
export * from "./engine.js";
export * from "./formats.js";
export * from "./image.js";
export * from "./scene/index.js";
