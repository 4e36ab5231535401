/**
 * The VTK inputs of `agr from-vtk` as registry formats: `.vtu` and `.vtp`
 * (one frame), the structured `.vti`, `.vts` and `.vtr` (one frame) and their parallel
 * `.pvti`, `.pvts` and `.pvtr` (one grid their pieces fill), legacy `.vtk` (one frame), the parallel `.pvtu`/`.pvtp` and a
 * `.vtm` multiblock (one frame merged from the files they name), and a
 * `.pvd` collection or ParaView `.series` (a series of frames). Files a file
 * names are read through the context's reader (the companion reader: only
 * inside the naming file's folder); their findings are reported as theirs.
 */

import { CHECK_COMPANION_BYTES, CHECK_MEMORY_BYTES } from "../../core/file-source.js";
import {
  defineFormat,
  type FormatMagic,
  type FormatReadContext,
  type FormatReadResult,
} from "../../core/formats/descriptor.js";
import type { FileReport } from "../../core/report.js";
import { MIXED_MESSAGES_RU } from "../i18n-ru.js";
import { VTK } from "./codes.js";
import type { VtkFrame } from "./read.js";
import { frameSummary, seriesSummary } from "./summary.js";

const head = new TextDecoder("utf-8", { fatal: false });

/** A `<VTKFile type="TYPE"` near the start of the file. */
const xmlMagic = (type: string): FormatMagic => ({
  variant: "XML",
  sniff: (bytes) =>
    new RegExp(`<VTKFile\\s[^>]*type\\s*=\\s*["']${type}["']`).test(head.decode(bytes)),
});

/** Reads `name` (and what it names, through `context.read`): its frames, its findings and its companions'. */
async function readFrames(
  bytes: Uint8Array,
  name: string,
  context: FormatReadContext = {},
): Promise<{ frames: VtkFrame[]; own?: FileReport; related: FileReport[] }> {
  // Loaded on first use: recognising files (every CLI command that reads one) needs no VTK reader.
  const { readVtkSeries } = await import("./read.js");
  // A check's one budget: named files (CHECK_COMPANION_BYTES at most) and decoded values share
  // CHECK_MEMORY_BYTES (decisions 252, 299).
  const budget = {
    companionBytes: CHECK_COMPANION_BYTES,
    budgetBytes: CHECK_MEMORY_BYTES,
    companionsInBudget: true,
  };
  const series = await readVtkSeries(
    [{ name, bytes }],
    context.read ? { read: context.read, ...budget } : budget,
  );
  const own = series.report.find((r) => r.file === name);
  const related = series.report.filter((r) => r !== own);
  return { frames: series.frames, ...(own ? { own } : {}), related };
}

/** A reader whose model is one frame (the file's, or merged from the files it names). */
async function readOne(
  bytes: Uint8Array,
  name: string,
  context?: FormatReadContext,
): Promise<FormatReadResult<VtkFrame>> {
  const { frames, own, related } = await readFrames(bytes, name, context);
  return {
    model: frames[0],
    diagnostics: own?.diagnostics ?? [],
    text: own?.text,
    ...(related.length > 0 ? { related } : {}),
  };
}

/** A reader whose model is the series of frames the file names. */
async function readMany(
  bytes: Uint8Array,
  name: string,
  context?: FormatReadContext,
): Promise<FormatReadResult<VtkFrame[]>> {
  const { frames, own, related } = await readFrames(bytes, name, context);
  return {
    model: frames.length > 0 ? frames : undefined,
    diagnostics: own?.diagnostics ?? [],
    text: own?.text,
    ...(related.length > 0 ? { related } : {}),
  };
}

/** The legacy reader, with the encoding its third line names as the variant. */
async function readLegacy(
  bytes: Uint8Array,
  name: string,
  context?: FormatReadContext,
): Promise<FormatReadResult<VtkFrame>> {
  const r = await readOne(bytes, name, context);
  const lines = head.decode(bytes.subarray(0, 600)).split("\n");
  const encoding = lines[2]?.trim().toUpperCase();
  return encoding === "ASCII" || encoding === "BINARY" ? { ...r, variant: encoding } : r;
}

// Each opens alone in the studio's mesh view (`#/mesh?file=…`).
const common = {
  system: "mixed",
  codes: [VTK],
  docsPage: "exports.md",
  workspace: "mesh",
} as const;

/** VTK XML unstructured grid (`*.vtu`), one frame of a series `agr from-vtk` reads. */
export const VTU_FORMAT = defineFormat<VtkFrame>({
  ...common,
  id: "vtu",
  label: "VTK unstructured grid",
  labels: { ru: "неструктурированная сетка VTK" },
  messages: { ru: MIXED_MESSAGES_RU },
  extensions: [".vtu"],
  magic: [xmlMagic("UnstructuredGrid")],
  read: readOne,
  summary: frameSummary,
});

/** VTK XML polygonal data (`*.vtp`), one frame of a series `agr from-vtk` reads. */
export const VTP_FORMAT = defineFormat<VtkFrame>({
  ...common,
  id: "vtp",
  label: "VTK polygonal data",
  labels: { ru: "полигональные данные VTK" },
  messages: { ru: MIXED_MESSAGES_RU },
  extensions: [".vtp"],
  magic: [xmlMagic("PolyData")],
  read: readOne,
  summary: frameSummary,
});

/** VTK XML image data (`*.vti`): a grid of hexahedra, quads or lines (structured.ts). */
export const VTI_FORMAT = defineFormat<VtkFrame>({
  ...common,
  id: "vti",
  label: "VTK image data",
  labels: { ru: "данные изображения VTK" },
  messages: { ru: MIXED_MESSAGES_RU },
  extensions: [".vti"],
  magic: [xmlMagic("ImageData")],
  read: readOne,
  summary: frameSummary,
});

/** VTK XML structured grid (`*.vts`). */
export const VTS_FORMAT = defineFormat<VtkFrame>({
  ...common,
  id: "vts",
  label: "VTK structured grid",
  labels: { ru: "структурированная сетка VTK" },
  messages: { ru: MIXED_MESSAGES_RU },
  extensions: [".vts"],
  magic: [xmlMagic("StructuredGrid")],
  read: readOne,
  summary: frameSummary,
});

/** VTK XML rectilinear grid (`*.vtr`). */
export const VTR_FORMAT = defineFormat<VtkFrame>({
  ...common,
  id: "vtr",
  label: "VTK rectilinear grid",
  labels: { ru: "прямолинейная сетка VTK" },
  messages: { ru: MIXED_MESSAGES_RU },
  extensions: [".vtr"],
  magic: [xmlMagic("RectilinearGrid")],
  read: readOne,
  summary: frameSummary,
});

/** A legacy VTK file (`*.vtk`, `# vtk DataFile`), ASCII or BINARY, of an unstructured grid, polygonal data or structured data. */
export const VTK_LEGACY_FORMAT = defineFormat<VtkFrame>({
  ...common,
  id: "vtk-legacy",
  label: "legacy VTK data",
  labels: { ru: "данные VTK (устаревший формат)" },
  messages: { ru: MIXED_MESSAGES_RU },
  extensions: [".vtk"],
  magic: [
    {
      variant: "legacy",
      sniff: (bytes) => /^(\uFEFF)?\s*# vtk DataFile/i.test(head.decode(bytes)),
    },
  ],
  read: readLegacy,
  summary: frameSummary,
});

/** A parallel unstructured grid (`*.pvtu`): its pieces' files merged into one frame. */
export const PVTU_FORMAT = defineFormat<VtkFrame>({
  ...common,
  id: "pvtu",
  label: "VTK parallel unstructured grid",
  labels: { ru: "параллельная неструктурированная сетка VTK" },
  messages: { ru: MIXED_MESSAGES_RU },
  extensions: [".pvtu"],
  magic: [xmlMagic("PUnstructuredGrid")],
  read: readOne,
  indexes: "parts",
  summary: frameSummary,
});

/** Parallel polygonal data (`*.pvtp`): its pieces' files merged into one frame. */
export const PVTP_FORMAT = defineFormat<VtkFrame>({
  ...common,
  id: "pvtp",
  label: "VTK parallel polygonal data",
  labels: { ru: "параллельные полигональные данные VTK" },
  messages: { ru: MIXED_MESSAGES_RU },
  extensions: [".pvtp"],
  magic: [xmlMagic("PPolyData")],
  read: readOne,
  indexes: "parts",
  summary: frameSummary,
});

/** A parallel image data (`*.pvti`): one grid its pieces' files fill. */
export const PVTI_FORMAT = defineFormat<VtkFrame>({
  ...common,
  id: "pvti",
  label: "VTK parallel image data",
  labels: { ru: "параллельные данные изображения VTK" },
  messages: { ru: MIXED_MESSAGES_RU },
  extensions: [".pvti"],
  magic: [xmlMagic("PImageData")],
  read: readOne,
  indexes: "parts",
  summary: frameSummary,
});

/** A parallel structured grid (`*.pvts`): one grid its pieces' files fill. */
export const PVTS_FORMAT = defineFormat<VtkFrame>({
  ...common,
  id: "pvts",
  label: "VTK parallel structured grid",
  labels: { ru: "параллельная структурированная сетка VTK" },
  messages: { ru: MIXED_MESSAGES_RU },
  extensions: [".pvts"],
  magic: [xmlMagic("PStructuredGrid")],
  read: readOne,
  indexes: "parts",
  summary: frameSummary,
});

/** A parallel rectilinear grid (`*.pvtr`): one grid its pieces' files fill. */
export const PVTR_FORMAT = defineFormat<VtkFrame>({
  ...common,
  id: "pvtr",
  label: "VTK parallel rectilinear grid",
  labels: { ru: "параллельная прямолинейная сетка VTK" },
  messages: { ru: MIXED_MESSAGES_RU },
  extensions: [".pvtr"],
  magic: [xmlMagic("PRectilinearGrid")],
  read: readOne,
  indexes: "parts",
  summary: frameSummary,
});

/** A multiblock data set (`*.vtm`): the files of its blocks merged into one frame. */
export const VTM_FORMAT = defineFormat<VtkFrame>({
  ...common,
  id: "vtm",
  label: "VTK multiblock data set",
  labels: { ru: "составной набор данных VTK" },
  messages: { ru: MIXED_MESSAGES_RU },
  extensions: [".vtm"],
  magic: [xmlMagic("vtkMultiBlockDataSet")],
  read: readOne,
  indexes: "parts",
  summary: frameSummary,
});

/** A ParaView data collection (`*.pvd`): a time series of the files it names. */
export const PVD_FORMAT = defineFormat<VtkFrame[]>({
  ...common,
  id: "pvd",
  label: "ParaView data collection",
  labels: { ru: "коллекция данных ParaView" },
  messages: { ru: MIXED_MESSAGES_RU },
  extensions: [".pvd"],
  magic: [xmlMagic("Collection")],
  read: readMany,
  indexes: "series",
  summary: seriesSummary,
});

/** A ParaView file series (`*.series`, JSON): a time series of the files it names. */
export const VTK_SERIES_FORMAT = defineFormat<VtkFrame[]>({
  ...common,
  id: "vtk-series",
  label: "ParaView file series",
  labels: { ru: "серия файлов ParaView" },
  messages: { ru: MIXED_MESSAGES_RU },
  extensions: [".series"],
  read: readMany,
  indexes: "series",
  summary: seriesSummary,
});

/** Every VTK input format, in the order the docs list them. */
export const VTK_FORMATS = [
  VTU_FORMAT,
  VTP_FORMAT,
  VTI_FORMAT,
  VTS_FORMAT,
  VTR_FORMAT,
  VTK_LEGACY_FORMAT,
  PVTU_FORMAT,
  PVTP_FORMAT,
  PVTI_FORMAT,
  PVTS_FORMAT,
  PVTR_FORMAT,
  VTM_FORMAT,
  PVD_FORMAT,
  VTK_SERIES_FORMAT,
] as const;
