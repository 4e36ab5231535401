/** A JSON-ready summary of a mesh animation (what `deforma agr info --json` prints). */
import { CELL_KINDS, type MeshAnimation } from "./model.js";

/** One parameter in {@link AgrInfo}. */
export interface AgrParamInfo {
  name: string;
  unit: string;
  varying: boolean;
  /** Smallest and largest value over all frames (vectors: their magnitude); null without finite values. */
  min: number | null;
  max: number | null;
}

/** Summary of a mesh animation; the first seven keys are a stable contract. */
export interface AgrInfo {
  /** Mesh animation type: 0 thermal, 1 stress-strain. */
  type: number;
  /** Node count N. */
  nodes: number;
  /** Cell (element) count M. */
  elements: number;
  /** Frame count F. */
  frames: number;
  /** Frame times, seconds. */
  times: number[];
  scalars: AgrParamInfo[];
  vectors: AgrParamInfo[];
  /** Cell count per kind name (`vtk<code>` for unknown codes), e.g. `{"hex": 120}`. */
  cells: Record<string, number>;
  /** Axis-aligned bounds of the initial positions (mesh frame, file units); null without nodes. */
  bounds: { min: [number, number, number]; max: [number, number, number] } | null;
}

/** Summarises `m` for printing: type, counts, times, parameters, cells per kind, bounds. */
export function agrInfo(m: MeshAnimation): AgrInfo {
  const cells: Record<string, number> = {};
  for (const t of m.cellTypes) {
    const name = CELL_KINDS.get(t)?.name ?? `vtk${t}`;
    cells[name] = (cells[name] ?? 0) + 1;
  }
  let bounds: AgrInfo["bounds"] = null;
  const p = m.positions;
  if (p.length >= 3) {
    const min: [number, number, number] = [p[0]!, p[1]!, p[2]!];
    const max: [number, number, number] = [p[0]!, p[1]!, p[2]!];
    for (let i = 3; i + 2 < p.length; i += 3) {
      for (let a = 0; a < 3; a++) {
        const v = p[i + a]!;
        if (v < min[a]!) min[a] = v;
        if (v > max[a]!) max[a] = v;
      }
    }
    bounds = { min, max };
  }
  const param =
    (values: readonly Float32Array[], width: 1 | 3) =>
    (d: { name: string; unit: string; varying: boolean }, k: number): AgrParamInfo => ({
      name: d.name,
      unit: d.unit,
      varying: d.varying,
      ...range(values[k], width),
    });
  return {
    type: m.type,
    nodes: m.nodeCount,
    elements: m.cellTypes.length,
    frames: m.times.length,
    times: Array.from(m.times),
    scalars: m.scalars.map(param(m.scalarValues, 1)),
    vectors: m.vectors.map(param(m.vectorValues, 3)),
    cells,
    bounds,
  };
}

/** The finite range of `values` (`width` 3: of each xyz triple's magnitude). */
function range(
  values: Float32Array | undefined,
  width: 1 | 3,
): { min: number | null; max: number | null } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const v = values ?? new Float32Array();
  for (let i = 0; i + width - 1 < v.length; i += width) {
    const x = width === 1 ? v[i]! : Math.hypot(v[i]!, v[i + 1]!, v[i + 2]!);
    if (!Number.isFinite(x)) continue;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return min <= max ? { min, max } : { min: null, max: null };
}
