/**
 * Reader of the mixed animation file `*.amx` (spec §2). Never throws: it
 * returns what it could read, the diagnostics, and the source spans of every
 * value so later checks (against `CAD_Matrixes.dat`, `.amb`, `.agr`) can point
 * at the right token.
 */
import { type Diagnostic, type Span, sortBySource } from "../../core/diagnostics.js";
import { TokenReader } from "../../core/token-reader.js";
import { readMatrixText } from "../matrix-text.js";
import { rotationProblem } from "../rotation-message.js";
import { MESH_TYPES } from "../types.js";
import { AMX } from "./codes.js";
import type { MeshAnimationRef, MixedAnimation, MixedBody } from "./model.js";

/** Where each value of one variant stands in the source. */
export interface AnimationSpans {
  readonly type: Span;
  readonly scalarParam: Span;
  readonly vectorParam: Span;
  readonly file: Span;
  /** From the first to the last matrix entry. */
  readonly matrix: Span;
}

/** Where each value of one body stands in the source. */
export interface BodySpans {
  readonly body: Span;
  readonly variantCount: Span;
  readonly variantInUse: Span;
  readonly animations: AnimationSpans[];
}

/** Source spans parallel to a {@link MixedAnimation}. */
export interface AmxSpans {
  readonly mbs: Span;
  readonly bodyCount: Span;
  readonly bodies: BodySpans[];
}

/** Result of {@link readAmx}. */
export interface AmxReadResult {
  /** What could be read (complete bodies and variants only). */
  readonly model: MixedAnimation;
  /** Syntax and single-file semantic diagnostics, in source order of discovery. */
  readonly diagnostics: Diagnostic[];
  readonly spans: AmxSpans;
}

const NO_SPAN: Span = [0, 0];

/** Reads an `.amx` text; see the module comment. */
export function readAmx(text: string): AmxReadResult {
  const r = new TokenReader(text, AMX);
  const model: MixedAnimation = { mbs: "", bodies: [] };
  const spans: { mbs: Span; bodyCount: Span; bodies: BodySpans[] } = {
    mbs: NO_SPAN,
    bodyCount: NO_SPAN,
    bodies: [],
  };
  parse(r, model, spans);
  r.expectFinalNewline();
  checkSemantics(r, model, spans);
  return { model, diagnostics: sortBySource(r.sink.items), spans };
}

function parse(
  r: TokenReader,
  model: MixedAnimation,
  spans: { mbs: Span; bodyCount: Span; bodies: BodySpans[] },
): void {
  const mbs = r.name("the MBS animation file name (*.amb)");
  if (mbs === undefined) return;
  model.mbs = mbs;
  spans.mbs = r.span();
  const count = r.integer("the number of bodies");
  spans.bodyCount = r.span();
  if (count === undefined || count < 0) return;
  for (let i = 0; i < count; i++) {
    const of = `of body ${i + 1} of ${count}`;
    const body = r.integer(`the body number ${of}`);
    const bodySpan = r.span();
    if (body === undefined) return;
    const variants = r.integer(`the number of mesh animation variants ${of}`);
    const variantCountSpan = r.span();
    if (variants === undefined || variants < 0) return;
    const inUse = r.integer(`the index of the variant in use ${of}`);
    const variantInUseSpan = r.span();
    if (inUse === undefined) return;
    const entry: MixedBody = { body, variantInUse: inUse, animations: [] };
    const bodySpans: BodySpans = {
      body: bodySpan,
      variantCount: variantCountSpan,
      variantInUse: variantInUseSpan,
      animations: [],
    };
    model.bodies.push(entry);
    spans.bodies.push(bodySpans);
    for (let j = 0; j < variants; j++) {
      const ofVariant = `of variant ${j + 1} of body ${body}`;
      const type = r.integer(`the mesh animation type ${ofVariant}`);
      const typeSpan = r.span();
      if (type === undefined) return;
      const scalar = r.integer(`the scalar parameter index ${ofVariant}`);
      const scalarSpan = r.span();
      if (scalar === undefined) return;
      const vector = r.integer(`the vector parameter index ${ofVariant}`);
      const vectorSpan = r.span();
      if (vector === undefined) return;
      const file = r.name(`the mesh animation file name (*.agr) ${ofVariant}`);
      const fileSpan = r.span();
      if (file === undefined) return;
      const read = readMatrixText(r, (e) => `matrix entry ${e} ${ofVariant}`);
      if (!read) return;
      const matrix = read.matrix;
      entry.animations.push({ type, scalarParam: scalar, vectorParam: vector, file, matrix });
      bodySpans.animations.push({
        type: typeSpan,
        scalarParam: scalarSpan,
        vectorParam: vectorSpan,
        file: fileSpan,
        matrix: read.span,
      });
    }
  }
  if (r.cursor.next()) {
    const start = r.cursor.start;
    let extra = 1;
    while (r.cursor.next()) extra++;
    r.report(
      AMX.trailingTokens,
      `${extra} token${extra === 1 ? "" : "s"} after the last of the ${count} bodies the file announces`,
      start,
      start + 1,
    );
  }
}

function checkSemantics(
  r: TokenReader,
  model: MixedAnimation,
  spans: { mbs: Span; bodyCount: Span; bodies: BodySpans[] },
): void {
  if (model.mbs !== "") checkExtension(r, model.mbs, ".amb", "MBS animation", spans.mbs);
  if (spans.bodyCount !== NO_SPAN && model.bodies.length === 0 && !r.sink.hasErrors) {
    r.report(AMX.noBodies, "the file replaces no body (body count 0)", ...spans.bodyCount);
  }
  const seen = new Map<number, number>();
  model.bodies.forEach((b, i) => {
    const s = spans.bodies[i]!;
    if (b.body <= 0) {
      r.report(
        AMX.bodyNumber,
        `body number must be a positive integer, found ${b.body}`,
        ...s.body,
      );
    } else if (seen.has(b.body)) {
      r.report(
        AMX.duplicateBody,
        `body ${b.body} appears a second time (first as body ${seen.get(b.body)! + 1} of the list)`,
        ...s.body,
      );
    } else seen.set(b.body, i);
    const declared = countFromSpan(r, s.variantCount);
    if (declared === 0) {
      r.report(AMX.noVariants, `body ${b.body} has no mesh animation variant`, ...s.variantCount);
    } else if (
      b.animations.length === declared &&
      (b.variantInUse < 0 || b.variantInUse >= declared)
    ) {
      r.report(
        AMX.variantInUseRange,
        `variant in use ${b.variantInUse} is outside 0…${declared - 1} (body ${b.body} has ${declared} variant${declared === 1 ? "" : "s"}; indices are 0-based)`,
        ...s.variantInUse,
      );
    }
    b.animations.forEach((a, j) => {
      checkAnimation(r, b.body, a, s.animations[j]!);
    });
  });
}

function checkAnimation(
  r: TokenReader,
  body: number,
  a: MeshAnimationRef,
  s: AnimationSpans,
): void {
  const info = MESH_TYPES.get(a.type);
  if (!info) {
    r.report(
      AMX.unknownType,
      `mesh animation type ${a.type} of body ${body} is unknown (0 thermal, 1 stress-strain)`,
      ...s.type,
    );
  } else {
    if (a.scalarParam >= info.scalars.length) {
      r.report(
        AMX.scalarParamRange,
        `scalar parameter ${a.scalarParam} does not exist for type ${a.type} (${info.solver}); valid: 0…${info.scalars.length - 1}`,
        ...s.scalarParam,
      );
    }
    if (a.vectorParam >= info.vectors.length) {
      r.report(
        AMX.vectorParamRange,
        `vector parameter ${a.vectorParam} does not exist for type ${a.type} (${info.solver}); valid: 0…${info.vectors.length - 1}`,
        ...s.vectorParam,
      );
    }
  }
  checkExtension(r, a.file, ".agr", "mesh animation", s.file);
  if (a.matrix.every(Number.isFinite)) {
    const problem = rotationProblem(a.matrix, `body ${body}'s matrix`);
    if (problem) r.report(AMX.notRotation, problem, ...s.matrix);
  }
}

/** Checks a file name's extension against the expected one (case-insensitive). */
function checkExtension(
  r: TokenReader,
  name: string,
  expected: string,
  what: string,
  span: Span,
): void {
  const base = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  if (dot <= 0 || dot === base.length - 1) {
    r.report(
      AMX.missingExtension,
      `${what} file name '${name}' has no extension (expected '${expected}')`,
      ...span,
    );
  } else if (base.slice(dot).toLowerCase() !== expected) {
    r.report(
      AMX.unexpectedExtension,
      `${what} file name '${name}' does not end in '${expected}'`,
      ...span,
    );
  }
}

function countFromSpan(r: TokenReader, span: Span): number {
  return Number(r.text.slice(span[0], span[1]));
}
