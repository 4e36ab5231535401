/**
 * What the Live workspace takes from `src/live`, in one place: the project
 * loader (a scene with its pictures), the scene's one-point writer, GIF
 * encoding, the engines and the player. Every other file of the workspace imports these from here.
 */
export { engineNamed, engineNames } from "../../../src/live/engines.js";
export { encodeGif } from "../../../src/live/gif.js";
export { loadLiveProject } from "../../../src/live/load.js";
export { Player } from "../../../src/live/player/index.js";
export { updatePoint } from "../../../src/live/scene/index.js";
