/**
 * Semantic checks of a mesh animation (spec §4, §6). The text and binary
 * readers call the pieces with the source locations of what they check;
 * {@link validateAgr} runs all of them on an in-memory model (offset 0).
 */
import {
  type Diagnostic,
  DiagnosticSink,
  type Reporter,
  type Span,
} from "../../core/diagnostics.js";
import { firstNonFinite } from "../../core/finite.js";
import { msg } from "../../core/message.js";
import { nameProblem } from "../names.js";
import { checkTimes } from "../times.js";
import { MESH_TYPES } from "../types.js";
import { AGR, type AgrCode, type AgrKind } from "./codes.js";
import { CELL_KINDS, type MeshAnimation, type ParamDescriptor } from "./model.js";

/** Where the parts of a model live in its source; all offsets 0 for in-memory models. */
export interface AgrSpans {
  type: Span;
  /** Where the parameter counts are (a parameter is missing). */
  params: Span;
  frames: Span;
  coordinates: Span;
  scalar(p: number): Span;
  vector(p: number): Span;
  time(f: number): Span;
  cellType(c: number): Span;
  index(k: number): Span;
  /** Element `i` of positions (`p` = -1), scalar values (`vector` false) or vector values. */
  value(vector: boolean, p: number, i: number): Span;
}

const NOWHERE: Span = [0, 0];

/** Spans for a model without a source: every location is offset 0. */
export const NO_SPANS: AgrSpans = {
  type: NOWHERE,
  params: NOWHERE,
  frames: NOWHERE,
  coordinates: NOWHERE,
  scalar: () => NOWHERE,
  vector: () => NOWHERE,
  time: () => NOWHERE,
  cellType: () => NOWHERE,
  index: () => NOWHERE,
  value: () => NOWHERE,
};

const KIND_LIST = [...CELL_KINDS.values()].map((k) => `${k.vtk} (${k.name})`).join(", ");

/** Checks the mesh animation type: 0 or 1. */
export function checkType(type: number, r: Reporter<AgrKind>, at: Span): boolean {
  if (MESH_TYPES.has(type)) return true;
  r.report(
    AGR.badType,
    msg`expected mesh animation type 0 (thermal) or 1 (stress-strain), found ${{ found: type }}`,
    ...at,
  );
  return false;
}

/** Checks the parameter descriptors against the seed's table for `type` (spec §4). */
export function checkParamTable(
  type: number,
  scalars: readonly ParamDescriptor[],
  vectors: readonly ParamDescriptor[],
  r: Reporter<AgrKind>,
  at: AgrSpans,
): void {
  const row = MESH_TYPES.get(type);
  if (!row) return;
  const groups = [
    ["scalar", scalars, row.scalars[0], at.scalar],
    ["vector", vectors, row.vectors[0], at.vector],
  ] as const;
  for (const [what, list, seed, spanOf] of groups) {
    if (!seed) continue;
    const meaning = seed.name;
    const varying = seed.varying;
    const first = list[0];
    if (!first) {
      r.report(
        AGR.paramTable,
        `type ${type} (${row.solver}) needs ${what} parameter 0 (${meaning}), found no ${what} parameters`,
        ...at.params,
      );
      continue;
    }
    if (first.varying !== varying) {
      const s = spanOf(0);
      r.report(
        AGR.paramTable,
        `type ${type} (${row.solver}): ${what} parameter 0 (${meaning}) must be ${varying ? "varying" : "constant"}, found ${first.varying ? "varying" : "constant"} '${first.name}'`,
        ...s,
      );
    }
    if (list.length > 1) {
      const s = spanOf(1);
      r.report(
        AGR.beyondTable,
        `type ${type} has 1 ${what} parameter in the seed's table, found ${list.length}; ${what} parameters 1 and up are beyond the table`,
        ...s,
      );
    }
  }
}

/** Checks one descriptor's name and unit. */
export function checkDescriptor(
  d: ParamDescriptor,
  what: string,
  r: Reporter<AgrKind>,
  name: Span,
  unit: Span,
): void {
  const np = nameProblem(d.name);
  if (np) r.report(AGR.badName, `${what} name '${d.name}' ${np}`, ...name);
  const up = nameProblem(d.unit);
  if (up) r.report(AGR.badName, `${what} unit '${d.unit}' ${up}`, ...unit);
}

const MAX_INDEX_REPORTS = 10;

/** Node count per VTK cell type code; 0 for codes that are not a {@link CellKind}. */
const NODES_OF_TYPE = new Uint8Array(256);
for (const k of CELL_KINDS.values()) NODES_OF_TYPE[k.vtk] = k.nodes;

/** Whether every cell type is known, the cells' node counts add up to the connectivity and every index is below `n`. */
function cellsValid(types: Uint8Array, conn: Uint32Array, n: number): boolean {
  let k = 0;
  for (let c = 0; c < types.length; c++) {
    const nodes = NODES_OF_TYPE[types[c]!]!;
    if (nodes === 0) return false;
    k += nodes;
  }
  if (k !== conn.length) return false;
  for (let i = 0; i < conn.length; i++) if (conn[i]! >= n) return false;
  return true;
}

/** Checks cell kinds, node counts per kind and node indices against the node count. */
function checkCells(m: MeshAnimation, r: Reporter<AgrKind>, at: AgrSpans): void {
  const types = m.cellTypes;
  const conn = m.connectivity;
  const n = m.nodeCount;
  // Valid meshes pass in two tight loops; the located reports below walk the cells again.
  if (cellsValid(types, conn, n)) return;
  let k = 0;
  let bad = 0;
  for (let c = 0; c < types.length; c++) {
    const kind = CELL_KINDS.get(types[c]!);
    if (!kind) {
      const s = at.cellType(c);
      r.report(
        AGR.unknownCellKind,
        msg`expected a VTK cell type among ${KIND_LIST} for cell ${{ cell: c }}, found ${{ found: types[c]! }}`,
        ...s,
      );
      return;
    }
    if (k + kind.nodes > conn.length) {
      const s = at.cellType(c);
      r.report(
        AGR.cellNodes,
        msg`expected ${{ expected: kind.nodes }} node indices for ${kind.name} cell ${c}, found ${{ found: conn.length - k }} left in the connectivity`,
        ...s,
      );
      return;
    }
    for (let j = 0; j < kind.nodes; j++, k++) {
      const v = conn[k]!;
      if (v < n) continue;
      if (++bad <= MAX_INDEX_REPORTS) {
        const s = at.index(k);
        r.report(
          AGR.nodeIndex,
          `expected a node index below ${n} in ${kind.name} cell ${c}, found ${v}`,
          ...s,
        );
      }
    }
  }
  if (k !== conn.length) {
    const s = at.index(k);
    r.report(
      AGR.cellNodes,
      msg`expected ${{ expected: k }} node indices for the ${types.length} cells, found ${{ found: conn.length }}`,
      ...s,
    );
  }
  if (bad > MAX_INDEX_REPORTS) {
    const s = at.index(0);
    r.report(AGR.nodeIndex, `${bad} node indices in all are out of range`, ...s);
  }
}

/** How a finding names an array of values: `positions`, `scalar parameter 0 'temperature'`. */
export function valuesName(
  m: Pick<MeshAnimation, "scalars" | "vectors">,
  vector: boolean,
  p: number,
): string {
  if (p < 0) return "positions";
  const d = (vector ? m.vectors : m.scalars)[p];
  return `${vector ? "vector" : "scalar"} parameter ${p} '${d?.name}'`;
}

/** Reports the first non-finite value of an array: element `i` (of the whole array), `found`. */
export function reportNonFinite(
  r: Reporter<AgrKind>,
  what: string,
  found: number,
  i: number,
  at: Span,
): void {
  r.report(
    AGR.nonFinite,
    msg`expected finite values in ${what}, found ${{ found }} at element ${{ index: i }}`,
    ...at,
  );
}

/** Checks that positions and parameter values are finite (one report per array). */
function checkFinite(m: MeshAnimation, r: Reporter<AgrKind>, at: AgrSpans): void {
  const arrays: [Float32Array, boolean, number][] = [[m.positions, false, -1]];
  m.scalarValues.forEach((a, p) => {
    arrays.push([a, false, p]);
  });
  m.vectorValues.forEach((a, p) => {
    arrays.push([a, true, p]);
  });
  for (const [a, vector, p] of arrays) {
    const i = firstNonFinite(a);
    if (i >= 0) reportNonFinite(r, valuesName(m, vector, p), a[i]!, i, at.value(vector, p, i));
  }
}

/** Type 0: checks that vector 0's constant values equal the mesh positions (warning). */
export function checkCoordinates(m: MeshAnimation, r: Reporter<AgrKind>, at: Span): void {
  const d = m.vectors[0];
  const v = m.vectorValues[0];
  if (m.type !== 0 || !d || d.varying || !v) return;
  const p = m.positions;
  const n = Math.min(p.length, v.length);
  for (let i = 0; i < n; i++) {
    if (Object.is(p[i], v[i]) || p[i] === v[i]) continue;
    const node = Math.floor(i / 3);
    r.report(
      AGR.coordinates,
      msg`expected node ${{ node }}'s constant coordinates '${d.name}' to equal its mesh position, found ${{ found: v[i]! }} instead of ${{ expected: p[i]! }} (component ${"xyz"[i % 3]!})`,
      ...at,
    );
    return;
  }
}

/** Array-length problems of an in-memory model (empty when its shape is consistent). */
export function shapeProblems(m: MeshAnimation): string[] {
  const out: string[] = [];
  const n = m.nodeCount;
  const f = m.times.length;
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) out.push(`nodeCount ${n} is not a u32`);
  if (m.positions.length !== 3 * n)
    out.push(`positions has ${m.positions.length} numbers, expected 3·${n}`);
  if (m.scalarValues.length !== m.scalars.length)
    out.push(`${m.scalarValues.length} scalar value arrays for ${m.scalars.length} scalars`);
  if (m.vectorValues.length !== m.vectors.length)
    out.push(`${m.vectorValues.length} vector value arrays for ${m.vectors.length} vectors`);
  // A model read frame by frame holds no values for its varying parameters.
  const stored = (d: ParamDescriptor) => (!d.varying ? 1 : m.frames ? 0 : f);
  m.scalars.forEach((d, p) => {
    const want = stored(d) * n;
    const got = m.scalarValues[p]?.length;
    if (got !== undefined && got !== want)
      out.push(`scalar parameter ${p} has ${got} values, expected ${want}`);
  });
  m.vectors.forEach((d, p) => {
    const want = stored(d) * 3 * n;
    const got = m.vectorValues[p]?.length;
    if (got !== undefined && got !== want)
      out.push(`vector parameter ${p} has ${got} values, expected ${want}`);
  });
  if (m.scalars.length + m.vectors.length > 0xffffffff) out.push("too many parameters");
  return out;
}

/**
 * Runs every semantic and data check of `m`, reporting at `at`; the
 * descriptors' names only with `names`, the values' finiteness only with
 * `finite` (a caller that checked the values itself, decision 391).
 */
export function checkAgr(
  m: MeshAnimation,
  r: Reporter<AgrKind>,
  at: AgrSpans,
  names = true,
  finite = true,
): void {
  if (checkType(m.type, r, at.type)) checkParamTable(m.type, m.scalars, m.vectors, r, at);
  if (names) {
    m.scalars.forEach((d, p) => {
      checkDescriptor(d, `scalar ${p}`, r, at.scalar(p), at.scalar(p));
    });
    m.vectors.forEach((d, p) => {
      checkDescriptor(d, `vector ${p}`, r, at.vector(p), at.vector(p));
    });
  }
  checkTimes(m.times, r, at, AGR);
  checkCells(m, r, at);
  if (finite) checkFinite(m, r, at);
  checkCoordinates(m, r, at.coordinates);
}

/** All diagnostics of an in-memory mesh animation (locations are offset 0). */
export function validateAgr(m: MeshAnimation): Diagnostic<AgrCode>[] {
  const sink = new DiagnosticSink<AgrKind>();
  const problems = shapeProblems(m);
  for (const p of problems) sink.report(AGR.shape, p, 0);
  if (problems.length === 0) checkAgr(m, sink, NO_SPANS);
  return sink.items;
}
