/**
 * Opening one mesh animation alone, to look at it before a model is built
 * (the studio's `#/mesh?file=…`): a file of any format whose registry
 * descriptor names the mesh workspace (`workspace: "mesh"`), read with its
 * descriptor's reader. Its model is a mesh animation as it is (an `.agr`), or
 * VTK data (one frame or a series: `.pvd`, `.series`, `.vtm`, `.vtu`, `.vtp`,
 * `.pvtu`, `.pvtp`, `.vtk`) made into one as `agr from-vtk` would, its
 * options chosen from the data. Companion files come through an injected
 * reader, so the same code runs in Node and in the browser. Never throws.
 */
import type { FileReader } from "../core/file-source.js";
import { type AnyFormat, FORMAT, type FormatRegistry, HEAD_BYTES } from "../core/formats/index.js";
import type { FileReport } from "../core/report.js";
import { type MeshAnimation, validateAgr } from "./agr/index.js";
import { isSolverFormat, readSolverSeries, type SolverInput } from "./solver.js";
import { Findings, noteHeld } from "./vtk/from-vtk-frames.js";
import { meshAnimationFromVtk, type VtkFrame } from "./vtk/index.js";
import {
  CELL_PREFIX,
  chooseDisplacement,
  defaultScalar,
  detectDisplacement,
  scalarParam,
  scalarSeries,
} from "./vtk/select.js";
import { withSplitDisplacement } from "./vtk/split-displacement.js";

/** The studio workspace of the formats {@link loadMeshFile} opens. */
export const MESH_WORKSPACE = "mesh";

/** Whether {@link loadMeshFile} opens `path`: its name gives a format of the mesh workspace in `formats`. */
export function isMeshFile(path: string, formats: FormatRegistry): boolean {
  return formats.byName(path)?.workspace === MESH_WORKSPACE;
}

/** How a VTK series was made into a mesh animation (what the user did not choose). */
export interface VtkChoice {
  /** 1 when a displacement array was found or the points move, else 0. */
  readonly type: 0 | 1;
  /** The displacement array followed (type 1), if one was. */
  readonly displacement?: string;
  /** The scalar shown first (a parameter name of the model). */
  readonly scalar: string;
  /** Scalars that were candidates too when the choice was not clear (type 0). */
  readonly others: readonly string[];
  /** A vector named `U`/`u` not followed as the displacement: it may be velocity (decision 176). */
  readonly notWarped?: string;
}

/** What {@link loadMeshFile} made. */
export interface MeshFile {
  /** The mesh animation; absent when the input has errors that leave nothing to show. */
  readonly model?: MeshAnimation;
  /** Every file's findings (the opened file first). */
  readonly report: FileReport[];
  /** For a VTK series: the choices made. */
  readonly vtk?: VtkChoice;
}

/**
 * Reads the mesh animation at `path` (its bytes given; companions through
 * `read`) with the reader of its format in `formats` (by content, else by
 * name), which must name the mesh workspace. A VTK series becomes type 1
 * when it has a displacement array or its points move, else type 0 with the
 * temperature (or the only one-component array, or the first of several
 * candidates: the user switches in the view). Every other point array is
 * added as a further scalar (vectors by magnitude, 6-component tensors as
 * von Mises), so the view can switch between them.
 */
export async function loadMeshFile(
  path: string,
  bytes: Uint8Array,
  read: FileReader,
  formats: FormatRegistry,
): Promise<MeshFile> {
  const format = formats.recognise(path, bytes.subarray(0, HEAD_BYTES))?.format;
  if (format?.workspace !== MESH_WORKSPACE) return { report: [notMesh(path, format)] };
  const r = await format.read(bytes, path, { read });
  const report: FileReport[] = [
    { file: path, text: r.text, textBytes: r.textBytes, diagnostics: r.diagnostics },
    ...(r.related ?? []),
  ].filter((f) => f.diagnostics.length > 0);
  if (r.model === undefined) return { report };
  if (!isSolverFormat(format)) {
    // Any other mesh format reads to a mesh animation.
    return { model: r.model as MeshAnimation, report };
  }
  const frames = Array.isArray(r.model) ? (r.model as VtkFrame[]) : [r.model as VtkFrame];
  return fromVtkFrames(path, frames, report);
}

/**
 * Reads the files of a numbered series without an index (`name` is its
 * pattern, `pitzDaily_#.vtk`, as findings and the view name it) as one
 * mesh animation: in the order of their numbers, timed by them or by their
 * TimeValue (readSolverSeries), its options chosen as {@link loadMeshFile}
 * chooses them. Never throws.
 */
export async function loadMeshSeries(
  name: string,
  files: readonly SolverInput[],
  read: FileReader,
  formats: FormatRegistry,
): Promise<MeshFile> {
  const series = await readSolverSeries(files, formats, { read });
  return fromVtkFrames(name, series.frames, [...series.report]);
}

/** The finding for a file no mesh format reads (FMT001): what it is instead, if anything. */
function notMesh(path: string, format: AnyFormat | undefined): FileReport {
  const what = format ? `a ${format.label} (${format.id})` : "of no known format";
  return {
    file: path,
    diagnostics: [
      {
        code: FORMAT.unknown.code,
        severity: FORMAT.unknown.severity,
        message: `not a mesh animation: the file is ${what}`,
        start: 0,
        end: 0,
      },
    ],
  };
}

/** A VTK frame or series made into a mesh animation, its type and scalar chosen from the data. */
function fromVtkFrames(path: string, given: VtkFrame[], report: FileReport[]): MeshFile {
  // deal.II's x_/y_/z_displacement are followed as one vector (decision 179).
  const frames = given.map(withSplitDisplacement);
  const first = frames[0];
  if (!first) {
    const made = meshAnimationFromVtk(frames, { type: 0 });
    return { report: [...report, ...made.report] };
  }
  const displacement = detectDisplacement(first);
  const ambiguous =
    displacement === undefined ? chooseDisplacement(first, undefined, true) : undefined;
  const moves = frames.some((f) => !sameValues(f.points, first.points));
  const pick = defaultScalar(first);
  const candidates = "name" in pick ? [pick.name] : inEveryFrameFirst(pick.candidates, frames);
  // Without a displacement, moving points or any scalar candidate there is nothing for type 0 to colour.
  const type: 0 | 1 = displacement !== undefined || moves || candidates.length === 0 ? 1 : 0;
  const scalar = type === 0 ? candidates[0] : undefined;
  const made = meshAnimationFromVtk(frames, {
    type,
    ...(scalar !== undefined ? { scalar } : {}),
    lines: true,
  });
  report.push(...made.report.filter((r) => r.diagnostics.length > 0));
  const model = made.model;
  if (!model) return { report };
  // Checked as `agr from-vtk` would write it, before the scalars only the view offers are added.
  const checks = validateAgr(model);
  if (checks.length > 0) report.push({ file: path, diagnostics: checks });
  report.push(...addScalars(model, frames));
  return {
    model,
    report,
    vtk: {
      type,
      ...(type === 1 && displacement !== undefined && !moves ? { displacement } : {}),
      scalar: model.scalars[0]!.name,
      others: candidates.slice(1),
      ...(ambiguous !== undefined ? { notWarped: ambiguous.name } : {}),
    },
  };
}

/**
 * Appends every point array, then every cell array, of `frames` the model
 * does not show yet as a scalar: one-component arrays as they are, vectors
 * by magnitude, symmetric tensors (6 components) as von Mises. A cell array
 * keeps its values per cell in `cellValues` (drawn flat per cell) and node
 * values averaged; its name is `cell:NAME` when a point array has the name
 * too (decision 180). An array some frames lack is held there, with one
 * warning (VTK027), as `agr from-vtk` holds it. Returns the warnings.
 */
function addScalars(model: MeshAnimation, frames: readonly VtkFrame[]): FileReport[] {
  const findings = new Findings(new Map(frames.map((f) => [f.file, f])));
  const have = new Set(model.scalars.map((p) => p.name));
  const pointNames = new Set(frames.flatMap((f) => f.pointData.map((a) => a.name)));
  const seen = new Set<string>();
  const arrays = [
    ...frames.flatMap((f) => f.pointData.map((a) => ({ a, name: a.name }))),
    ...frames.flatMap((f) =>
      f.cellData.map((a) => ({
        a,
        name: pointNames.has(a.name) ? `${CELL_PREFIX}${a.name}` : a.name,
      })),
    ),
  ];
  for (const { a, name } of arrays) {
    if (seen.has(name)) continue;
    seen.add(name);
    const spec =
      a.components === 1
        ? name
        : a.components === 6
          ? `${name}:mises`
          : a.components > 1
            ? `${name}:magnitude`
            : undefined;
    if (spec === undefined) continue;
    const param = scalarParam(spec);
    if (have.has(param.name)) continue;
    const r = scalarSeries(frames, spec);
    if (!("values" in r)) continue;
    noteHeld(frames, r.array, r.lacking, findings);
    have.add(param.name);
    if (r.cells) {
      model.cellValues ??= [];
      model.cellValues[model.scalars.length] = r.cells;
    }
    model.scalars.push(param);
    model.scalarValues.push(r.values);
  }
  return findings.report();
}

/**
 * `names` with those every frame has first (order kept otherwise): a field
 * written only at the start (OpenFOAM's initial `v2`, `nuTilda`) is not shown
 * first, held over the whole series, when others change (decision 217).
 */
function inEveryFrameFirst(names: readonly string[], frames: readonly VtkFrame[]): string[] {
  const everywhere = (n: string) =>
    frames.every(
      (f) => f.pointData.some((a) => a.name === n) || f.cellData.some((a) => a.name === n),
    );
  return [...names.filter(everywhere), ...names.filter((n) => !everywhere(n))];
}

function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
