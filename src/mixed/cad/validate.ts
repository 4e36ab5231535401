/**
 * Semantic checks of a `CAD_Matrixes.dat` model (stage two of the reader
 * template): body numbers positive and unique, solver types known and not
 * repeated, matrices proper rotations.
 */
import { type Diagnostic, DiagnosticSink, type Span } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { rotationProblem } from "../rotation-message.js";
import { MESH_TYPES } from "../types.js";
import { CAD, type CadCode, type CadKind } from "./codes.js";
import type { CadMatrices } from "./model.js";

/** Where one solver's values stand in the source. */
export interface CadSolverSpans {
  readonly type: Span;
  readonly flag: Span;
  /** First to last matrix entry, or the flag's span when there is no matrix. */
  readonly matrix: Span;
}

/** Where one body's values stand in the source, and the solver count it declares. */
export interface CadBodySpans {
  readonly body: Span;
  readonly solverCount: Span;
  /** The solver count as declared (the model holds the solvers read). */
  readonly declaredSolvers: number;
  readonly solvers: CadSolverSpans[];
}

/** Source spans parallel to a {@link CadMatrices}, with the counts the file declares. */
export interface CadSpans {
  readonly bodyCount: Span;
  /** The body count as declared; undefined when it could not be read. */
  readonly declaredBodies: number | undefined;
  readonly bodies: CadBodySpans[];
}

const NOWHERE: Span = [0, 0];

/** Spans of an in-memory model: every location offset 0, declared counts as held. */
function cadSpansOf(model: CadMatrices): CadSpans {
  return {
    bodyCount: NOWHERE,
    declaredBodies: model.bodies.length,
    bodies: model.bodies.map((b) => ({
      body: NOWHERE,
      solverCount: NOWHERE,
      declaredSolvers: b.solvers.length,
      solvers: b.solvers.map(() => ({ type: NOWHERE, flag: NOWHERE, matrix: NOWHERE })),
    })),
  };
}

/** The semantic diagnostics of a `CAD_Matrixes.dat` model, located by its `spans` (in memory: offset 0). */
export function validateCad(
  model: CadMatrices,
  spans: CadSpans = cadSpansOf(model),
): Diagnostic<CadCode>[] {
  const sink = new DiagnosticSink<CadKind>();

  const seen = new Set<number>();
  model.bodies.forEach((b, i) => {
    const s = spans.bodies[i]!;
    if (b.body <= 0)
      sink.report(
        CAD.bodyNumber,
        msg`body number must be a positive integer, found ${{ body: b.body }}`,
        ...s.body,
      );
    else if (seen.has(b.body))
      sink.report(
        CAD.duplicateBody,
        msg`body ${{ body: b.body }} appears a second time`,
        ...s.body,
      );
    seen.add(b.body);
    const types = new Set<number>();
    b.solvers.forEach((solver, j) => {
      const ss = s.solvers[j]!;
      if (!MESH_TYPES.has(solver.type)) {
        sink.report(
          CAD.unknownSolverType,
          msg`solver type ${{ type: solver.type }} of body ${{ body: b.body }} is not a mesh animation type (0 thermal, 1 stress-strain)`,
          ...ss.type,
        );
      }
      if (types.has(solver.type)) {
        sink.report(
          CAD.duplicateSolver,
          msg`body ${{ body: b.body }} has a second solver of type ${{ type: solver.type }}`,
          ...ss.type,
        );
      }
      types.add(solver.type);
      if (solver.matrix?.every(Number.isFinite)) {
        const problem = rotationProblem(solver.matrix, `body ${b.body}'s matrix`, {
          body: b.body,
        });
        if (problem) sink.report(CAD.notRotation, problem, ...ss.matrix);
      }
    });
  });
  return sink.items;
}
