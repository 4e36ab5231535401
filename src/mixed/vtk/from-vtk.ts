/**
 * A mesh animation made from a VTK time series (`agr from-vtk`), following
 * the seed's table (spec §4). Type 1 (stress-strain): coordinates vary: the
 * points plus a displacement vector array (`--displacement`, or found by name
 * when the points stay put), else the points themselves; displacement |u|, or
 * a one-component `displacement` array, or |p − p0|. Type 0 (thermal):
 * coordinates constant (the points must not move), the scalar chosen by
 * select.ts. `--scalar` adds a scalar to type 1.
 */
import { DiagnosticSink } from "../../core/diagnostics.js";
import type { FileReport } from "../../core/report.js";
import type { MeshAnimation, ParamDescriptor } from "../agr/model.js";
import { VTK } from "./codes.js";
import type { VtkFrame } from "./read.js";
import {
  defaultScalar,
  detectDisplacement,
  scalarParam,
  scalarSeries,
  vectorArray,
} from "./select.js";

/** Options of {@link meshAnimationFromVtk}. */
export interface FromVtkOptions {
  /** Mesh animation type: 0 thermal, 1 stress-strain. */
  readonly type: 0 | 1;
  /** Frame times in seconds (one per frame); default: the frames' own times. */
  readonly times?: readonly number[];
  /**
   * Point-data array of the scalar, with `:magnitude`, `:K` (component) or `:mises` (type 0: default a
   * temperature by name, else the only one-component non-id array; type 1: an extra scalar).
   */
  readonly scalar?: string;
  /** Unit of the scalar (default `K` for a temperature name, else `-`). */
  readonly unit?: string;
  /** Type 1: the 3-component displacement point array (default: found by name when the points stay put). */
  readonly displacement?: string;
  /** Largest coordinate change (metres) a thermal series may show between frames. */
  readonly tolerance?: number;
}

/** Defaults of {@link FromVtkOptions}. */
export const FROM_VTK_DEFAULTS = { tolerance: 1e-6 } as const;

/** What {@link meshAnimationFromVtk} made: the model (absent on errors) and the findings per file. */
export interface FromVtkResult {
  readonly model?: MeshAnimation;
  readonly report: FileReport[];
}

/** Builds the mesh animation of `frames` (in order); see the module comment. */
export function meshAnimationFromVtk(
  frames: readonly VtkFrame[],
  options: FromVtkOptions,
): FromVtkResult {
  const sinks = new Map<string, DiagnosticSink>();
  const texts = new Map(frames.map((f) => [f.file, f.text]));
  const sink = (file: string) => {
    let s = sinks.get(file);
    if (!s) {
      s = new DiagnosticSink();
      sinks.set(file, s);
    }
    return s;
  };
  const done = (model?: MeshAnimation): FromVtkResult => ({
    ...(model ? { model } : {}),
    report: [...sinks].map(([file, s]) => ({ file, text: texts.get(file), diagnostics: s.items })),
  });
  const first = frames[0];
  if (!first) {
    sink("(input)").report(VTK.noFrames, "no frame was read from the inputs", 0);
    return done();
  }
  const n = first.pointCount;
  const F = frames.length;
  let ok = true;
  // One diagnostic for the first frame that differs, with the count of the others.
  let mismatches = 0;
  let firstMismatch: { frame: (typeof frames)[number]; problem: string } | undefined;
  for (const f of frames) {
    const problem =
      f.pointCount !== n
        ? `${f.pointCount} points, the first frame has ${n}`
        : !sameArray(f.types, first.types) || !sameArray(f.connectivity, first.connectivity)
          ? "its cells differ from the first frame's"
          : undefined;
    if (problem) {
      mismatches++;
      firstMismatch ??= { frame: f, problem };
      ok = false;
    }
  }
  if (firstMismatch) {
    const more =
      mismatches > 1
        ? ` (${mismatches - 1} more frame${mismatches > 2 ? "s differ" : " differs"})`
        : "";
    const f = firstMismatch.frame;
    sink(f.file).report(
      VTK.frameMismatch,
      `frame ${frames.indexOf(f)}: ${firstMismatch.problem}${more}`,
      f.start,
    );
  }
  const times = new Float64Array(F);
  if (options.times) {
    if (options.times.length !== F) {
      sink(first.file).report(VTK.times, `${options.times.length} times given for ${F} frames`, 0);
      ok = false;
    }
    for (let k = 0; k < F; k++) times[k] = options.times[k] ?? k;
  } else if (frames.every((f) => f.time !== undefined && Number.isFinite(f.time))) {
    for (let k = 0; k < F; k++) times[k] = frames[k]!.time!;
  } else {
    sink(first.file).report(
      VTK.noTimes,
      "frames without a time: numbered 0, 1, 2 … s",
      first.start,
    );
    for (let k = 0; k < F; k++) times[k] = k;
  }
  for (let k = 1; k < F; k++) {
    if (!(times[k]! > times[k - 1]!)) {
      const f = frames[k]!;
      sink(f.file).report(
        VTK.times,
        `frame ${k} at ${times[k]} s does not come after ${times[k - 1]} s`,
        f.start,
      );
      ok = false;
      break;
    }
  }
  if (!ok) return done();

  const skipped = frames.find((f) => f.skippedCells > 0);
  if (skipped) {
    sink(skipped.file).report(
      VTK.skippedCells,
      `${skipped.skippedCells} vertex or line cell${skipped.skippedCells > 1 ? "s" : ""} skipped (they draw no face)`,
      skipped.start,
    );
  }
  const positions = Float32Array.from(first.points);
  const base = {
    nodeCount: n,
    positions,
    cellTypes: first.types.slice(),
    connectivity: first.connectivity.slice(),
    times,
  };
  // The optional --scalar of either type, over all frames.
  let extra: { param: ParamDescriptor; values: Float32Array } | undefined;
  const scalar = (spec: string) => {
    const r = scalarSeries(frames, spec);
    if ("values" in r) return { param: scalarParam(spec, options.unit), values: r.values };
    const f = frames[r.frame]!;
    const names = f.pointData.map((a) => `'${a.name}'(${a.components})`).join(", ") || "none";
    sink(f.file).report(
      VTK.scalarMissing,
      `scalar '${spec}': ${r.problem} in frame ${r.frame} (arrays: ${names})`,
      f.start,
    );
    ok = false;
    return undefined;
  };
  if (options.scalar !== undefined) extra = scalar(options.scalar);
  if (options.type === 1) {
    const moves = frames.some((f) => !sameArray(f.points, first.points));
    const wanted = options.displacement ?? (moves ? undefined : detectDisplacement(first));
    if (wanted !== undefined && !frames.every((f) => vectorArray(f, wanted))) {
      const names = first.pointData.map((a) => `'${a.name}'(${a.components})`).join(", ");
      sink(first.file).report(
        VTK.scalarMissing,
        `no 3-component point array '${wanted}' in every frame (arrays: ${names || "none"})`,
        first.start,
      );
      ok = false;
    }
    if (!ok) return done();
    if (wanted === undefined && !moves) {
      sink(first.file).report(
        VTK.noDisplacement,
        "no displacement array (u, displ…, displacement…, nodal displacement; or --displacement NAME) and the points do not move: the displacement is 0",
        first.start,
      );
    }
    const coordinates = new Float32Array(F * 3 * n);
    const displacement = new Float32Array(F * n);
    const given = frames.every((f) => findScalar(f, "displacement"));
    for (let k = 0; k < F; k++) {
      const p = frames[k]!.points;
      const u = wanted === undefined ? undefined : vectorArray(frames[k]!, wanted)!.values;
      const a = given ? findScalar(frames[k]!, "displacement")! : undefined;
      for (let i = 0; i < n; i++) {
        const o = k * 3 * n + 3 * i;
        if (u) {
          for (let c = 0; c < 3; c++) coordinates[o + c] = p[3 * i + c]! + u[3 * i + c]!;
          displacement[k * n + i] = Math.hypot(u[3 * i]!, u[3 * i + 1]!, u[3 * i + 2]!);
          continue;
        }
        for (let c = 0; c < 3; c++) coordinates[o + c] = p[3 * i + c]!;
        displacement[k * n + i] = a
          ? a[i]!
          : Math.hypot(
              p[3 * i]! - positions[3 * i]!,
              p[3 * i + 1]! - positions[3 * i + 1]!,
              p[3 * i + 2]! - positions[3 * i + 2]!,
            );
      }
    }
    return done({
      type: 1,
      ...base,
      scalars: [
        { name: "displacement", unit: "m", varying: true },
        ...(extra ? [extra.param] : []),
      ],
      vectors: [{ name: "coordinates", unit: "m", varying: true }],
      scalarValues: [displacement, ...(extra ? [extra.values] : [])],
      vectorValues: [coordinates],
    });
  }
  // Type 0: coordinates constant within the tolerance.
  const tolerance = options.tolerance ?? FROM_VTK_DEFAULTS.tolerance;
  for (let k = 1; k < F; k++) {
    const p = frames[k]!.points;
    let worst = 0;
    for (let i = 0; i < 3 * n; i++) worst = Math.max(worst, Math.abs(p[i]! - first.points[i]!));
    if (worst > tolerance) {
      const f = frames[k]!;
      sink(f.file).report(
        VTK.pointsMove,
        `frame ${k}: points move by up to ${worst} (tolerance ${tolerance}); a thermal series keeps them fixed (use --type 1?)`,
        f.start,
      );
      ok = false;
    }
  }
  if (options.scalar === undefined) {
    const pick = defaultScalar(first);
    if ("name" in pick) extra = scalar(pick.name);
    else if (pick.candidates.length > 1) {
      sink(first.file).report(
        VTK.scalarAmbiguous,
        `no temperature array (temperature, temp, t, nt) and ${pick.candidates.length} candidates: ${pick.candidates.map((c) => `'${c}'`).join(", ")}; choose one with --scalar NAME`,
        first.start,
      );
      ok = false;
    } else {
      const names = first.pointData.map((a) => `'${a.name}'(${a.components})`).join(", ");
      sink(first.file).report(
        VTK.scalarMissing,
        `no one-component point array to take as the scalar (arrays: ${names || "none"}); id arrays are not taken: name one with --scalar NAME`,
        first.start,
      );
      ok = false;
    }
  }
  if (!ok || !extra) return done();
  return done({
    type: 0,
    ...base,
    scalars: [extra.param],
    vectors: [{ name: "coordinates", unit: "m", varying: false }],
    scalarValues: [extra.values],
    vectorValues: [Float32Array.from(positions)],
  });
}
function findScalar(f: VtkFrame, name: string): Float64Array | undefined {
  const a = f.pointData.find((x) => x.name === name && x.components === 1);
  return a?.values;
}

function sameArray(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
