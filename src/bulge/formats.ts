/** The file formats of the bulge system, as descriptors for the format registry. */
import type { AnyFormat } from "../core/formats/descriptor.js";
import { BULGE_TYPES_FORMAT } from "./catalogue/format.js";
import { GLB_FORMAT } from "./gltf/format.js";
import { OBJ_FORMAT } from "./mesh/format.js";
import { RIG_FORMAT } from "./rig/format.js";

/** The bulge system's formats, in the order the docs list them. */
export const BULGE_FORMATS: readonly AnyFormat[] = [
  BULGE_TYPES_FORMAT,
  RIG_FORMAT,
  OBJ_FORMAT,
  GLB_FORMAT,
];
