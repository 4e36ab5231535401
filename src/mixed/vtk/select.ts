/**
 * Choosing arrays for `agr from-vtk`: the displacement vector of a
 * structural result (by `--displacement NAME` or by its name), and a scalar
 * (`--scalar NAME`, `NAME:magnitude`, `NAME:K`, `NAME:mises`, or for type 0 a
 * temperature by name or the only one-component array that is not an id).
 * A scalar may come from a point array or a cell array (its node values the
 * mean over the cells at each node); a name both kinds have means the point
 * array, `cell:NAME` the cell array (decision 180).
 */
import type { ParamDescriptor } from "../agr/model.js";
import { cellToNodes } from "./cell-data.js";
import type { VtkFrame } from "./model.js";
import type { DecodedArray } from "./read-data.js";

/** Whether `name` is an id array, or VTK's ghost marks (never taken by default). */
export function isIdName(name: string): boolean {
  return (
    /^(GlobalNodeId|PedigreeNodeId|vtkOriginalPointIds|origNodeNums|vtkGhostType)$/i.test(name) ||
    /(Id|ID|Ids|IDs)$/.test(name)
  );
}

/** Names (lower case) taken for the temperature of a thermal result, in order of preference. */
const TEMPERATURE_NAMES = ["temperature", "temp", "t", "nt", "ndtemp"];

/** Whether `name` names a temperature. */
export function isTemperatureName(name: string): boolean {
  return TEMPERATURE_NAMES.includes(name.toLowerCase());
}

/**
 * Whether `name` can only mean a displacement: `displ*`, `displacement*`,
 * `nodal displacement`, and `disp` alone (any case: CalculiX's `DISP`,
 * decision 190; MOOSE's `disp_x`/`disp_y`/`disp_z` combined, decision 207). `U`/`u` is not: OpenFOAM names
 * velocity so (see {@link isAmbiguousDisplacementName}; decision 176).
 */
export function isDisplacementName(name: string): boolean {
  const n = name.toLowerCase();
  return n.startsWith("displ") || n === "disp" || n === "nodal displacement";
}

/** Whether `name` may mean a displacement or something else (`U`/`u`: velocity in OpenFOAM). */
export function isAmbiguousDisplacementName(name: string): boolean {
  return name.toLowerCase() === "u";
}

/** The 3-component point array `name` of `f`. */
export function vectorArray(f: VtkFrame, name: string): DecodedArray | undefined {
  return f.pointData.find((a) => a.name === name && a.components === 3);
}

/** The displacement array of `f` found by a name that can only mean one, if exactly one fits. */
export function detectDisplacement(f: VtkFrame): string | undefined {
  const found = f.pointData.filter((a) => a.components === 3 && isDisplacementName(a.name));
  return found.length === 1 ? found[0]!.name : undefined;
}

/** Why a displacement array was chosen: named by the user, by a name that settles it, or an ambiguous `U`. */
export type DisplacementReason = "named" | "by name" | "ambiguous";

/**
 * The displacement array of `f` and why: `named` when given, else one found
 * by a name that settles it, else (only when `ambiguous` allows it) the one
 * 3-component array named `U`/`u`.
 */
export function chooseDisplacement(
  f: VtkFrame,
  named: string | undefined,
  ambiguous: boolean,
): { name: string; reason: DisplacementReason } | undefined {
  if (named !== undefined) return { name: named, reason: "named" };
  const sure = detectDisplacement(f);
  if (sure !== undefined) return { name: sure, reason: "by name" };
  if (!ambiguous) return undefined;
  const maybe = f.pointData.filter(
    (a) => a.components === 3 && isAmbiguousDisplacementName(a.name),
  );
  return maybe.length === 1 ? { name: maybe[0]!.name, reason: "ambiguous" } : undefined;
}

/**
 * The default type-0 scalar of `f`: a temperature by name, else the only
 * one-component non-id array; among the point arrays, and when none of them
 * fits, by the same rule among the cell arrays (decision 181).
 */
export function defaultScalar(f: VtkFrame): { name: string } | { candidates: string[] } {
  const fromPoints = defaultAmong(f.pointData);
  if ("name" in fromPoints || fromPoints.candidates.length > 0) return fromPoints;
  const fromCells = defaultAmong(f.cellData);
  if (!("name" in fromCells)) return fromCells;
  // A point array of the same name would be taken for the plain name.
  const clash = f.pointData.some((a) => a.name === fromCells.name);
  return { name: clash ? `${CELL_PREFIX}${fromCells.name}` : fromCells.name };
}

/** A temperature by name among `arrays`, else the only one-component non-id one, else the candidates. */
function defaultAmong(
  arrays: readonly DecodedArray[],
): { name: string } | { candidates: string[] } {
  const ones = arrays.filter((a) => a.components === 1);
  for (const t of TEMPERATURE_NAMES) {
    const a = ones.find((x) => x.name.toLowerCase() === t);
    if (a) return { name: a.name };
  }
  const candidates = ones.filter((a) => !isIdName(a.name)).map((a) => a.name);
  return candidates.length === 1 ? { name: candidates[0]! } : { candidates };
}

/** The prefix of a spec that names a cell array whose name a point array also has (decision 180). */
export const CELL_PREFIX = "cell:";

/** Where an array of a frame is: a point array or a cell array (one tuple per cell of `types`). */
export type ArrayKind = "point" | "cell";

/** The array `name` of `f`: a point array, else a cell array; `cell:NAME` the cell array only. */
export function findArray(
  f: VtkFrame,
  name: string,
): { array: DecodedArray; kind: ArrayKind } | undefined {
  const cellName = name.startsWith(CELL_PREFIX) ? name.slice(CELL_PREFIX.length) : undefined;
  const point = cellName === undefined && f.pointData.find((a) => a.name === name);
  if (point) return { array: point, kind: "point" };
  const cell = f.cellData.find((a) => a.name === (cellName ?? name));
  return cell && { array: cell, kind: "cell" };
}

/** What a scalar spec derives from its array. */
type Derive = "value" | "magnitude" | "mises" | number;

/** Splits `spec` into an array of `f` and what to derive from it, or says why not. */
function parseSpec(
  f: VtkFrame,
  spec: string,
): { array: DecodedArray; kind: ArrayKind; derive: Derive } | string {
  const whole = findArray(f, spec);
  if (whole) return { ...whole, derive: "value" };
  const colon = spec.lastIndexOf(":");
  const name = colon < 0 ? spec : spec.slice(0, colon);
  const found = findArray(f, name);
  if (!found) return `no point or cell array '${name}'`;
  const suffix = spec.slice(colon + 1);
  if (suffix === "magnitude" || suffix === "mises") return { ...found, derive: suffix };
  if (/^\d+$/.test(suffix)) return { ...found, derive: Number(suffix) };
  return `'${suffix}' is not magnitude, mises or a component index`;
}

/**
 * The node values of `spec` in frame `f` (of a cell array: at each node the
 * mean over the cells that use it), or why they cannot be had.
 */
export function scalarValues(f: VtkFrame, spec: string): Float64Array | string {
  const v = tupleValues(f, spec);
  if (typeof v === "string") return v;
  return v.kind === "cell" ? cellToNodes(f, v.values) : v.values;
}

/** The values of `spec` in frame `f`, one per tuple of its array (per point or per cell), or why not. */
export function tupleValues(
  f: VtkFrame,
  spec: string,
): { kind: ArrayKind; values: Float64Array } | string {
  const p = parseSpec(f, spec);
  if (typeof p === "string") return p;
  const { array: a, derive } = p;
  const c = a.components;
  const n = a.values.length / c;
  const v = a.values;
  const out = new Float64Array(n);
  if (derive === "value") {
    if (c !== 1)
      return `'${a.name}' has ${c} components: choose '${a.name}:magnitude', '${a.name}:0' … '${a.name}:${c - 1}'${c === 6 || c === 9 ? ` or '${a.name}:mises'` : ""}`;
    out.set(v);
  } else if (derive === "magnitude") {
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let k = 0; k < c; k++) s += v[i * c + k]! * v[i * c + k]!;
      out[i] = Math.sqrt(s);
    }
  } else if (derive === "mises") {
    if (c !== 6 && c !== 9)
      return `'${a.name}' has ${c} components; mises needs a symmetric tensor of 6 (xx yy zz xy yz xz) or a full one of 9 components`;
    if (c === 6) for (let i = 0; i < n; i++) out[i] = mises(v, 6 * i);
    else for (let i = 0; i < n; i++) out[i] = mises9(v, 9 * i);
  } else {
    if (derive >= c) return `'${a.name}' has ${c} components (0 … ${c - 1}), not ${derive}`;
    for (let i = 0; i < n; i++) out[i] = v[i * c + derive]!;
  }
  return { kind: p.kind, values: out };
}

/** Von Mises stress of the symmetric tensor at `o` of `v` (VTK order xx yy zz xy yz xz). */
export function mises(v: ArrayLike<number>, o: number): number {
  const [xx, yy, zz, xy, yz, xz] = [v[o]!, v[o + 1]!, v[o + 2]!, v[o + 3]!, v[o + 4]!, v[o + 5]!];
  const d = (xx - yy) ** 2 + (yy - zz) ** 2 + (zz - xx) ** 2;
  return Math.sqrt(0.5 * d + 3 * (xy * xy + yz * yz + xz * xz));
}

/**
 * Von Mises stress of the full tensor at `o` of `v` (9 components, row by
 * row, as legacy TENSORS and XML tensors hold them): of its symmetric part.
 */
export function mises9(v: ArrayLike<number>, o: number): number {
  const sym = [
    v[o]!,
    v[o + 4]!,
    v[o + 8]!,
    (v[o + 1]! + v[o + 3]!) / 2,
    (v[o + 5]! + v[o + 7]!) / 2,
    (v[o + 2]! + v[o + 6]!) / 2,
  ];
  return mises(sym, 0);
}

/**
 * Temperature names of a solver without a unit system (CalculiX's `NDTEMP`,
 * in the model's own units, often °C): no unit is claimed (decision 193).
 */
const UNITLESS_TEMPERATURES = ["ndtemp"];

/** The `.agr` parameter of scalar `spec`: whitespace and `:` become `_`; `unit`, else K for a temperature. */
export function scalarParam(spec: string, unit?: string): ParamDescriptor {
  const name = spec.replace(/[\s:]+/g, "_") || "scalar";
  const kelvin = isTemperatureName(spec) && !UNITLESS_TEMPERATURES.includes(spec.toLowerCase());
  return { name, unit: unit ?? (kelvin ? "K" : "-"), varying: true };
}

/** Whether `f` has the array `spec` reads: its whole name, or the name before its last `:`. */
export function hasSpecArray(f: VtkFrame, spec: string): boolean {
  if (findArray(f, spec)) return true;
  const colon = spec.lastIndexOf(":");
  return colon >= 0 && findArray(f, spec.slice(0, colon)) !== undefined;
}

/** A scalar over frames: node values (frame-major), and of a cell array its values per cell too. */
export interface SeriesValues {
  readonly values: Float32Array;
  /** Of a cell array: F·M values per cell of `types` (frame-major). */
  readonly cells?: Float32Array;
  readonly array: string;
  readonly lacking: number[];
}

/**
 * The scalar `spec` over all frames (frame-major) and the frames that lack its
 * array (their values held from the previous frame that has it, else taken
 * from the first that does); or the problem of the first frame that has the
 * array and cannot give it, or of frame 0 when no frame has it.
 */
export function scalarSeries(
  frames: readonly VtkFrame[],
  spec: string,
): SeriesValues | { frame: number; problem: string } {
  const n = frames[0]!.pointCount;
  const m = frames[0]!.types.length;
  const values = new Float32Array(frames.length * n);
  let cells: Float32Array | undefined;
  const lacking: number[] = [];
  let last: { nodes: Float64Array; cells: Float64Array | undefined } | undefined;
  const put = (k: number, v: NonNullable<typeof last>) => {
    values.set(v.nodes, k * n);
    if (v.cells) {
      cells ??= new Float32Array(frames.length * m);
      cells.set(v.cells.subarray(0, m), k * m);
    }
  };
  for (let k = 0; k < frames.length; k++) {
    const f = frames[k]!;
    if (!hasSpecArray(f, spec)) {
      lacking.push(k);
      if (last) put(k, last);
      continue;
    }
    const v = tupleValues(f, spec);
    if (typeof v === "string") return { frame: k, problem: `frame ${k}: ${v}` };
    const cell = v.kind === "cell";
    const now = {
      nodes: cell ? cellToNodes(f, v.values) : v.values,
      cells: cell ? v.values : undefined,
    };
    // The frames before the first that has it take its values.
    if (!last) for (const j of lacking) put(j, now);
    put(k, now);
    last = now;
  }
  const colon = spec.lastIndexOf(":");
  const array = colon < 0 || frames.some((f) => findArray(f, spec)) ? spec : spec.slice(0, colon);
  if (!last) return { frame: 0, problem: `no point or cell array '${array}' in any frame` };
  return { values, ...(cells ? { cells } : {}), array, lacking };
}
