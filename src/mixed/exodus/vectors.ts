/**
 * Exodus II stores a vector as one nodal variable per component, named by a
 * stem and an axis: MOOSE's `disp_x`, `disp_y`, `disp_z`, Sierra's `DISPLX`,
 * `DISPLY`, `DISPLZ`. Components of one stem (x and y, and z unless the mesh
 * is 2-D; any case) are combined into a 3-component array named by the stem
 * (`disp`, `DISPL`; z = 0 in 2-D), added after the components, which stay as
 * scalars (decision 204). Whether a vector is followed as the displacement is
 * the selection's rule (`displ…`, `disp`), not this file's.
 */
import type { DecodedArray } from "../vtk/read-data.js";

/** The stem and axis of a component name, or undefined. */
function component(name: string): { stem: string; axis: number } | undefined {
  const m = /^(.+?)(_?)([xyzXYZ])$/.exec(name);
  // A stem ending in an axis letter is a tensor component (`stress_xy`), not a vector's.
  if (!m || /[xyzXYZ]$/.test(m[1]!)) return undefined;
  return { stem: m[1]!, axis: "xyz".indexOf(m[3]!.toLowerCase()) };
}

/** `arrays` with the vectors their components make appended. */
export function withVectors(arrays: readonly DecodedArray[], dimensions: number): DecodedArray[] {
  const groups = new Map<string, (DecodedArray | undefined)[]>();
  for (const a of arrays) {
    const c = a.components === 1 ? component(a.name) : undefined;
    if (!c) continue;
    const key = `${c.stem}\u0000${/_[xyzXYZ]$/.test(a.name) ? "_" : ""}`;
    const g = groups.get(key) ?? [undefined, undefined, undefined];
    g[c.axis] = a;
    groups.set(key, g);
  }
  const out = [...arrays];
  for (const [key, [x, y, z]] of groups) {
    const stem = key.split("\u0000")[0]!;
    if (!x || !y || (dimensions === 3 && !z) || out.some((a) => a.name === stem)) continue;
    const n = x.values.length;
    const values = new Float64Array(3 * n);
    [x, y, z].forEach((a, axis) => {
      if (a) for (let i = 0; i < n; i++) values[3 * i + axis] = a.values[i] ?? 0;
    });
    out.push({ name: stem, components: 3, values });
  }
  return out;
}
