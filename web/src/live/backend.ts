/**
 * What the Live workspace takes from `src/live`, in one place: the scene
 * reader and its one-point writer, PNG decoding, GIF encoding, the engines
 * and the player. Every other file of the workspace imports these from here.
 */
export { ENGINES } from "../../../src/live/engines.js";
export { encodeGif } from "../../../src/live/gif.js";
export { Player } from "../../../src/live/player/index.js";
export { decodePngBounded } from "../../../src/live/png.js";
export { readScene, updatePoint } from "../../../src/live/scene/index.js";
