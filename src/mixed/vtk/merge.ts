/**
 * Merging the parts of one time step (a `.pvd` with several `part`s at a
 * timestep) into one frame: points and cells one part after another (points
 * on the parts' common boundary stay one per part), point arrays that every
 * part has with the same components concatenated, others left out.
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
  const pointData: DecodedArray[] = [];
  for (const a of first.pointData) {
    const all = parts.map((p) =>
      p.pointData.find((x) => x.name === a.name && x.components === a.components),
    );
    if (all.some((x) => !x)) continue;
    const values = new Float64Array(pointCount * a.components);
    let at = 0;
    for (const x of all) {
      values.set(x!.values, at);
      at += x!.values.length;
    }
    pointData.push({ name: a.name, components: a.components, values });
  }
  return {
    file: first.file,
    start: first.start,
    text: first.text,
    time: first.time,
    points,
    pointCount,
    types,
    connectivity,
    skippedCells: parts.reduce((n, p) => n + p.skippedCells, 0),
    pointData,
    cellData: [],
  };
}
