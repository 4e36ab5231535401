/**
 * The VTK unstructured grid (`.vtu`) and polygonal data (`.vtp`) as registry formats: what `agr
 * from-vtk` reads, checked one file at a time (a `.pvd` or `.vtm` names other
 * files and is checked by `agr from-vtk` itself).
 */
import { defineFormat, type FormatMagic } from "../../core/formats/descriptor.js";
import { VTK } from "./codes.js";
import type { VtkFrame } from "./read.js";

const xmlHead = new TextDecoder("utf-8", { fatal: false });

/** A `<VTKFile type="UnstructuredGrid"` near the start of the file. */
const VTU_MAGIC: FormatMagic = {
  variant: "XML",
  sniff: (head) => /<VTKFile\s[^>]*type\s*=\s*["']UnstructuredGrid/.test(xmlHead.decode(head)),
};

/** One frame's summary: counts, its time and its point data arrays. */
function vtuSummary(frame: VtkFrame): unknown {
  return {
    points: frame.pointCount,
    cells: frame.types.length,
    skippedCells: frame.skippedCells,
    time: frame.time ?? null,
    pointData: frame.pointData.map((a) => ({ name: a.name, components: a.components })),
  };
}

/** Reads one VTK XML file (`.vtu` or `.vtp`) for the registry: its frame and findings. */
async function readOne(bytes: Uint8Array, name: string) {
  // Loaded on first use: recognising files (every CLI command that reads one) needs no XML reader.
  const { readVtkSeries } = await import("./read.js");
  const series = await readVtkSeries([{ name, bytes }]);
  const own = series.report[0];
  return {
    model: series.frames[0],
    diagnostics: series.report.flatMap((r) => r.diagnostics),
    text: own?.text,
  };
}

/** VTK XML unstructured grid (`*.vtu`), one frame of a series `agr from-vtk` reads. */
export const VTU_FORMAT = defineFormat<VtkFrame>({
  id: "vtu",
  label: "VTK unstructured grid",
  system: "mixed",
  extensions: [".vtu"],
  magic: [VTU_MAGIC],
  read: readOne,
  summary: vtuSummary,
  codes: [VTK],
  docsPage: "exports.md",
  workspace: "mesh",
});

/** VTK XML polygonal data (`*.vtp`), one frame of a series `agr from-vtk` reads. */
export const VTP_FORMAT = defineFormat<VtkFrame>({
  id: "vtp",
  label: "VTK polygonal data",
  system: "mixed",
  extensions: [".vtp"],
  magic: [
    {
      variant: "XML",
      sniff: (head) => /<VTKFile\s[^>]*type\s*=\s*["']PolyData/.test(xmlHead.decode(head)),
    },
  ],
  read: readOne,
  summary: vtuSummary,
  codes: [VTK],
  docsPage: "exports.md",
  workspace: "mesh",
});
