/** The file formats of the FRUND mixed animation system, as descriptors for the format registry. */
import type { AnyFormat } from "../core/formats/descriptor.js";
import { AGR_FORMAT } from "./agr/format.js";
import { AMB_FORMAT } from "./amb/format.js";
import { AMX_FORMAT } from "./amx/format.js";
import { CAD_FORMAT } from "./cad/format.js";
import { EXODUS_FORMAT } from "./exodus/format.js";
import { FRD_FORMAT } from "./frd/format.js";
import { MESH_PACK_FORMAT } from "./share/format.js";
import { VTK_FORMATS } from "./vtk/format.js";
import { XDMF_FORMAT } from "./xdmf/format.js";

/** FRUND's formats, in the order the docs list them. */
export const MIXED_FORMATS: readonly AnyFormat[] = [
  AMX_FORMAT,
  CAD_FORMAT,
  AMB_FORMAT,
  AGR_FORMAT,
  ...VTK_FORMATS,
  FRD_FORMAT,
  EXODUS_FORMAT,
  XDMF_FORMAT,
  MESH_PACK_FORMAT,
];

/**
 * The formats of solver results: their model is a frame or a series of
 * frames (`VtkFrame`), made into a mesh animation by `agr from` and the Mesh
 * workspace. A new solver format is added here and to {@link MIXED_FORMATS}.
 */
export const SOLVER_FORMATS: readonly AnyFormat[] = [
  ...VTK_FORMATS,
  FRD_FORMAT,
  EXODUS_FORMAT,
  XDMF_FORMAT,
];
