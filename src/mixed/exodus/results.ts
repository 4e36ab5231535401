/**
 * The results of an Exodus II file as frames: one per time step
 * (`time_whole`), each with the nodal variables as point data and the
 * element variables as cell data (one value per output cell, in block
 * order). Nodal variables named as components (`disp_x`/`disp_y`/`disp_z`,
 * `DISPLX`/`DISPLY`/`DISPLZ`) are also combined into one vector (see
 * `vectors.ts`). Global variables are not read. A file without time steps
 * is one frame of the mesh, without time.
 */
import { msg } from "../../core/message.js";
import type { VtkFrame } from "../vtk/model.js";
import type { DecodedArray } from "../vtk/read-data.js";
import { EXO } from "./codes.js";
import type { ExodusContainer } from "./container.js";
import {
  type ExodusMesh,
  type ExoSink,
  fitting,
  MAX_STEPS,
  MAX_VALUES,
  variable,
} from "./values.js";
import { withVectors } from "./vectors.js";

/** One variable's values at every step: `step(t)` is step t's values. */
interface Series {
  readonly name: string;
  /** Components per value (1, except meshio's vectors). */
  readonly components?: number;
  step(t: number): Float64Array;
}

export function readResults(
  c: ExodusContainer,
  mesh: ExodusMesh,
  { file, size }: { file: string; size: number },
  sink: ExoSink,
): VtkFrame[] | undefined {
  const steps = fitting(c, "time_step", { bytes: size / 8, limit: MAX_STEPS }, sink);
  if (steps === undefined) return undefined;
  const cells = mesh.types.length;
  const nodal = names(c, "name_nod_var", "num_nod_var", size, sink);
  const element = names(c, "name_elem_var", "num_elem_var", size, sink);
  // Vectors made of components take at most as many values again as their components.
  const total = steps * (2 * nodal.length * mesh.pointCount + element.length * cells);
  if (total > MAX_VALUES) {
    sink.report(
      EXO.budget,
      msg`reading ${{ count: total }} values exceeds the memory budget`,
      c.at("time_step"),
    );
    return undefined;
  }
  const times = steps > 0 ? readTimes(c, steps, sink) : [undefined];
  const points =
    nodal.length > 0 && steps > 0 ? nodalSeries(c, nodal, steps, mesh.pointCount, sink) : [];
  const perCell =
    element.length > 0 && steps > 0 ? elementSeries(c, element, steps, mesh, sink) : [];
  return times.map((time, t) => {
    const pointData: DecodedArray[] = points.map((s) => ({
      name: s.name,
      components: s.components ?? 1,
      values: s.step(t),
    }));
    const cellData: DecodedArray[] = perCell.map((s) => ({
      name: s.name,
      components: 1,
      values: s.step(t),
    }));
    return {
      file,
      start: 0,
      text: undefined,
      time,
      points: mesh.points,
      pointCount: mesh.pointCount,
      types: mesh.types,
      connectivity: mesh.connectivity,
      skippedCells: mesh.skippedCells,
      lines: mesh.lines,
      vertices: mesh.vertices,
      pointData: withVectors(pointData, c.dimension("num_dim") ?? 3),
      cellData,
    };
  });
}

/** The names of a name table (`name_nod_var`), as many as its dimension says. */
function names(
  c: ExodusContainer,
  table: string,
  count: string,
  size: number,
  sink: ExoSink,
): string[] {
  const n = fitting(c, count, { bytes: size, limit: MAX_STEPS }, sink) ?? 0;
  if (n === 0) return [];
  const rows = c.strings(table, MAX_VALUES);
  const list = Array.isArray(rows) ? rows : [];
  return Array.from({ length: n }, (_, k) => list[k] || `${table.replace("name_", "")}${k + 1}`);
}

/** The step times; frame numbers (and EXO012) when they are missing or do not increase. */
function readTimes(c: ExodusContainer, steps: number, sink: ExoSink): (number | undefined)[] {
  const numbered = Array.from({ length: steps }, (_, k) => k);
  const v = c.shape("time_whole") ? c.numbers("time_whole", steps) : { error: "absent" };
  const ok =
    !("error" in v) &&
    v.length === steps &&
    v.every((x, k) => Number.isFinite(x) && (k === 0 || x > v[k - 1]!));
  if (ok) return Array.from(v as Float64Array);
  sink.report(
    EXO.times,
    msg`time_whole is missing or does not increase: frames are numbered 0, 1, 2 … s`,
    c.at("time_whole"),
  );
  return numbered;
}

/** The nodal variables: `vals_nod_varK` (time_step, num_nodes), or the old `vals_nod_var` (time_step, num_nod_var, num_nodes). */
function nodalSeries(
  c: ExodusContainer,
  nodal: string[],
  steps: number,
  n: number,
  sink: ExoSink,
): Series[] {
  if (c.shape("vals_nod_var1") === undefined && c.shape("vals_nod_var") !== undefined) {
    const all = variable(c, "vals_nod_var", steps * nodal.length * n, sink);
    if (!all) return [];
    const per = nodal.length * n;
    return nodal.map((name, k) => ({
      name,
      step: (t) => all.subarray(t * per + k * n, t * per + (k + 1) * n),
    }));
  }
  return nodal.flatMap((name, k) => {
    const vname = `vals_nod_var${k + 1}`;
    // meshio writes a vector as one variable (time_step, num_nodes, components): decision 211.
    const shape = c.shape(vname) ?? [];
    const m = shape.length === 3 && shape[1] === n && shape[2]! <= 9 ? shape[2]! : 1;
    const v = variable(c, vname, steps * n * m, sink);
    const per = n * m;
    return v
      ? [{ name, components: m, step: (t: number) => v.subarray(t * per, (t + 1) * per) }]
      : [];
  });
}

/**
 * The element variables over the output cells: each block's values at its
 * cells, 0 on blocks the truth table (`elem_var_tab`) leaves it off (EXO011,
 * naming them), nothing for blocks left out.
 */
function elementSeries(
  c: ExodusContainer,
  element: string[],
  steps: number,
  mesh: ExodusMesh,
  sink: ExoSink,
): Series[] {
  const cells = mesh.types.length;
  const nb = mesh.blocks.length;
  const tab = c.shape("elem_var_tab") ? c.numbers("elem_var_tab", nb * element.length) : undefined;
  const table = tab && !("error" in tab) && tab.length === nb * element.length ? tab : undefined;
  return element.flatMap((name, k) => {
    const values = new Float64Array(steps * cells);
    const off: string[] = [];
    for (const block of mesh.blocks) {
      if (block.firstCell === undefined) continue;
      const b = block.number;
      const vname = `vals_elem_var${k + 1}eb${b}`;
      if (table ? table[(b - 1) * element.length + k] === 0 : c.shape(vname) === undefined) {
        off.push(block.name);
        continue;
      }
      const v = variable(c, vname, steps * block.elements, sink);
      if (!v) return [];
      for (let t = 0; t < steps; t++)
        values.set(
          v.subarray(t * block.elements, (t + 1) * block.elements),
          t * cells + block.firstCell,
        );
    }
    if (off.length === mesh.blocks.filter((b) => b.firstCell !== undefined).length) return [];
    if (off.length > 0)
      sink.report(
        EXO.truthTable,
        msg`element variable '${{ name }}' is not defined on ${{ blocks: off.join(", ") }}: 0 there`,
        c.at("elem_var_tab"),
      );
    return [{ name, step: (t: number) => values.subarray(t * cells, (t + 1) * cells) }];
  });
}
