/**
 * Semantic checks of an `.amx` on its own (stage two of the reader template):
 * body numbers, variant counts and indices, animation types and parameter
 * indices, file name extensions, rotation matrices. Checks against the files
 * next to it are in `cross-check.ts`.
 */
import { type Diagnostic, DiagnosticSink, hasErrors, type Span } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { extensionOf } from "../../core/path.js";
import { rotationProblem } from "../rotation-message.js";
import { MESH_TYPES } from "../types.js";
import { AMX, type AmxCode, type AmxKind } from "./codes.js";
import type { MeshAnimationRef, MixedAnimation } from "./model.js";

/** Where each value of one variant stands in the source. */
export interface AnimationSpans {
  readonly type: Span;
  readonly scalarParam: Span;
  readonly vectorParam: Span;
  readonly file: Span;
  /** From the first to the last matrix entry. */
  readonly matrix: Span;
}

/** Where each value of one body stands in the source, and the variant count it declares. */
export interface BodySpans {
  readonly body: Span;
  readonly variantCount: Span;
  /** The variant count as the file declares it (the model holds the variants read). */
  readonly declaredVariants: number;
  readonly variantInUse: Span;
  readonly animations: AnimationSpans[];
}

/** Source spans parallel to a {@link MixedAnimation}, with the counts the file declares. */
export interface AmxSpans {
  readonly mbs: Span;
  /** The body count's token; `[0, 0]` when the file ended before it. */
  readonly bodyCount: Span;
  /** The body count as declared; undefined when it could not be read. */
  readonly declaredBodies: number | undefined;
  readonly bodies: BodySpans[];
}

const NOWHERE: Span = [0, 0];

/** Spans of an in-memory model: every location offset 0, declared counts as held. */
function amxSpansOf(model: MixedAnimation): AmxSpans {
  return {
    mbs: NOWHERE,
    bodyCount: NOWHERE,
    declaredBodies: model.bodies.length,
    bodies: model.bodies.map((b) => ({
      body: NOWHERE,
      variantCount: NOWHERE,
      declaredVariants: b.animations.length,
      variantInUse: NOWHERE,
      animations: b.animations.map(() => ({
        type: NOWHERE,
        scalarParam: NOWHERE,
        vectorParam: NOWHERE,
        file: NOWHERE,
        matrix: NOWHERE,
      })),
    })),
  };
}

/**
 * The semantic diagnostics of an `.amx` model, located by its `spans` (an
 * in-memory model: offset 0). `syntax` holds the diagnostics of reading it:
 * a body count of 0 is warned only in a file without errors.
 */
export function validateAmx(
  model: MixedAnimation,
  spans: AmxSpans = amxSpansOf(model),
  syntax: readonly Diagnostic[] = [],
): Diagnostic<AmxCode>[] {
  const sink = new DiagnosticSink<AmxKind>();
  if (model.mbs !== "") checkExtension(sink, model.mbs, ".amb", "MBS animation", spans.mbs);
  if (spans.declaredBodies === 0 && !hasErrors(syntax) && !hasErrors(sink.items)) {
    sink.report(AMX.noBodies, msg`the file replaces no body (body count 0)`, ...spans.bodyCount);
  }
  const seen = new Map<number, number>();
  model.bodies.forEach((b, i) => {
    const s = spans.bodies[i]!;
    if (b.body <= 0) {
      sink.report(
        AMX.bodyNumber,
        msg`body number must be a positive integer, found ${{ body: b.body }}`,
        ...s.body,
      );
    } else if (seen.has(b.body)) {
      sink.report(
        AMX.duplicateBody,
        msg`body ${{ body: b.body }} appears a second time (first as body ${{ first: seen.get(b.body)! + 1 }} of the list)`,
        ...s.body,
      );
    } else seen.set(b.body, i);
    const declared = s.declaredVariants;
    if (declared === 0) {
      sink.report(
        AMX.noVariants,
        msg`body ${{ body: b.body }} has no mesh animation variant`,
        ...s.variantCount,
      );
    } else if (
      b.animations.length === declared &&
      (b.variantInUse < 0 || b.variantInUse >= declared)
    ) {
      sink.report(
        AMX.variantInUseRange,
        msg`variant in use ${{ used: b.variantInUse }} is outside 0…${{ last: declared - 1 }} (body ${{ body: b.body }} has ${{ count: declared }} variant${declared === 1 ? "" : "s"}; indices are 0-based)`,
        ...s.variantInUse,
      );
    }
    b.animations.forEach((a, j) => {
      checkAnimation(sink, b.body, a, s.animations[j]!);
    });
  });
  return sink.items;
}

function checkAnimation(
  r: DiagnosticSink<AmxKind>,
  body: number,
  a: MeshAnimationRef,
  s: AnimationSpans,
): void {
  const info = MESH_TYPES.get(a.type);
  if (!info) {
    r.report(
      AMX.unknownType,
      msg`mesh animation type ${{ type: a.type }} of body ${{ body }} is unknown (0 thermal, 1 stress-strain)`,
      ...s.type,
    );
  } else {
    if (a.scalarParam >= info.scalars.length) {
      r.report(
        AMX.scalarParamRange,
        msg`scalar parameter ${{ index: a.scalarParam }} does not exist for type ${{ type: a.type }} (${info.solver}); valid: 0…${{ last: info.scalars.length - 1 }}`,
        ...s.scalarParam,
      );
    }
    if (a.vectorParam >= info.vectors.length) {
      r.report(
        AMX.vectorParamRange,
        msg`vector parameter ${{ index: a.vectorParam }} does not exist for type ${{ type: a.type }} (${info.solver}); valid: 0…${{ last: info.vectors.length - 1 }}`,
        ...s.vectorParam,
      );
    }
  }
  checkExtension(r, a.file, ".agr", "mesh animation", s.file);
  if (a.matrix.every(Number.isFinite)) {
    const problem = rotationProblem(a.matrix, `body ${body}'s matrix`, { body });
    if (problem) r.report(AMX.notRotation, problem, ...s.matrix);
  }
}

/** Checks a file name's extension against the expected one (case-insensitive). */
function checkExtension(
  r: DiagnosticSink<AmxKind>,
  name: string,
  expected: string,
  what: string,
  span: Span,
): void {
  const extension = extensionOf(name);
  if (extension === "") {
    r.report(
      AMX.missingExtension,
      msg`${what} file name '${{ name }}' has no extension (expected '${{ expected }}')`,
      ...span,
    );
  } else if (extension !== expected) {
    r.report(
      AMX.unexpectedExtension,
      msg`${what} file name '${{ name }}' does not end in '${{ expected }}'`,
      ...span,
    );
  }
}
