/**
 * What the Live workspace takes from `src/live`, in one place: the scene
 * reader and its one-point writer, PNG decoding, GIF encoding, the engines
 * and the player. Every other file of the workspace imports these from here.
 */
export {
  decodePngBounded,
  ENGINES,
  encodeGif,
  Player,
  readScene,
  updatePoint,
} from "../../../src/live/index.js";
