/**
 * A mesh animation made from a VTK time series (`agr from-vtk`), following
 * the seed's table (spec §4). Type 1 (stress-strain): coordinates vary, taken
 * from the points; displacement from a `displacement` array, else |p − p0|.
 * Type 0 (thermal): coordinates constant (the points must not move), the
 * scalar from the chosen array (`temperature` by default).
 */
import { DiagnosticSink } from "../../core/diagnostics.js";
import type { FileReport } from "../../core/report.js";
import type { MeshAnimation } from "../agr/model.js";
import { VTK } from "./codes.js";
import type { VtkFrame } from "./read.js";

/** Options of {@link meshAnimationFromVtk}. */
export interface FromVtkOptions {
  /** Mesh animation type: 0 thermal, 1 stress-strain. */
  readonly type: 0 | 1;
  /** Frame times in seconds (one per frame); default: the frames' own times. */
  readonly times?: readonly number[];
  /** Point-data array of the scalar (type 0: default `temperature`, else the first scalar array). */
  readonly scalar?: string;
  /** Largest coordinate change (metres) a thermal series may show between frames. */
  readonly tolerance?: number;
}

/** Defaults of {@link FromVtkOptions}. */
export const FROM_VTK_DEFAULTS = { scalar: "temperature", tolerance: 1e-6 } as const;

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

  const positions = Float32Array.from(first.points);
  const base = {
    nodeCount: n,
    positions,
    cellTypes: first.types.slice(),
    connectivity: first.connectivity.slice(),
    times,
  };
  if (options.type === 1) {
    const coordinates = new Float32Array(F * 3 * n);
    for (let k = 0; k < F; k++) coordinates.set(frames[k]!.points, k * 3 * n);
    const displacement = new Float32Array(F * n);
    const given = frames.every((f) => findScalar(f, "displacement"));
    for (let k = 0; k < F; k++) {
      const a = given ? findScalar(frames[k]!, "displacement")! : undefined;
      const p = frames[k]!.points;
      for (let i = 0; i < n; i++) {
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
      scalars: [{ name: "displacement", unit: "m", varying: true }],
      vectors: [{ name: "coordinates", unit: "m", varying: true }],
      scalarValues: [displacement],
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
  const wanted = options.scalar ?? FROM_VTK_DEFAULTS.scalar;
  const name = frames.every((f) => findScalar(f, wanted))
    ? wanted
    : options.scalar === undefined
      ? first.pointData.find((a) => a.components === 1)?.name
      : undefined;
  if (name === undefined || !frames.every((f) => findScalar(f, name))) {
    const names = first.pointData.map((a) => `'${a.name}'`).join(", ") || "none";
    sink(first.file).report(
      VTK.scalarMissing,
      `no scalar point array '${name ?? wanted}' in every frame (arrays: ${names})`,
      first.start,
    );
    ok = false;
  }
  if (!ok || name === undefined) return done();
  const values = new Float32Array(F * n);
  for (let k = 0; k < F; k++) values.set(findScalar(frames[k]!, name)!, k * n);
  const paramName = name.replace(/\s+/g, "_") || "temperature";
  return done({
    type: 0,
    ...base,
    scalars: [{ name: paramName, unit: paramName === "temperature" ? "K" : "-", varying: true }],
    vectors: [{ name: "coordinates", unit: "m", varying: false }],
    scalarValues: [values],
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
