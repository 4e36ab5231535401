/** The file formats of the live system, as descriptors for the format registry. */
import type { AnyFormat } from "../core/formats/descriptor.js";
import { EVENTS_FORMAT } from "./events/format.js";
import { PNG_FORMAT } from "./png/format.js";
import { SCENE_FORMAT } from "./scene/format.js";

/** The live system's formats, in the order the docs list them. */
export const LIVE_FORMATS: readonly AnyFormat[] = [SCENE_FORMAT, EVENTS_FORMAT, PNG_FORMAT];
