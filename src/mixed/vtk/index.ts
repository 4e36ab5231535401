/** VTK: the series export (ParaView) and the import that makes an `.agr` from solver output. */
export { VTK } from "./codes.js";
export { type ExportFile, exportVtk, VTK_DEFAULTS, type VtkOptions, vtkFiles } from "./export.js";
export {
  PVD_FORMAT,
  PVTP_FORMAT,
  PVTU_FORMAT,
  VTK_FORMATS,
  VTK_LEGACY_FORMAT,
  VTK_SERIES_FORMAT,
  VTM_FORMAT,
  VTP_FORMAT,
  VTU_FORMAT,
} from "./format.js";
export {
  FROM_VTK_DEFAULTS,
  type FromVtkOptions,
  type FromVtkResult,
  meshAnimationFromVtk,
} from "./from-vtk.js";
export {
  readVtkSeries,
  type VtkFrame,
  type VtkInputFile,
  type VtkReadOptions,
  type VtkSeries,
} from "./read.js";
export { frameText } from "./read-text.js";
