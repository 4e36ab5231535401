/** Live modeling: RGBA pictures (PNG, GIF), the scene and events formats, the project loader (a scene with its pictures), the in-between engines and the player. */
export * from "./classic/index.js";
export * from "./engine.js";
export * from "./engines.js";
export * from "./events/index.js";
export * from "./formats.js";
export * from "./gif.js";
export * from "./image.js";
export * from "./improved/index.js";
export * from "./load.js";
export * from "./player/index.js";
export * from "./png.js";
export * from "./scene/index.js";
