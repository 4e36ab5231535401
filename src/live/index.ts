/** Live modeling: RGBA pictures, the scene format, the in-between engines and the player. */
export * from "./classic/index.js";
export * from "./engine.js";
export * from "./engines.js";
export * from "./formats.js";
export * from "./image.js";
export * from "./improved/index.js";
export * from "./player/index.js";
export * from "./scene/index.js";
