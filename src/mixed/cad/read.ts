/**
 * Reader of `CAD_Matrixes.dat` (spec §3), stage one of the reader template:
 * syntax only — tokens, counts, spans. {@link readCadSyntax} returns what it
 * could read, the syntax diagnostics and where every body and solver stands;
 * `validate.ts` checks the meaning; {@link readCad} runs both. Never throws.
 */
import { type Diagnostic, type Span, sortBySource } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { TokenReader } from "../../core/token-reader.js";
import { NumberForm, type TokenCursor } from "../../core/tokenizer.js";
import { readMatrixText } from "../matrix-text.js";
import { CAD, type CadCode, type CadKind } from "./codes.js";
import type { CadBody, CadMatrices } from "./model.js";
import { type CadBodySpans, type CadSpans, validateCad } from "./validate.js";

/** Result of {@link readCadSyntax}: the syntax tree of a `CAD_Matrixes.dat`. */
export interface CadSyntax {
  readonly model: CadMatrices;
  /** Syntax diagnostics, in the order they were found. */
  readonly diagnostics: Diagnostic<CadCode>[];
  readonly spans: CadSpans;
}

/** Result of {@link readCad}. */
export interface CadReadResult {
  readonly model: CadMatrices;
  /** Syntax and semantic diagnostics, in source order. */
  readonly diagnostics: Diagnostic[];
  readonly spans: CadSpans;
}

/** Reads a `CAD_Matrixes.dat` text and checks it; see the module comment. */
export function readCad(text: string): CadReadResult {
  const syntax = readCadSyntax(text);
  const semantics = validateCad(syntax.model, syntax.spans);
  return {
    model: syntax.model,
    diagnostics: sortBySource([...syntax.diagnostics, ...semantics]),
    spans: syntax.spans,
  };
}

/**
 * A word (no number) where a matrix entry is due ends the matrix: the file
 * has no keywords, so a word is never a bad entry but the matrix cut short.
 */
function isWord(c: TokenCursor): boolean {
  return c.form() === NumberForm.None;
}

/** What the token reader reports: the table's own names, and a matrix cut short by a word as missing. */
const CAD_KINDS = { ...CAD, runCut: CAD.missingMatrix };

/** Stage one: reads the tokens, counts and spans of a `CAD_Matrixes.dat`; no semantic check. */
export function readCadSyntax(text: string): CadSyntax {
  const r = new TokenReader<CadKind>(text, CAD_KINDS, { marker: isWord });
  const model: CadMatrices = { bodies: [] };
  const spans: { bodyCount: Span; declaredBodies: number | undefined; bodies: CadBodySpans[] } = {
    bodyCount: [0, 0],
    declaredBodies: undefined,
    bodies: [],
  };
  parse(r, model, spans);
  r.expectFinalNewline();
  return { model, diagnostics: r.sink.items, spans };
}

function parse(
  r: TokenReader<CadKind>,
  model: CadMatrices,
  spans: { bodyCount: Span; declaredBodies: number | undefined; bodies: CadBodySpans[] },
): void {
  const count = r.integer("the number of bodies");
  spans.bodyCount = r.span();
  if (count === undefined) return;
  spans.declaredBodies = count;
  const c = r.cursor;
  for (let i = 0; i < count; i++) {
    if (c.atEnd()) {
      r.report(
        CAD.bodyCountMismatch,
        msg`the file announces ${{ count }} bodies but holds ${{ found: i }}`,
        r.text.length,
      );
      return;
    }
    const body = r.integer(`the body number of body ${i + 1} of ${count}`);
    const bodySpan = r.span();
    if (body === undefined) return;
    const solverCount = r.integer(`the number of solvers of body ${body}`);
    if (solverCount === undefined) return;
    const entry: CadBody = { body, solvers: [] };
    const bodySpans: CadBodySpans = {
      body: bodySpan,
      solverCount: r.span(),
      declaredSolvers: solverCount,
      solvers: [],
    };
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
        r.report(
          CAD.badFlag,
          msg`the CAD flag ${of} must be 0 or 1, found ${{ found: flag }}`,
          ...flagSpan,
        );
      } else if (flag === 0 && nextLooksLikeMatrix(r)) {
        const m = r.cursor.mark();
        r.cursor.next();
        r.report(
          CAD.unexpectedMatrix,
          msg`the CAD flag ${of} is 0 but a matrix follows ('${{ found: r.cursor.token() }}' is no integer); a matrix is written only when the flag is 1`,
          r.cursor.start,
          r.cursor.end,
        );
        r.cursor.restore(m);
        withMatrix = true;
      }
      let matrix: number[] | null = null;
      let matrixSpan: Span = flagSpan;
      if (withMatrix) {
        const read = readMatrixText(r, (e) => `matrix entry ${e} ${of}`);
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
      msg`the file announces ${{ count }} bodies but more follows (${extra} token${extra === 1 ? "" : "s"} after body ${count})`,
      start,
      start + 1,
    );
  }
}

/** Whether the next token is a number that cannot be a body number or solver type (has sign, point or exponent). */
function nextLooksLikeMatrix(r: TokenReader<CadKind>): boolean {
  const m = r.cursor.mark();
  const has = r.cursor.next();
  const form = has ? r.cursor.form() : NumberForm.None;
  r.cursor.restore(m);
  return form === NumberForm.Real;
}
