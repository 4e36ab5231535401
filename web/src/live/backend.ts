/**
 * What the Live workspace takes from `src/live`, in one place: the project
 * loader (a scene with its pictures), the scene's one-point writer, GIF
 * encoding, the engines and the player. Every other file of the workspace imports these from here.
 */
export {
  encodeGif,
  engineNamed,
  engineNames,
  loadLiveProject,
  Player,
  updatePoint,
} from "../../../src/live/index.js";
