/** The quality measurement of in-between engines (docs/live-engines.md, "Quality"). */
export { measure, mse, psnr, QUALITY_PARAMS, type QualityResult, qualityTable } from "./measure.js";
export { type QualityScene, qualityScenes } from "./scenes.js";
export { inside, texture } from "./texture.js";
