/**
 * Reading a VTK XML time series: `.vtu` (UnstructuredGrid) and `.vtp`
 * (PolyData) files, structured `.vti`/`.vts`/`.vtr` (read-structured.ts) and their parallel
 * `.pvti`/`.pvts`/`.pvtr` (read-pstructured.ts), parallel `.pvtu`/`.pvtp` files naming pieces, a `.pvd`
 * collection naming them (times from its `timestep`s, parts merged), a
 * ParaView `.series` (JSON), or `.vtm` multiblock indexes (blocks merged, or
 * the one chosen); legacy `.vtk` files (read-legacy.ts) wherever a `.vtu`
 * may stand, recognised by their content. Never throws: problems become diagnostics
 * located in each file (line and column of the XML).
 */
import type { FileReport } from "../../core/report.js";
import { attr } from "../../core/xml.js";
import type { VtkFrame } from "./model.js";
import { readGrid, wrongType } from "./read-grid.js";
import { PARALLEL_STRUCTURED } from "./read-pstructured.js";
import { bytesOf, SeriesSession, type VtkInputFile, type VtkReadOptions } from "./read-session.js";
import { readStructured, STRUCTURED_TYPES } from "./read-structured.js";
import { readCollection, readJsonSeries } from "./read-timesteps.js";

export type { VtkFrame } from "./model.js";
export type { VtkInputFile, VtkReadOptions } from "./read-session.js";

/** What {@link readVtkSeries} found: frames in order, and every file's findings. */
export interface VtkSeries {
  readonly frames: VtkFrame[];
  readonly report: FileReport[];
}

/** Reads the frames of `files` in order; see the module comment. */
export async function readVtkSeries(
  files: readonly VtkInputFile[],
  options: VtkReadOptions = {},
): Promise<VtkSeries> {
  const s = new SeriesSession(files, options);
  for (const f of files) await readGiven(s, f);
  return { frames: s.frames, report: s.report.filter((r) => r.diagnostics.length > 0) };
}

/** One of the files given: an index (followed) or a grid (read). */
async function readGiven(s: SeriesSession, f: VtkInputFile): Promise<void> {
  if (/\.series$/i.test(f.name)) return readJsonSeries(s, f);
  const p = s.open(f.name, bytesOf(f));
  if (p.legacy?.frame) s.frames.push(p.legacy.frame);
  if (!p.root) return;
  const type = attr(p.root, "type");
  if (type === "Collection") await readCollection(s, p, f.name);
  else if (type === "vtkMultiBlockDataSet")
    await s.within(f.name, () => s.multiblock(p, f.name, undefined));
  else if (type === "PUnstructuredGrid" || type === "PPolyData")
    await s.within(f.name, () => s.parallel(p, f.name, type, undefined));
  else if (type === "UnstructuredGrid" || type === "PolyData") {
    const frame = await readGrid(f.name, p, undefined);
    if (frame) s.frames.push(frame);
  } else if (type !== undefined && STRUCTURED_TYPES.has(type)) {
    const frame = await readStructured(f.name, p, undefined);
    if (frame) s.frames.push(frame);
  } else if (type !== undefined && PARALLEL_STRUCTURED.has(type))
    await s.within(f.name, () => s.parallelStructured(p, f.name, type, undefined));
  else wrongType(p);
}
