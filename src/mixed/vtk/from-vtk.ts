/**
 * A mesh animation made from a VTK time series (`agr from-vtk`), following
 * the seed's table (spec §4). Type 1 (stress-strain): coordinates vary: the
 * points plus a displacement vector array (`--displacement`, or found by name
 * when the points stay put), else the points themselves; displacement |u|, or
 * a one-component `displacement` array, or |p − p0|. Type 0 (thermal):
 * coordinates constant (the points must not move), the scalar chosen by
 * select.ts. `--scalar` adds a scalar to type 1.
 */
import type { FileReport } from "../../core/report.js";
import type { MeshAnimation } from "../agr/model.js";
import { VTK } from "./codes.js";
import { AVERAGED, meshBase, scalarOver, stressStrain, thermal } from "./from-vtk-build.js";
import {
  checkSameMesh,
  checkSomeCells,
  Findings,
  frameTimes,
  noteSkippedCells,
} from "./from-vtk-frames.js";
import type { VtkFrame } from "./model.js";
import {
  COMBINED_DISPLACEMENT,
  splitDisplacementNames,
  withSplitDisplacement,
} from "./split-displacement.js";

/** Options of {@link meshAnimationFromVtk}. */
export interface FromVtkOptions {
  /** Mesh animation type: 0 thermal, 1 stress-strain. */
  readonly type: 0 | 1;
  /** Frame times in seconds (one per frame); default: the frames' own times. */
  readonly times?: readonly number[];
  /**
   * Point or cell array of the scalar (a cell array's node values are the
   * mean of the cells at each node; `cell:NAME` when a point array has the name too), with `:magnitude`, `:K` (component) or `:mises` (type 0: default a
   * temperature by name, else the only one-component non-id array; type 1: an extra scalar).
   */
  readonly scalar?: string;
  /** Unit of the scalar (default `K` for a temperature name, else `-`). */
  readonly unit?: string;
  /** Type 1: the 3-component displacement point array (default: found by name when the points stay put). */
  readonly displacement?: string;
  /**
   * Type 1 without `displacement`: whether an array named `U`/`u` (which may
   * be velocity) may be taken, with a warning (VTK030); default false.
   */
  readonly ambiguousDisplacement?: boolean;
  /** Largest coordinate change (metres) a thermal series may show between frames. */
  readonly tolerance?: number;
  /**
   * Keep the first frame's line and vertex cells in the model's `lines` and
   * `vertices` (the studio draws them; an `.agr` cannot hold them), so a
   * model of lines or points only is not refused (VTK026) and none is
   * reported skipped (VTK020). Default false.
   */
  readonly lines?: boolean;
}

/** Defaults of {@link FromVtkOptions}. */
export const FROM_VTK_DEFAULTS = { tolerance: 1e-6 } as const;

/** What {@link meshAnimationFromVtk} made: the model (absent on errors) and the findings per file. */
export interface FromVtkResult {
  readonly model?: MeshAnimation;
  readonly report: FileReport[];
  /** Which arrays were taken and why, one phrase each (e.g. `displacement 'd' (--displacement)`). */
  readonly chosen: readonly string[];
}

/** Builds the mesh animation of `frames` (in order); see the module comment. */
export function meshAnimationFromVtk(
  given: readonly VtkFrame[],
  options: FromVtkOptions,
): FromVtkResult {
  const findings = new Findings(new Map(given.map((f) => [f.file, f])));
  const said: string[] = [];
  const split = given[0] ? splitDisplacementNames(given[0]) : undefined;
  const frames = split ? given.map(withSplitDisplacement) : given;
  if (split)
    said.push(`'${COMBINED_DISPLACEMENT}' combined from ${split.map((n) => `'${n}'`).join(", ")}`);
  const done = (model?: MeshAnimation): FromVtkResult => ({
    ...(model ? { model } : {}),
    report: findings.report(),
    chosen: said,
  });
  const first = frames[0];
  if (!first) {
    findings.error("(input)", VTK.noFrames, "no frame was read from the inputs", 0);
    return done();
  }
  checkSameMesh(frames, findings);
  const times = frameTimes(frames, options.times, findings);
  if (!findings.ok) return done();
  const drawn = options.lines === true ? lineCells(first) : undefined;
  if (!drawn) {
    noteSkippedCells(frames, findings);
    checkSomeCells(frames, findings);
  }
  if (!findings.ok) return done();
  const base = meshBase(first, times);
  // The optional --scalar of either type, over all frames.
  const extra =
    options.scalar === undefined
      ? undefined
      : scalarOver(frames, options.scalar, options.unit, findings);
  if (options.scalar !== undefined)
    said.push(`scalar '${options.scalar}' (--scalar${extra?.cells ? `; ${AVERAGED}` : ""})`);
  if (options.type === 1) {
    const choice = {
      named: options.displacement,
      ambiguous: options.ambiguousDisplacement === true,
    };
    return done(withLines(stressStrain(frames, base, choice, extra, findings, said), drawn));
  }
  const tolerance = options.tolerance ?? FROM_VTK_DEFAULTS.tolerance;
  const thermalOptions = { named: options.scalar !== undefined, unit: options.unit, tolerance };
  return done(withLines(thermal(frames, base, thermalOptions, extra, findings, said), drawn));
}

/** The line and vertex cells of `f`, when it has any. */
function lineCells(f: VtkFrame): Pick<MeshAnimation, "lines" | "vertices"> | undefined {
  const lines = f.lines ?? new Uint32Array(0);
  const vertices = f.vertices ?? new Uint32Array(0);
  return lines.length + vertices.length > 0 ? { lines, vertices } : undefined;
}

/** `model` with `drawn` line and vertex cells. */
function withLines(
  model: MeshAnimation | undefined,
  drawn: Pick<MeshAnimation, "lines" | "vertices"> | undefined,
): MeshAnimation | undefined {
  return model && drawn ? Object.assign(model, drawn) : model;
}
