/**
 * Reader of `CAD_Matrixes.dat` (spec §3). Never throws; returns what it could
 * read, diagnostics, and the spans of every body and solver.
 */
import { type Diagnostic, type Span, sortBySource } from "../../core/diagnostics.js";
import { TokenReader } from "../../core/token-reader.js";
import { NumberForm } from "../../core/tokenizer.js";
import { readMatrixText } from "../matrix-text.js";
import { rotationProblem } from "../rotation-message.js";
import { MESH_TYPES } from "../types.js";
import { CAD } from "./codes.js";
import type { CadBody, CadMatrices } from "./model.js";

/** Where one solver's values stand in the source. */
export interface CadSolverSpans {
  readonly type: Span;
  readonly flag: Span;
  /** First to last matrix entry, or the flag's span when there is no matrix. */
  readonly matrix: Span;
}

/** Source spans parallel to a {@link CadMatrices}. */
export interface CadSpans {
  readonly bodyCount: Span;
  readonly bodies: { readonly body: Span; readonly solvers: CadSolverSpans[] }[];
}

/** Result of {@link readCad}. */
export interface CadReadResult {
  readonly model: CadMatrices;
  readonly diagnostics: Diagnostic[];
  readonly spans: CadSpans;
}

/** Reads a `CAD_Matrixes.dat` text; see the module comment. */
export function readCad(text: string): CadReadResult {
  const r = new TokenReader(text, CAD);
  const model: CadMatrices = { bodies: [] };
  const spans: { bodyCount: Span; bodies: CadSpans["bodies"] } = { bodyCount: [0, 0], bodies: [] };
  parse(r, model, spans);
  r.expectFinalNewline();
  checkSemantics(r, model, spans);
  return { model, diagnostics: sortBySource(r.sink.items), spans };
}

function parse(
  r: TokenReader,
  model: CadMatrices,
  spans: { bodyCount: Span; bodies: CadSpans["bodies"] },
): void {
  const count = r.integer("the number of bodies");
  spans.bodyCount = r.span();
  if (count === undefined || count < 0) return;
  const c = r.cursor;
  for (let i = 0; i < count; i++) {
    if (c.atEnd()) {
      r.report(
        CAD.bodyCountMismatch,
        `the file announces ${count} bodies but holds ${i}`,
        r.text.length,
      );
      return;
    }
    const body = r.integer(`the body number of body ${i + 1} of ${count}`);
    const bodySpan = r.span();
    if (body === undefined) return;
    const solverCount = r.integer(`the number of solvers of body ${body}`);
    if (solverCount === undefined || solverCount < 0) return;
    const entry: CadBody = { body, solvers: [] };
    const bodySpans = { body: bodySpan, solvers: [] as CadSolverSpans[] };
    model.bodies.push(entry);
    spans.bodies.push(bodySpans);
    for (let j = 0; j < solverCount; j++) {
      const of = `of solver ${j + 1} of body ${body}`;
      const type = r.integer(`the solver type ${of}`);
      const typeSpan = r.span();
      if (type === undefined) return;
      const flag = r.integer(`the CAD flag (0 or 1) ${of}`);
      const flagSpan = r.span();
      if (flag === undefined) return;
      // A flag other than 0 or 1 is read as "yes" (non-zero), so a matrix is expected after it.
      let withMatrix = flag !== 0;
      if (flag !== 0 && flag !== 1) {
        r.report(CAD.badFlag, `the CAD flag ${of} must be 0 or 1, found ${flag}`, ...flagSpan);
      } else if (flag === 0 && nextLooksLikeMatrix(r)) {
        const m = r.cursor.mark();
        r.cursor.next();
        r.report(
          CAD.unexpectedMatrix,
          `the CAD flag ${of} is 0 but a matrix follows ('${r.cursor.token()}' is no integer); a matrix is written only when the flag is 1`,
          r.cursor.start,
          r.cursor.end,
        );
        r.cursor.restore(m);
        withMatrix = true;
      }
      let matrix: number[] | null = null;
      let matrixSpan: Span = flagSpan;
      if (withMatrix) {
        const read = readMatrixText(
          r,
          (e) => `matrix entry ${e} ${of}`,
          (e) => entryFollows(r, e, of),
        );
        if (!read) return;
        matrix = read.matrix;
        matrixSpan = read.span;
      }
      entry.solvers.push({ type, hasCad: flag !== 0, matrix: flag !== 0 ? matrix : null });
      bodySpans.solvers.push({ type: typeSpan, flag: flagSpan, matrix: matrixSpan });
    }
  }
  if (!c.atEnd()) {
    c.next();
    let extra = 0;
    const start = c.start;
    // Count the whole bodies that follow, for the message.
    do extra++;
    while (c.next());
    r.report(
      CAD.bodyCountMismatch,
      `the file announces ${count} bodies but more follows (${extra} token${extra === 1 ? "" : "s"} after body ${count})`,
      start,
      start + 1,
    );
  }
}

/** Whether the next token is a number that cannot be a body number or solver type (has sign, point or exponent). */
function nextLooksLikeMatrix(r: TokenReader): boolean {
  const m = r.cursor.mark();
  const has = r.cursor.next();
  const form = has ? r.cursor.form() : NumberForm.None;
  r.cursor.restore(m);
  return form === NumberForm.Real;
}

/**
 * Whether the next token (or the end of file) can be matrix entry `entry`;
 * a token that is no number means the matrix is missing or cut short (reported).
 */
function entryFollows(r: TokenReader, entry: string, of: string): boolean {
  const m = r.cursor.mark();
  if (r.cursor.next() && r.cursor.form() === NumberForm.None) {
    r.report(
      CAD.missingMatrix,
      `expected matrix entry ${entry} ${of} (the flag is 1), found '${r.cursor.token()}'`,
      r.cursor.start,
      r.cursor.end,
    );
    return false;
  }
  r.cursor.restore(m);
  return true;
}

function checkSemantics(
  r: TokenReader,
  model: CadMatrices,
  spans: { bodies: CadSpans["bodies"] },
): void {
  const seen = new Set<number>();
  model.bodies.forEach((b, i) => {
    const s = spans.bodies[i]!;
    if (b.body <= 0)
      r.report(
        CAD.bodyNumber,
        `body number must be a positive integer, found ${b.body}`,
        ...s.body,
      );
    else if (seen.has(b.body))
      r.report(CAD.duplicateBody, `body ${b.body} appears a second time`, ...s.body);
    seen.add(b.body);
    const types = new Set<number>();
    b.solvers.forEach((solver, j) => {
      const ss = s.solvers[j]!;
      if (!MESH_TYPES.has(solver.type)) {
        r.report(
          CAD.unknownSolverType,
          `solver type ${solver.type} of body ${b.body} is not a mesh animation type (0 thermal, 1 stress-strain)`,
          ...ss.type,
        );
      }
      if (types.has(solver.type)) {
        r.report(
          CAD.duplicateSolver,
          `body ${b.body} has a second solver of type ${solver.type}`,
          ...ss.type,
        );
      }
      types.add(solver.type);
      if (solver.matrix?.every(Number.isFinite)) {
        const problem = rotationProblem(solver.matrix, `body ${b.body}'s matrix`);
        if (problem) r.report(CAD.notRotation, problem, ...ss.matrix);
      }
    });
  });
}
