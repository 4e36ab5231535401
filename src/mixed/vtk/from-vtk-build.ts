/**
 * The two mesh animations `agr from-vtk` builds from checked frames
 * (from-vtk.ts): type 1 (stress-strain), coordinates and displacement per
 * frame; type 0 (thermal), fixed points and one scalar. See from-vtk.ts for
 * the seed's table.
 */
import { msg } from "../../core/message.js";
import type { MeshAnimation, ParamDescriptor } from "../agr/model.js";
import { VTK } from "./codes.js";
import { arrayList, type Findings, noteHeld, sameArray, seriesArrays } from "./from-vtk-frames.js";
import type { VtkFrame } from "./model.js";
import {
  chooseDisplacement,
  defaultScalar,
  isTemperatureName,
  scalarParam,
  scalarSeries,
  vectorArray,
} from "./select.js";

/** What both types share: the first frame's mesh and the frame times. */
export type MeshBase = Pick<
  MeshAnimation,
  "nodeCount" | "positions" | "cellTypes" | "connectivity" | "times"
>;

/** A scalar over all frames: its descriptor and its F·N values (of a cell array also its F·M cell values). */
export interface ScalarSeries {
  readonly param: ParamDescriptor;
  readonly values: Float32Array;
  readonly cells?: Float32Array;
}

/** What the one line of taken arrays adds for a scalar made of a cell array. */
export const AVERAGED = "a cell array: each node takes the mean of the cells that use it";

/** The `cellValues` of a model whose scalars are `series` (absent when none comes from cells). */
export function cellValuesOf(
  series: readonly (ScalarSeries | undefined)[],
): Pick<MeshAnimation, "cellValues"> {
  if (!series.some((s) => s?.cells)) return {};
  return { cellValues: series.map((s) => s?.cells) };
}

/** The mesh of the first frame and `times`. */
export function meshBase(first: VtkFrame, times: Float64Array): MeshBase {
  return {
    nodeCount: first.pointCount,
    positions: Float32Array.from(first.points),
    cellTypes: first.types.slice(),
    connectivity: first.connectivity.slice(),
    times,
  };
}

/**
 * The scalar `spec` over all frames (frames that lack its array hold it, one
 * warning), or undefined (an error) when no frame has it or one cannot give it.
 */
export function scalarOver(
  frames: readonly VtkFrame[],
  spec: string,
  unit: string | undefined,
  findings: Findings,
): ScalarSeries | undefined {
  const r = scalarSeries(frames, spec);
  if ("values" in r) {
    noteHeld(frames, r.array, r.lacking, findings);
    return {
      param: scalarParam(spec, unit),
      values: r.values,
      ...(r.cells ? { cells: r.cells } : {}),
    };
  }
  const f = frames[r.frame]!;
  const message = `scalar '${spec}', ${r.problem} (arrays: ${arrayList(frames) || "none"})`;
  findings.error(f.file, VTK.scalarMissing, message, f.start);
  return undefined;
}

/** How type 1 chooses its displacement: the array named, and whether an ambiguous `U`/`u` may be taken. */
export interface DisplacementChoice {
  readonly named: string | undefined;
  readonly ambiguous: boolean;
}

/** Why each array was taken, one phrase each, for the one line a command prints. */
export type Said = string[];

/**
 * The displacement array type 1 takes: the one named, else one found by a
 * name that settles it when the points stay put, else (when allowed) a
 * `U`/`u`, with a warning naming it (VTK030).
 */
function displacementArray(
  frames: readonly VtkFrame[],
  choice: DisplacementChoice,
  findings: Findings,
  said: Said,
): string | undefined {
  const first = frames[0]!;
  const moves = frames.some((f) => !sameArray(f.points, first.points));
  // The first frame with a candidate decides: a heat step may come before the frames with a displacement.
  const chosen =
    choice.named !== undefined || !moves
      ? frames
          .map((f) => chooseDisplacement(f, choice.named, choice.ambiguous))
          .find((c) => c !== undefined)
      : undefined;
  const wanted = chosen?.name;
  if (wanted !== undefined) {
    // A frame that has the name must hold a 3-component array; frames without it hold (noteHeld).
    const has = (f: VtkFrame) => f.pointData.some((a) => a.name === wanted);
    const having = frames.filter(has);
    const bad = having.find((f) => !vectorArray(f, wanted)) ?? (having.length ? undefined : first);
    if (bad) {
      const message = `no 3-component point array '${wanted}' in frame ${frames.indexOf(bad)} (arrays: ${arrayList(frames) || "none"})`;
      findings.error(bad.file, VTK.scalarMissing, message, bad.start);
    } else {
      const lacking = frames.flatMap((f, k) => (has(f) ? [] : [k]));
      noteHeld(frames, wanted, lacking, findings);
    }
  }
  if (chosen?.reason === "ambiguous") {
    findings.note(
      first.file,
      VTK.ambiguousDisplacement,
      msg`'${{ name: chosen.name }}' is taken as the displacement, but the name may mean velocity (OpenFOAM's U); choose with --displacement NAME`,
      first.start,
    );
  }
  if (chosen) said.push(`displacement '${chosen.name}' (${REASONS[chosen.reason]})`);
  else
    said.push(
      moves
        ? "no displacement array: the points move, positions are the points"
        : "no displacement array: the displacement is 0",
    );
  if (findings.ok && wanted === undefined && !moves) {
    findings.note(
      first.file,
      VTK.noDisplacement,
      msg`no displacement array (displ…, displacement…, nodal displacement; or --displacement NAME) and the points do not move: the displacement is 0`,
      first.start,
    );
  }
  return wanted;
}

/** The displacement of each frame: its array `name`, else the previous frame's, else none (0). */
function heldVectors(
  frames: readonly VtkFrame[],
  name: string | undefined,
): (Float64Array | undefined)[] {
  let last: Float64Array | undefined;
  return frames.map((f) => {
    if (name !== undefined) last = vectorArray(f, name)?.values ?? last;
    return last;
  });
}

/** The reasons of {@link chooseDisplacement}, as the command's line says them. */
const REASONS = {
  named: "--displacement",
  "by name": "its name means displacement",
  ambiguous: "U may be velocity: --type 1 takes it",
} as const;

/**
 * The length of (x, y, z). Not `Math.hypot`, many times slower: the values
 * are float32 or float64 read from a file, whose squares cannot overflow a
 * float64 (finite float32 squares stay below 1.2e77; float64 data that large
 * is not a displacement).
 */
function length3(x: number, y: number, z: number): number {
  return Math.sqrt(x * x + y * y + z * z);
}

/**
 * Type 1: coordinates p + u with |u| when a displacement array is taken,
 * else the points themselves with a one-component `displacement` array or |p − p0|.
 */
export function stressStrain(
  frames: readonly VtkFrame[],
  base: MeshBase,
  choice: DisplacementChoice,
  extra: ScalarSeries | undefined,
  findings: Findings,
  said: Said,
): MeshAnimation | undefined {
  const wanted = displacementArray(frames, choice, findings, said);
  if (!findings.ok) return undefined;
  const n = base.nodeCount;
  const F = frames.length;
  const positions = base.positions;
  const coordinates = new Float32Array(F * 3 * n);
  const displacement = new Float32Array(F * n);
  const given = frames.every((f) => findScalar(f, "displacement"));
  const held = heldVectors(frames, wanted);
  for (let k = 0; k < F; k++) {
    const p = frames[k]!.points;
    const u = held[k];
    if (wanted !== undefined && !u) {
      // Before the first frame with the displacement array: the points, displacement 0.
      coordinates.set(p.subarray(0, 3 * n), k * 3 * n);
      continue;
    }
    const a = given ? findScalar(frames[k]!, "displacement")! : undefined;
    for (let i = 0; i < n; i++) {
      const o = k * 3 * n + 3 * i;
      if (u) {
        for (let c = 0; c < 3; c++) coordinates[o + c] = p[3 * i + c]! + u[3 * i + c]!;
        displacement[k * n + i] = length3(u[3 * i]!, u[3 * i + 1]!, u[3 * i + 2]!);
        continue;
      }
      for (let c = 0; c < 3; c++) coordinates[o + c] = p[3 * i + c]!;
      displacement[k * n + i] = a
        ? a[i]!
        : length3(
            p[3 * i]! - positions[3 * i]!,
            p[3 * i + 1]! - positions[3 * i + 1]!,
            p[3 * i + 2]! - positions[3 * i + 2]!,
          );
    }
  }
  return {
    type: 1,
    ...base,
    scalars: [{ name: "displacement", unit: "-", varying: true }, ...(extra ? [extra.param] : [])],
    vectors: [{ name: "coordinates", unit: "m", varying: true }],
    scalarValues: [displacement, ...(extra ? [extra.values] : [])],
    vectorValues: [coordinates],
    ...cellValuesOf([undefined, extra]),
  };
}

/** Errors for each frame whose points move by more than `tolerance` from the first's. */
function checkFixedPoints(
  frames: readonly VtkFrame[],
  tolerance: number,
  findings: Findings,
): void {
  const first = frames[0]!;
  for (let k = 1; k < frames.length; k++) {
    const f = frames[k]!;
    let worst = 0;
    for (let i = 0; i < 3 * first.pointCount; i++)
      worst = Math.max(worst, Math.abs(f.points[i]! - first.points[i]!));
    if (worst > tolerance) {
      findings.error(
        f.file,
        VTK.pointsMove,
        msg`frame ${{ frame: k }}: points move by up to ${{ shift: worst }} (tolerance ${{ tolerance }}); a thermal series keeps them fixed (use --type 1?)`,
        f.start,
      );
    }
  }
}

/** The scalar a thermal series takes when none is named: a temperature, else the only candidate (of any frame). */
function defaultThermalScalar(
  frames: readonly VtkFrame[],
  unit: string | undefined,
  findings: Findings,
  said: Said,
): ScalarSeries | undefined {
  const first = frames[0]!;
  // Chosen among the arrays of every frame: a heat step may follow frames without a temperature.
  const pick = defaultScalar({
    ...first,
    pointData: seriesArrays(frames),
    cellData: seriesArrays(frames, "cell"),
  });
  if ("name" in pick) {
    const why = isTemperatureName(pick.name)
      ? "its name means temperature"
      : "the only one-component array";
    const scalar = scalarOver(frames, pick.name, unit, findings);
    said.push(`scalar '${pick.name}' (${why}${scalar?.cells ? `; ${AVERAGED}` : ""})`);
    return scalar;
  }
  if (pick.candidates.length > 1) {
    const names = pick.candidates.map((c) => `'${c}'`).join(", ");
    const message = msg`no temperature array (temperature, temp, t, nt) and ${{ count: pick.candidates.length }} candidates: ${{ names }}; choose one with --scalar NAME`;
    findings.error(first.file, VTK.scalarAmbiguous, message, first.start);
  } else {
    const message = `no one-component point or cell array to take as the scalar (arrays: ${arrayList(frames) || "none"}); id arrays are not taken: name one with --scalar NAME`;
    findings.error(first.file, VTK.scalarMissing, message, first.start);
  }
  return undefined;
}

/** Type 0: the points fixed within `tolerance`, the scalar `extra` (named) or the default one. */
export function thermal(
  frames: readonly VtkFrame[],
  base: MeshBase,
  options: {
    readonly named: boolean;
    readonly unit: string | undefined;
    readonly tolerance: number;
  },
  extra: ScalarSeries | undefined,
  findings: Findings,
  said: Said,
): MeshAnimation | undefined {
  checkFixedPoints(frames, options.tolerance, findings);
  const scalar = options.named ? extra : defaultThermalScalar(frames, options.unit, findings, said);
  if (!findings.ok || !scalar) return undefined;
  return {
    type: 0,
    ...base,
    scalars: [scalar.param],
    vectors: [{ name: "coordinates", unit: "m", varying: false }],
    scalarValues: [scalar.values],
    vectorValues: [Float32Array.from(base.positions)],
    ...cellValuesOf([scalar]),
  };
}

/** The one-component point array `name` of `f`, if any. */
function findScalar(f: VtkFrame, name: string): Float64Array | undefined {
  const a = f.pointData.find((x) => x.name === name && x.components === 1);
  return a?.values;
}
