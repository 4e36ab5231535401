/** A JSON-ready summary of a mesh animation (what `deforma agr info --json` prints). */
import {
  CELL_KINDS,
  type MeshAnimation,
  type ParamDescriptor,
  scalarAt,
  vectorAt,
} from "./model.js";

/** One parameter in {@link AgrInfo}, with its range over every node and frame. */
export interface AgrParamInfo {
  name: string;
  unit: string;
  varying: boolean;
  /**
   * Smallest and largest value over all nodes and frames: the value itself
   * for a scalar; for a vector, the magnitude of its change from frame 0
   * (for coordinates: the displacement |p − p₀|). Null without values.
   */
  min: number | null;
  max: number | null;
}

/** The shortest decimal that reads back as the same float32 (293.15, not 293.1499938964844). */
export function shortFloat32(v: number): number {
  for (let p = 6; p < 9; p++) {
    const x = Number(v.toPrecision(p));
    if (Math.fround(x) === Math.fround(v)) return x;
  }
  return Number(v.toPrecision(9));
}

/** Frames a parameter stores: F when varying, else 1. */
function storedFrames(m: MeshAnimation, d: ParamDescriptor): number {
  return d.varying ? m.times.length : 1;
}

/**
 * Smallest and largest value of scalar parameter `p` over all nodes and
 * frames (±Infinity when it has none), reading frame by frame.
 */
export function scalarRange(m: MeshAnimation, p: number): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let f = 0; f < storedFrames(m, m.scalars[p]!); f++) {
    const values = scalarAt(m, p, f);
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  return { min, max };
}

/** Range of a scalar parameter as shortest float32 decimals; nulls without values. */
function range(m: MeshAnimation, p: number): { min: number | null; max: number | null } {
  const { min, max } = scalarRange(m, p);
  return min <= max ? { min: shortFloat32(min), max: shortFloat32(max) } : { min: null, max: null };
}

/** Range of |v_f − v_0| over the nodes and frames of vector parameter `p`, reading frame by frame. */
function changeRange(m: MeshAnimation, p: number): { min: number | null; max: number | null } {
  const n3 = m.nodeCount * 3;
  if (n3 === 0 || (m.vectors[p]!.varying && m.times.length === 0)) return { min: null, max: null };
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  const first = vectorAt(m, p, 0);
  for (let f = 0; f < storedFrames(m, m.vectors[p]!); f++) {
    const values = vectorAt(m, p, f);
    for (let i = 0; i < n3; i += 3) {
      const dx = values[i]! - first[i]!;
      const dy = values[i + 1]! - first[i + 1]!;
      const dz = values[i + 2]! - first[i + 2]!;
      const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (d < min) min = d;
      if (d > max) max = d;
    }
  }
  return { min: shortFloat32(min), max: shortFloat32(max) };
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
  const param = (
    d: { name: string; unit: string; varying: boolean },
    r: { min: number | null; max: number | null },
  ): AgrParamInfo => ({ name: d.name, unit: d.unit, varying: d.varying, ...r });
  return {
    type: m.type,
    nodes: m.nodeCount,
    elements: m.cellTypes.length,
    frames: m.times.length,
    times: Array.from(m.times),
    scalars: m.scalars.map((d, i) => param(d, range(m, i))),
    vectors: m.vectors.map((d, i) => param(d, changeRange(m, i))),
    cells,
    bounds,
  };
}
