/**
 * A displacement written as one-component arrays per axis (deal.II's
 * `x_displacement`, `y_displacement`, `z_displacement`; a 2-D run has no
 * `z_`) combined into one 3-component point array named `displacement`, so
 * the conversion and the studio follow it like any displacement vector
 * (decision 179). The frame is left as it is when it already has an array
 * named `displacement` or lacks `x_` or `y_`.
 */
import type { VtkFrame } from "./model.js";
import type { DecodedArray } from "./read-data.js";

/** The name of the combined array. */
export const COMBINED_DISPLACEMENT = "displacement";

/** The one-component arrays `x_displacement` … of `f` (any case), by axis. */
function splitArrays(f: VtkFrame): (DecodedArray | undefined)[] {
  return ["x", "y", "z"].map((axis) =>
    f.pointData.find((a) => a.components === 1 && a.name.toLowerCase() === `${axis}_displacement`),
  );
}

/** The names `f`'s split displacement would be combined from, or undefined when it has none to combine. */
export function splitDisplacementNames(f: VtkFrame): string[] | undefined {
  if (f.pointData.some((a) => a.name === COMBINED_DISPLACEMENT)) return undefined;
  const [x, y, z] = splitArrays(f);
  if (!x || !y) return undefined;
  return [x, y, z].filter((a) => a !== undefined).map((a) => a.name);
}

/** `f` with its split displacement combined into one `displacement` array (z = 0 when absent), if it has one. */
export function withSplitDisplacement(f: VtkFrame): VtkFrame {
  if (!splitDisplacementNames(f)) return f;
  const parts = splitArrays(f);
  const n = f.pointCount;
  const values = new Float64Array(3 * n);
  parts.forEach((a, c) => {
    if (!a) return;
    for (let i = 0; i < n && i < a.values.length; i++) values[3 * i + c] = a.values[i]!;
  });
  const combined: DecodedArray = { name: COMBINED_DISPLACEMENT, components: 3, values };
  return { ...f, pointData: [...f.pointData, combined] };
}
