/**
 * Reads an XDMF file (`*.xdmf`, `*.xmf`; XDMF 2 and 3) with its HDF5 heavy
 * data into frames: each time step one {@link VtkFrame} (see steps.ts for
 * which grids make which frames, grid.ts for one grid). Never throws.
 */
import type { FileReader } from "../../core/file-source.js";
import { msg } from "../../core/message.js";
import type { FileReport } from "../../core/report.js";
import { childrenNamed, parseXml } from "../../core/xml.js";
import { mergeFrames } from "../vtk/merge.js";
import type { VtkFrame } from "../vtk/model.js";
import type { DecodedArray } from "../vtk/read-data.js";
import { XDM } from "./codes.js";
import { XDMF_BUDGET_VALUES, XdmfSession } from "./data.js";
import { type GridRead, readGrid } from "./grid.js";
import { planSteps, type Step } from "./steps.js";

/** What {@link readXdmf} found: frames in time order, the file's text and findings, and its HDF5 files' findings. */
export interface XdmfRead {
  readonly frames: VtkFrame[];
  readonly text: string;
  readonly diagnostics: FileReport["diagnostics"];
  readonly related: FileReport[];
}

/**
 * Reads the XDMF file `name` (`bytes`); its HDF5 files through `read`
 * (absent: none is read). `budgetValues`: the values this read may hold
 * (default 1 GiB of doubles).
 */
export async function readXdmf(
  bytes: Uint8Array,
  name: string,
  read?: FileReader,
  budgetValues = XDMF_BUDGET_VALUES,
): Promise<XdmfRead> {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  const probe = new XdmfSession(
    name,
    text,
    { name: "", start: 0, attributes: [], children: [], text: [] },
    read,
  );
  const length = text.length;
  const root = parseXml(text, (message, at) =>
    probe.sink.report(XDM.xmlSyntax, message, Math.min(at, length), Math.min(at + 1, length)),
  );
  const domain = root?.name === "Xdmf" ? childrenNamed(root, "Domain")[0] : undefined;
  if (!root || !domain) {
    const at = root?.start ?? 0;
    probe.sink.report(
      XDM.notXdmf,
      root ? `the root is <${root.name}>, not an <Xdmf> with a <Domain>` : "no root element",
      at,
      at + 1,
    );
    return { frames: [], text, diagnostics: probe.sink.items, related: [] };
  }
  const s = new XdmfSession(name, text, root, read);
  s.remaining = budgetValues;
  for (const d of probe.sink.items) s.sink.items.push(d);
  try {
    const frames: VtkFrame[] = [];
    for (const step of await planSteps(s, domain)) {
      const frame = await readStep(s, step);
      if (frame) frames.push(frame);
    }
    if (frames.length === 0) {
      s.sink.report(
        XDM.noFrames,
        msg`no grid with a topology and a geometry to read`,
        domain.start,
        domain.start + 1,
      );
    }
    return { frames, text, diagnostics: s.sink.items, related: s.related() };
  } finally {
    await s.close();
  }
}

/** One step's frame: each collection's grids at this time (a spatial collection's merged), their arrays together. */
async function readStep(s: XdmfSession, step: Step): Promise<VtkFrame | undefined> {
  let base: VtkFrame | undefined;
  for (const parts of step.grids) {
    const reads: GridRead[] = [];
    for (const g of parts) {
      const r = await readGrid(s, g);
      if (r) reads.push(r);
    }
    if (reads.length === 0) continue;
    const frame = merged(s, reads, step.time);
    if (!base) {
      base = frame;
      continue;
    }
    if (frame.pointCount !== base.pointCount || frame.types.length !== base.types.length) {
      const g = parts[0]!;
      s.sink.report(
        XDM.stepMismatch,
        `at time ${step.time}: this grid has ${frame.pointCount} points and ${frame.types.length} cells, the first ${base.pointCount} and ${base.types.length}; left out`,
        g.start,
        g.start + 1,
      );
      continue;
    }
    base = {
      ...base,
      pointData: unite(base.pointData, frame.pointData),
      cellData: unite(base.cellData, frame.cellData),
    };
  }
  return base;
}

/** Arrays of `a`, then those of `b` whose names `a` has not. */
function unite(a: readonly DecodedArray[], b: readonly DecodedArray[]): DecodedArray[] {
  return [...a, ...b.filter((x) => !a.some((y) => y.name === x.name))];
}

/** The frame of a spatial collection's grids (or of one grid). */
function merged(s: XdmfSession, reads: readonly GridRead[], time: number | undefined): VtkFrame {
  const frames: VtkFrame[] = reads.map((r) => ({
    file: s.name,
    start: r.grid.start,
    text: s.text,
    time,
    points: r.mesh.points,
    pointCount: r.mesh.pointCount,
    types: r.mesh.cells.types,
    connectivity: r.mesh.cells.connectivity,
    skippedCells: r.mesh.cells.skipped,
    lines: r.mesh.cells.lines,
    vertices: r.mesh.cells.vertices,
    pointData: r.pointData,
    cellData: r.cellData,
  }));
  if (frames.length === 1) return frames[0]!;
  const frame = mergeFrames(frames);
  // Cell arrays every part has, with the same components, one part after another.
  const cellData: DecodedArray[] = [];
  for (const a of frames[0]!.cellData) {
    const all = frames.map((f) =>
      f.cellData.find((x) => x.name === a.name && x.components === a.components),
    );
    if (all.some((x) => !x)) continue;
    const values = new Float64Array(frame.types.length * a.components);
    let at = 0;
    for (const x of all) {
      values.set(x!.values, at);
      at += x!.values.length;
    }
    cellData.push({ name: a.name, components: a.components, values });
  }
  return { ...frame, time, cellData };
}
