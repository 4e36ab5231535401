/**
 * The Exodus II layout, read alike from both containers: the mesh
 * (`num_dim`, `num_nodes`, `coordx`/`coordy`/`coordz` or the old `coord`,
 * element blocks `connectN` with their `elem_type`), then the results
 * (`results.ts`) as one {@link VtkFrame} per time step. Never throws;
 * counts are checked against the file's size (NetCDF-3) and the memory
 * budget before anything is allocated.
 */
import { DiagnosticSink } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { isHdf5 } from "../hdf5/index.js";
import type { VtkFrame } from "../vtk/model.js";
import { EXO } from "./codes.js";
import { type ExodusContainer, openNetcdf3 } from "./container.js";
import { openNetcdf4 } from "./container-hdf5.js";
import { exodusCell } from "./elements.js";
import { readResults } from "./results.js";
import {
  type ExodusBlock,
  type ExodusMesh,
  type ExoSink,
  fitting,
  MAX_STEPS,
  MAX_VALUES,
  variable,
} from "./values.js";

/** What {@link readExodus} found. */
export interface ExodusRead {
  readonly frames: VtkFrame[] | undefined;
  readonly diagnostics: ExoSink["items"];
  readonly variant: string | undefined;
}

/** Reads an Exodus II file of either encoding into frames, one per time step. */
export async function readExodus(bytes: Uint8Array, name: string): Promise<ExodusRead> {
  const sink: ExoSink = new DiagnosticSink();
  const c = await open(bytes, sink);
  if (!c) return { frames: undefined, diagnostics: sink.items, variant: undefined };
  try {
    const mesh = readMesh(c, bytes.length, sink);
    const frames = mesh
      ? readResults(c, mesh, { file: name, size: bytes.length }, sink)
      : undefined;
    return { frames, diagnostics: sink.items, variant: c.encoding };
  } finally {
    c.close();
  }
}

async function open(bytes: Uint8Array, sink: ExoSink): Promise<ExodusContainer | undefined> {
  const cdf = bytes[0] === 0x43 && bytes[1] === 0x44 && bytes[2] === 0x46;
  if (cdf && bytes[3] === 5) {
    sink.report(
      EXO.cdf5,
      msg`a NetCDF-3 64-bit data file (CDF-5) is not read; rewrite it with 'nccopy -k nc4'`,
      3,
      4,
    );
    return undefined;
  }
  const opened =
    cdf && (bytes[3] === 1 || bytes[3] === 2)
      ? await openNetcdf3(bytes)
      : isHdf5(bytes)
        ? await openNetcdf4(bytes)
        : { error: "not a NetCDF-3 file ('CDF\\x01' or 'CDF\\x02') nor an HDF5 (NetCDF-4) file" };
  if ("error" in opened) {
    sink.report(EXO.container, opened.error, 0, Math.min(4, bytes.length));
    return undefined;
  }
  return opened;
}

function readMesh(c: ExodusContainer, fileSize: number, sink: ExoSink): ExodusMesh | undefined {
  const dim = c.dimension("num_dim");
  const nodes = c.dimension("num_nodes");
  for (const [name, v] of [
    ["num_dim", dim],
    ["num_nodes", nodes],
  ] as const)
    if (v === undefined) {
      sink.report(EXO.missing, msg`no dimension '${{ name }}': not an Exodus II file`, 0);
      return undefined;
    }
  if (dim! < 1 || dim! > 3) {
    const at = c.at("num_dim");
    sink.report(EXO.dimensions, msg`num_dim is ${{ count: dim! }}`, at, at + 4);
    return undefined;
  }
  const n = fitting(c, "num_nodes", { bytes: fileSize / 4, limit: MAX_VALUES / 4 }, sink);
  if (n === undefined) return undefined;
  const points = readCoordinates(c, dim!, n, sink);
  if (!points) return undefined;
  return { ...readBlocks(c, n, fileSize, sink), points, pointCount: n };
}

function readCoordinates(
  c: ExodusContainer,
  dim: number,
  n: number,
  sink: ExoSink,
): Float64Array | undefined {
  const points = new Float64Array(3 * n);
  const old = c.shape("coordx") === undefined && c.shape("coord") !== undefined;
  const axes = old ? ["coord"] : ["coordx", "coordy", "coordz"].slice(0, dim);
  for (const [k, name] of axes.entries()) {
    const v = variable(c, name, old ? dim * n : n, sink);
    if (!v) return undefined;
    for (let a = 0; a < (old ? dim : 1); a++)
      for (let i = 0; i < n; i++) points[3 * i + k + a] = v[a * n + i]!;
  }
  return points;
}

/** The element blocks as cells, in block order; line and point blocks as segments and points. */
function readBlocks(
  c: ExodusContainer,
  n: number,
  fileSize: number,
  sink: ExoSink,
): Omit<ExodusMesh, "points" | "pointCount"> {
  const count = fitting(c, "num_el_blk", { bytes: fileSize / 4, limit: MAX_STEPS }, sink) ?? 0;
  const names = c.shape("eb_names") ? c.strings("eb_names", MAX_VALUES) : [];
  const out: BlockOut = { types: [], conn: [], lines: [], vertices: [] };
  const blocks: ExodusBlock[] = [];
  let skipped = 0;
  for (let b = 1; b <= count; b++) {
    const elements =
      fitting(c, `num_el_in_blk${b}`, { bytes: fileSize / 4, limit: MAX_VALUES / 8 }, sink) ?? 0;
    const perElement = c.dimension(`num_nod_per_el${b}`) ?? 0;
    const name = (Array.isArray(names) ? names[b - 1] : undefined) || `block ${b}`;
    const block = { number: b, name, elements };
    const first = out.types.length;
    const kept = elements > 0 && readBlock(c, { b, elements, perElement, n }, out, sink);
    if (kept === "skip") skipped += elements;
    blocks.push({ ...block, firstCell: kept === true ? first : undefined });
  }
  return {
    types: Uint8Array.from(out.types),
    connectivity: Uint32Array.from(out.conn),
    skippedCells: skipped,
    lines: Uint32Array.from(out.lines),
    vertices: Uint32Array.from(out.vertices),
    blocks,
  };
}

/** The cells, segments and points read so far. */
interface BlockOut {
  types: number[];
  conn: number[];
  lines: number[];
  vertices: number[];
}

/**
 * Appends block `b`'s cells; true when kept, "skip" for a line or point
 * block (kept in `lines` or `vertices`, no `.agr` cell), false when left out.
 */
function readBlock(
  c: ExodusContainer,
  k: { b: number; elements: number; perElement: number; n: number },
  out: BlockOut,
  sink: ExoSink,
): boolean | "skip" {
  const name = `connect${k.b}`;
  const at = c.at(name);
  const type = c.text(name, "elem_type") ?? "";
  const cell = exodusCell(type, k.perElement);
  if (cell === undefined) {
    sink.report(
      EXO.elementType,
      msg`block ${{ block: k.b }}: element type '${{ type }}' is not read; the block is left out`,
      at,
    );
    return false;
  }
  const corners = "skip" in cell ? (cell.skip === "line" ? 2 : 1) : cell.corners;
  // What the block adds: a cell's corners, a line's segments (two ids each), a point.
  const adds = "skip" in cell && cell.skip === "line" ? 2 * (k.perElement - 1) : corners;
  if (k.perElement < corners) {
    sink.report(
      EXO.nodesPerElement,
      msg`block ${{ block: k.b }}: ${{ type }} with ${{ nodes: k.perElement }} nodes per element`,
      at,
    );
    return false;
  }
  const held = out.conn.length + out.lines.length + out.vertices.length;
  if (held + k.elements * adds > MAX_VALUES) {
    sink.report(
      EXO.budget,
      msg`reading ${{ count: k.elements * adds }} node numbers exceeds the memory budget`,
      at,
    );
    return false;
  }
  const ids = variable(c, name, k.elements * k.perElement, sink);
  if (!ids) return false;
  const bad = ids.findIndex((id) => !(id >= 1 && id <= k.n && Number.isInteger(id)));
  if (bad >= 0) {
    sink.report(
      EXO.nodeNumber,
      msg`block ${{ block: k.b }}: node number ${{ node: ids[bad]! }} is outside 1 … num_nodes`,
      at,
    );
    return false;
  }
  if ("skip" in cell) {
    keepLines(cell.skip, ids, k, out);
    return "skip";
  }
  for (let e = 0; e < k.elements; e++) {
    out.types.push(cell.to);
    for (let j = 0; j < cell.corners; j++) out.conn.push(ids[e * k.perElement + j]! - 1);
  }
  return true;
}

/**
 * A point block's elements as their first nodes; a line block's as the
 * segments along each element: its two ends come first in Exodus (BAR3's
 * third node is its middle), so the order along it is first end, the nodes
 * after the ends, last end (decision 219).
 */
function keepLines(
  kind: "line" | "point",
  ids: Float64Array,
  k: { elements: number; perElement: number },
  out: BlockOut,
): void {
  const p = k.perElement;
  for (let e = 0; e < k.elements; e++) {
    const id = (j: number) => ids[e * p + j]! - 1;
    if (kind === "point") {
      out.vertices.push(id(0));
      continue;
    }
    const along = (j: number) => id(j === 0 ? 0 : j === p - 1 ? 1 : j + 1);
    for (let j = 0; j + 1 < p; j++) out.lines.push(along(j), along(j + 1));
  }
}
