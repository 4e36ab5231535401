/**
 * Merging the parts of one time step (a `.pvd` with several `part`s at a
 * timestep, or the Pieces of one file) into one frame: points, cells, line
 * segments and vertices one part after another (points on the parts' common
 * boundary stay one per part), point and cell arrays that every part has
 * with the same components concatenated, others left out.
 */
import type { VtkFrame } from "./model.js";
import type { DecodedArray } from "./read-data.js";

/** One frame of `parts` (at least one), named after the first. */
export function mergeFrames(parts: readonly VtkFrame[]): VtkFrame {
  const first = parts[0]!;
  if (parts.length === 1) return first;
  let pointCount = 0;
  let cells = 0;
  let entries = 0;
  for (const p of parts) {
    pointCount += p.pointCount;
    cells += p.types.length;
    entries += p.connectivity.length;
  }
  const points = new Float64Array(3 * pointCount);
  const types = new Uint8Array(cells);
  const connectivity = new Uint32Array(entries);
  let base = 0;
  let c = 0;
  let e = 0;
  for (const p of parts) {
    points.set(p.points, 3 * base);
    types.set(p.types, c);
    for (let k = 0; k < p.connectivity.length; k++) connectivity[e + k] = p.connectivity[k]! + base;
    base += p.pointCount;
    c += p.types.length;
    e += p.connectivity.length;
  }
  const bases = parts.map((_, k) => parts.slice(0, k).reduce((n, p) => n + p.pointCount, 0));
  const shifted = (get: (p: VtkFrame) => Uint32Array | undefined) =>
    concat(parts.map((p, k) => add(get(p) ?? new Uint32Array(0), bases[k]!)));
  // The file cells of each part numbered after the previous parts'.
  let cellBase = 0;
  const sources = parts.map((p) => {
    const s = p.cellSource ?? Uint32Array.from(p.types, (_, c) => c);
    const out = add(s, cellBase);
    cellBase += s.reduce((m, x) => Math.max(m, x + 1), 0);
    return out;
  });
  return {
    file: first.file,
    start: first.start,
    text: first.text,
    ...(first.ascii ? { ascii: first.ascii } : {}),
    time: first.time,
    points,
    pointCount,
    types,
    connectivity,
    skippedCells: parts.reduce((n, p) => n + p.skippedCells, 0),
    pointData: mergeArrays(parts.map((p) => p.pointData)),
    cellData: mergeArrays(parts.map((p) => p.cellData)),
    cellSource: concat(sources),
    lines: shifted((p) => p.lines),
    vertices: shifted((p) => p.vertices),
    ...mergeInner(parts, bases),
  };
}

/** The parts' inner nodes: cells after the earlier parts' cells, points after their points. */
function mergeInner(parts: readonly VtkFrame[], bases: readonly number[]): Pick<VtkFrame, "inner"> {
  if (!parts.some((p) => p.inner)) return {};
  let cellBase = 0;
  let idBase = 0;
  const cells: Uint32Array[] = [];
  const ends: Uint32Array[] = [];
  const ids: Uint32Array[] = [];
  parts.forEach((p, k) => {
    if (p.inner) {
      cells.push(add(p.inner.cells, cellBase));
      ends.push(add(p.inner.ends, idBase));
      ids.push(add(p.inner.ids, bases[k]!));
      idBase += p.inner.ids.length;
    }
    cellBase += p.types.length;
  });
  return { inner: { cells: concat(cells), ends: concat(ends), ids: concat(ids) } };
}

/** The arrays of the first part that every part has with the same components, concatenated. */
function mergeArrays(parts: readonly (readonly DecodedArray[])[]): DecodedArray[] {
  const out: DecodedArray[] = [];
  for (const a of parts[0]!) {
    const all = parts.map((p) => p.find((x) => x.name === a.name && x.components === a.components));
    if (all.some((x) => !x)) continue;
    const values = new Float64Array(all.reduce((n, x) => n + x!.values.length, 0));
    let at = 0;
    for (const x of all) {
      values.set(x!.values, at);
      at += x!.values.length;
    }
    out.push({ name: a.name, components: a.components, values });
  }
  return out;
}

/** `a` plus `k` in each element. */
function add(a: Uint32Array, k: number): Uint32Array {
  return k === 0 ? a : a.map((x) => x + k);
}

/** The arrays one after another. */
function concat(arrays: readonly Uint32Array[]): Uint32Array {
  const out = new Uint32Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}
