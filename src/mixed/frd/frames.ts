/**
 * The steps of a `.frd` as frames: consecutive result blocks of one step
 * number and one time value make one frame (a block whose name the frame
 * already has begins the next). A result that some frames lack is held
 * from the previous frame that has it; before the first that has it, DISP
 * is 0 and any other takes that frame's values (as VTK027 does); one
 * warning per result names the first frame without it.
 */
import type { DiagnosticSink, KindOf } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import type { VtkFrame } from "../vtk/index.js";
import { FRD } from "./codes.js";
import type { FrdCells, FrdNodes } from "./mesh.js";
import type { FrdResult } from "./results.js";

/** Groups result blocks into steps, in file order. */
export function groupSteps(results: readonly FrdResult[]): FrdResult[][] {
  const steps: FrdResult[][] = [];
  let current: FrdResult[] | undefined;
  for (const r of results) {
    const same =
      current !== undefined &&
      current[0]!.step === r.step &&
      Object.is(current[0]!.time, r.time) &&
      !current.some((x) => x.name === r.name);
    if (!same) {
      current = [];
      steps.push(current);
    }
    current!.push(r);
  }
  return steps;
}

/** Whether a result is CalculiX's displacement (held as 0 before its first step). */
const isDisplacement = (name: string) => name === "DISP";

/** The frames of `steps` over the mesh; with no step, one frame of the mesh alone. */
export function buildFrames(
  file: string,
  text: string | undefined,
  nodes: FrdNodes,
  cells: FrdCells,
  steps: readonly FrdResult[][],
  sink: DiagnosticSink<KindOf<typeof FRD>>,
): VtkFrame[] {
  const frame = (start: number, time: number | undefined, pointData: VtkFrame["pointData"]) => ({
    file,
    start,
    text,
    time,
    points: nodes.points,
    pointCount: nodes.count,
    types: cells.types,
    connectivity: cells.connectivity,
    skippedCells: cells.skipped,
    lines: cells.lines,
    pointData,
    cellData: [],
  });
  if (steps.length === 0) return [frame(0, undefined, [])];
  const names: { name: string; components: number }[] = [];
  for (const s of steps)
    for (const r of s)
      if (!names.some((x) => x.name === r.name))
        names.push({ name: r.name, components: r.components });
  const data = steps.map(() => [] as { name: string; components: number; values: Float64Array }[]);
  for (const { name, components } of names) {
    const has = steps.map((s) => s.find((r) => r.name === name && r.components === components));
    const first = has.findIndex((r) => r !== undefined);
    const lacking = has.flatMap((r, k) => (r ? [] : [k]));
    let last: Float64Array | undefined;
    for (let k = 0; k < steps.length; k++) {
      const values =
        has[k]?.values ??
        last ??
        (isDisplacement(name) ? new Float64Array(nodes.count * components) : has[first]!.values);
      last = values;
      data[k]!.push({ name, components, values });
    }
    if (lacking.length > 0) {
      const at = steps[lacking[0]!]![0]!.start;
      const count = lacking.length;
      sink.report(
        FRD.resultHeld,
        msg`result ${{ name }} is missing from ${{ count }} step${count > 1 ? "s" : ""}, first frame ${{ frame: lacking[0]! }}: held from the previous step that has it (before the first: ${isDisplacement(name) ? "0" : "that step's values"})`,
        at,
      );
    }
  }
  return steps.map((s, k) => frame(s[0]!.start, s[0]!.time, data[k]!));
}
