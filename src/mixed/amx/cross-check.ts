/**
 * Checks of an `.amx` against the files next to it: `CAD_Matrixes.dat`, the
 * MBS animation and the mesh animations. Pure: the caller loads the files
 * (see `node/mixed-folder`) and passes what it found.
 */
import { AFFINE_ENTRY_NAMES, affineEquals } from "../../core/affine.js";
import { type Diagnostic, DiagnosticSink, sortBySource } from "../../core/diagnostics.js";
import { type Message, msg } from "../../core/message.js";
import type { MeshAnimation } from "../agr/model.js";
import type { MbsAnimation } from "../amb/model.js";
import { findCadSolver } from "../cad/lookup.js";
import type { CadMatrices } from "../cad/model.js";
import { AMX, type AmxKind } from "./codes.js";
import type { MeshAnimationRef, MixedAnimation } from "./model.js";
import type { AmxSpans, AnimationSpans } from "./validate.js";

/** What became of a companion file: its model, or why there is none. */
export type Companion<T> =
  | { readonly status: "ok"; readonly model: T }
  /** The file exists but holds errors so grave that no model could be read. */
  | { readonly status: "invalid" }
  | { readonly status: "missing" }
  | { readonly status: "unreadable"; readonly reason: string };

/** The companions of an `.amx`; an absent field means "not checked". */
export interface AmxCompanions {
  readonly cad?: Companion<CadMatrices>;
  readonly mbs?: Companion<MbsAnimation>;
  /** Keyed by the file name as written in the `.amx`. */
  readonly meshes?: ReadonlyMap<string, Companion<MeshAnimation>>;
}

/**
 * Absolute tolerance when comparing an `.amx` matrix with its CAD matrix:
 * both are written by text writers, so equal matrices agree to rounding.
 */
export const CAD_MATRIX_TOLERANCE = 1e-9;

/** Diagnostics (in the `.amx`'s own positions) of the cross-file checks. */
export function crossCheckAmx(
  amx: MixedAnimation,
  spans: AmxSpans,
  companions: AmxCompanions,
): Diagnostic[] {
  const sink = new DiagnosticSink<AmxKind>();
  const { cad, mbs, meshes } = companions;
  reportCompanionFiles(sink, amx, spans, companions);
  const mbsBodies = mbs?.status === "ok" ? new Set(mbs.model.bodies.map((b) => b.number)) : null;
  const reported = new Set<string>();
  amx.bodies.forEach((b, i) => {
    const bs = spans.bodies[i]!;
    if (mbsBodies && !mbsBodies.has(b.body)) {
      sink.report(
        AMX.bodyNotInMbs,
        msg`body ${{ body: b.body }} is not in the MBS animation '${{ file: amx.mbs }}'`,
        ...bs.body,
      );
    }
    const cadModel = cad?.status === "ok" ? cad.model : undefined;
    const bodyInCad = !cadModel || cadModel.bodies.some((x) => x.body === b.body);
    if (!bodyInCad) {
      sink.report(
        AMX.bodyNotInCad,
        msg`body ${{ body: b.body }} is not in CAD_Matrixes.dat`,
        ...bs.body,
      );
    }
    b.animations.forEach((a, j) => {
      const as = bs.animations[j]!;
      if (cadModel && bodyInCad) checkAgainstCad(sink, cadModel, b.body, a, as);
      const mesh = meshes?.get(a.file);
      if (!mesh) return;
      checkAgainstMesh(sink, mesh, a, as, reported.has(a.file));
      reported.add(a.file);
    });
  });
  return sortBySource(sink.items);
}

/** The companion files that are missing or cannot be read (MBS animation and CAD matrices). */
function reportCompanionFiles(
  sink: DiagnosticSink<AmxKind>,
  amx: MixedAnimation,
  spans: AmxSpans,
  { cad, mbs }: AmxCompanions,
): void {
  if (mbs?.status === "missing") {
    sink.report(
      AMX.mbsFileMissing,
      msg`MBS animation '${{ file: amx.mbs }}' not found next to the file`,
      ...spans.mbs,
    );
  } else if (mbs?.status === "unreadable") {
    sink.report(
      AMX.unreadableFile,
      msg`cannot read '${{ file: amx.mbs }}': ${mbs.reason}`,
      ...spans.mbs,
    );
  }
  if (cad?.status === "missing") {
    sink.report(
      AMX.cadFileMissing,
      msg`no CAD_Matrixes.dat next to the file: body numbers and matrices not cross-checked`,
      0,
    );
  } else if (cad?.status === "unreadable") {
    sink.report(
      AMX.unreadableFile,
      msg`cannot read ${{ file: "CAD_Matrixes.dat" }}: ${cad.reason}`,
      0,
    );
  }
}

/** An animation of body `body` against its solver in `CAD_Matrixes.dat`: the solver exists, its matrix agrees. */
function checkAgainstCad(
  sink: DiagnosticSink<AmxKind>,
  cad: CadMatrices,
  body: number,
  a: MeshAnimationRef,
  as: AnimationSpans,
): void {
  const found = findCadSolver(cad, body, a.type);
  if (found.kind === "no-solver") {
    sink.report(
      AMX.solverNotInCad,
      msg`CAD_Matrixes.dat attaches no solver of type ${{ type: a.type }} to body ${{ body }}`,
      ...as.type,
    );
  } else if (found.kind === "found") {
    if (!found.solver.hasCad || !found.solver.matrix) {
      sink.report(
        AMX.cadHasNoMatrix,
        msg`CAD_Matrixes.dat has no CAD model for body ${{ body }}, type ${{ type: a.type }} (flag 0): matrix not checked`,
        ...as.matrix,
      );
    } else if (
      a.matrix.every(Number.isFinite) &&
      !affineEquals(a.matrix, found.solver.matrix, CAD_MATRIX_TOLERANCE)
    ) {
      sink.report(
        AMX.matrixDiffersFromCad,
        matrixDifference(body, a, found.solver.matrix),
        ...as.matrix,
      );
    }
  }
}

/**
 * An animation against its mesh animation file: the file exists (said once
 * per file: `missingSaid`), its type and parameter indices match.
 */
function checkAgainstMesh(
  sink: DiagnosticSink<AmxKind>,
  mesh: Companion<MeshAnimation>,
  a: MeshAnimationRef,
  as: AnimationSpans,
  missingSaid: boolean,
): void {
  if (mesh.status === "missing") {
    if (!missingSaid) {
      sink.report(
        AMX.meshFileMissing,
        msg`mesh animation '${{ file: a.file }}' not found next to the file`,
        ...as.file,
      );
    }
    return;
  }
  if (mesh.status === "unreadable") {
    sink.report(
      AMX.unreadableFile,
      msg`cannot read '${{ file: a.file }}': ${mesh.reason}`,
      ...as.file,
    );
    return;
  }
  if (mesh.status !== "ok") return;
  const m = mesh.model;
  if (m.type !== a.type) {
    sink.report(
      AMX.meshTypeMismatch,
      msg`'${{ file: a.file }}' holds a type ${{ found: m.type }} mesh animation, the file declares type ${{ type: a.type }}`,
      ...as.type,
    );
  }
  if (a.scalarParam >= m.scalars.length) {
    sink.report(
      AMX.paramBeyondMesh,
      msg`scalar parameter ${{ index: a.scalarParam }} is beyond the ${{ count: m.scalars.length }} scalar parameter(s) of '${{ file: a.file }}'`,
      ...as.scalarParam,
    );
  }
  if (a.vectorParam >= m.vectors.length) {
    sink.report(
      AMX.paramBeyondMesh,
      msg`vector parameter ${{ index: a.vectorParam }} is beyond the ${{ count: m.vectors.length }} vector parameter(s) of '${{ file: a.file }}'`,
      ...as.vectorParam,
    );
  }
}

/** The AMX106 message: the body, the type and the first entry that differs. */
function matrixDifference(body: number, a: MeshAnimationRef, cad: readonly number[]): Message {
  let i = a.matrix.findIndex((v, k) => !(Math.abs(v - cad[k]!) <= CAD_MATRIX_TOLERANCE));
  if (i < 0) i = 0;
  const entry = AFFINE_ENTRY_NAMES[i]!;
  return msg`the matrix of body ${{ body }} differs from its CAD matrix (type ${{ type: a.type }}) in CAD_Matrixes.dat (first at ${{ entry }}: ${{ here: a.matrix[i]! }} here, ${{ there: cad[i]! }} there)`;
}
