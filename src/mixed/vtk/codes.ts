/** Diagnostic codes of the VTK reader and `agr from-vtk`; listed in `docs/formats/exports.md`. */
import type { DiagnosticTable } from "../../core/diagnostics.js";

/** Every VTK import diagnostic kind, declared once. */
export const VTK = {
  xmlSyntax: {
    code: "VTK001",
    severity: "error",
    summary: "not well-formed XML: a tag, attribute or end tag is broken or missing",
  },
  fileType: {
    code: "VTK002",
    severity: "error",
    summary:
      "not a VTK file of a supported type (XML: UnstructuredGrid, PolyData, ImageData, StructuredGrid, RectilinearGrid, Collection, vtkMultiBlockDataSet; legacy: DATASET UNSTRUCTURED_GRID, POLYDATA, STRUCTURED_POINTS, STRUCTURED_GRID, RECTILINEAR_GRID)",
  },
  encoding: {
    code: "VTK003",
    severity: "error",
    summary:
      "unsupported byte order, header type, compressor or data format (LittleEndian, UInt32/UInt64, zlib or none)",
  },
  dataArray: {
    code: "VTK004",
    severity: "error",
    summary:
      "a DataArray's values cannot be read: bad number, bad base64, unknown type or too few values",
  },
  missingSection: {
    code: "VTK005",
    severity: "error",
    summary: "a required section or array is missing (Piece, Points, connectivity, offsets, types)",
  },
  cellType: {
    code: "VTK006",
    severity: "error",
    summary:
      "a cell type that cannot be read (readable: 1–16, 21–34, 42 and 68–81; see docs/formats/exports.md)",
  },
  cellNodes: {
    code: "VTK007",
    severity: "error",
    summary: "cells disagree with their offsets, their type's node count or the number of points",
  },
  missingFile: {
    code: "VTK009",
    args: ["file"],
    severity: "error",
    summary: "a file named by a .pvd or .vtm was not given or cannot be read",
  },
  frameMismatch: {
    code: "VTK010",
    args: ["frame"],
    severity: "error",
    summary: "a frame's point count or cells differ from the first frame's",
  },
  pointsMove: {
    code: "VTK011",
    args: ["frame", "shift", "tolerance"],
    severity: "error",
    summary: "type 0 (thermal): node coordinates change between frames beyond the tolerance",
  },
  scalarMissing: {
    code: "VTK012",
    severity: "error",
    summary:
      "no scalar point array to take, or the array named by --scalar or --displacement is missing or does not fit",
  },
  times: {
    code: "VTK013",
    severity: "error",
    summary: "frame times not numbers, not one per frame, or not strictly increasing",
  },
  noTimes: {
    code: "VTK014",
    args: [],
    severity: "warning",
    summary:
      "no frame times in the files (.pvd timestep or TimeValue): frames numbered 0, 1, 2 … s",
  },
  noFrames: { code: "VTK015", args: [], severity: "error", summary: "no frame to read" },
  arrayLength: {
    code: "VTK016",
    args: ["found", "expected"],
    severity: "error",
    summary: "a point-data array's tuple count differs from the number of points",
  },
  decompress: {
    code: "VTK017",
    args: ["array", "block", "bytes"],
    severity: "error",
    summary: "a zlib-compressed block does not inflate to its declared size",
  },
  block: {
    code: "VTK018",
    severity: "error",
    summary:
      "no .vtm block matches --block (a name or an index path), or no .pvd part matches --part",
  },
  budget: {
    code: "VTK019",
    severity: "error",
    summary:
      "the arrays of one read exceed the memory budget (1 GiB of values; a check's 512 MiB, shared with the files it reads; data longer than its element declares counts only up to that); nothing is inflated or allocated for it",
  },
  skippedCells: {
    code: "VTK020",
    args: ["count"],
    severity: "warning",
    summary:
      "vertex and line cells (VTK types 1 2 3 4 21 68 75) are skipped: they draw no face and the .agr cannot hold them (the studio draws them)",
  },
  noDisplacement: {
    code: "VTK021",
    args: [],
    severity: "warning",
    summary: "type 1: no displacement array and the points do not move: the displacement is 0",
  },
  scalarAmbiguous: {
    code: "VTK022",
    args: ["count", "names"],
    severity: "error",
    summary:
      "type 0: no temperature array by name and several one-component arrays: choose one with --scalar",
  },
  legacySyntax: {
    code: "VTK023",
    severity: "error",
    summary:
      "legacy .vtk: an unknown keyword, a count that is not a non-negative integer, or a section missing its OFFSETS or CONNECTIVITY",
  },
  extraIds: {
    code: "VTK024",
    args: ["count", "cell", "type", "found", "expected"],
    severity: "warning",
    summary:
      "legacy .vtk: cells list more point ids than their type has (a 5.1 hexahedron with 20): each is read by its first ids, as VTK does",
  },
  pieceArray: {
    code: "VTK025",
    args: ["array", "piece", "pieces"],
    severity: "error",
    summary:
      "a .vtu or .vtp of several Pieces: a point array that one Piece (named) lacks or holds with other components than the others; the array is left out",
  },
  noCells: {
    code: "VTK026",
    args: ["skipped"],
    severity: "error",
    summary:
      "no cell would be kept (a beam, truss, line or point model: only vertex and line cells, or none): the .agr would have 0 cells",
  },
  arrayHeld: {
    code: "VTK027",
    args: ["array", "count", "frame"],
    severity: "warning",
    summary:
      "an array the other frames have is missing from some: their values are held from the previous frame (before the first frame that has it: 0 for the displacement, that frame's values for a scalar)",
  },
  ambiguousDisplacement: {
    code: "VTK030",
    args: ["name"],
    severity: "warning",
    summary:
      "type 1: the displacement is taken from an array named U or u, which may be velocity (OpenFOAM); choose with --displacement NAME",
  },
  cellDataLength: {
    code: "VTK031",
    args: ["array", "found", "expected"],
    severity: "error",
    summary:
      "a cell-data array's tuple count differs from the number of cells (of the Piece, or of the legacy CELL_DATA): the array is left out",
  },
  pieceCellArray: {
    code: "VTK032",
    args: ["array", "piece", "pieces"],
    severity: "error",
    summary:
      "a .vtu or .vtp of several Pieces: a cell array that one Piece (named) lacks or holds with other components than the others; the array is left out",
  },
  cellDataBudget: {
    code: "VTK033",
    args: ["array", "values"],
    severity: "error",
    summary:
      "a cell array given to the cells its file cells become (polygons, strips and prisms cut into several) would take more than 2^27 values: it is left out, nothing allocated",
  },
  extent: {
    code: "VTK035",
    severity: "error",
    summary:
      "structured data: a WholeExtent, Extent or DIMENSIONS that is not whole numbers from low to high, or a Piece's Extent outside the WholeExtent",
  },
  gridSize: {
    code: "VTK036",
    args: ["points", "cells"],
    severity: "error",
    summary:
      "structured data: the grid an extent or DIMENSIONS declares is larger than the read's budget (1 GiB) allows; nothing is allocated for it",
  },
  geometry: {
    code: "VTK037",
    severity: "error",
    summary:
      "structured data: an Origin, Spacing or Direction (legacy ORIGIN, SPACING, ASPECT_RATIO) that is not 3 (Direction: 9) numbers, or coordinates (X_COORDINATES …) whose count differs from the grid's points along that axis",
  },
  blanked: {
    code: "VTK038",
    args: ["count", "cells"],
    severity: "warning",
    summary:
      "structured data: cells hidden by blanking (vtkGhostType: a hidden cell or point) are left out, as VTK hides them",
  },
  cellArrayLength: {
    code: "VTK039",
    args: ["array", "found", "expected"],
    severity: "error",
    summary:
      "structured data: a cell-data array's tuple count differs from the grid's cells; the array is left out",
  },
  numberedSet: {
    code: "VTK040",
    args: ["count", "pattern"],
    severity: "info",
    summary:
      "files given without an index form one numbered set: read in the order of their numbers (not the order given), times from the numbers (s)",
  },
  numberedTimeValue: {
    code: "VTK041",
    args: ["count", "pattern"],
    severity: "info",
    summary:
      "files given without an index form one numbered set: read in the order of their numbers, times from their TimeValue fields",
  },
  folderSets: {
    code: "VTK042",
    args: ["count", "list"],
    severity: "error",
    summary:
      "a folder given as the input holds several series (indexes or numbered sets), each listed: give the one to read",
  },
  partialTimeValue: {
    code: "VTK043",
    args: ["found", "count"],
    severity: "warning",
    summary:
      "a numbered set where only some files have a TimeValue field: times from the numbers for all",
  },
  folderEmpty: {
    code: "VTK044",
    args: ["count"],
    severity: "error",
    summary:
      "a folder given as the input holds no series: no index (.pvd, .series), no numbered files, not one solver result file",
  },
  seriesTooLarge: {
    code: "VTK180",
    args: ["file", "limit"],
    severity: "warning",
    summary:
      "the files a series names hold more than a check reads in all (256 MiB), or they and the values read take more than its 512 MiB; that file and the ones after it are not checked",
  },
} as const satisfies DiagnosticTable;
