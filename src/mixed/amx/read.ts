/**
 * Reader of the mixed animation file `*.amx` (spec §2), stage one of the
 * reader template: syntax only — tokens, counts, spans. {@link readAmxSyntax}
 * returns what it could read, the syntax diagnostics and where every value
 * and every declared count stands; `validate.ts` checks the meaning.
 * {@link readAmx} runs both. Never throws.
 */
import { type Diagnostic, type Span, sortBySource } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { TokenReader } from "../../core/token-reader.js";
import { readMatrixText } from "../matrix-text.js";
import { AMX, type AmxCode, type AmxKind } from "./codes.js";
import type { MixedAnimation, MixedBody } from "./model.js";
import { type AmxSpans, type BodySpans, validateAmx } from "./validate.js";

/** Result of {@link readAmxSyntax}: the syntax tree of an `.amx`. */
export interface AmxSyntax {
  /** What could be read (complete bodies and variants only). */
  readonly model: MixedAnimation;
  /** Syntax diagnostics, in the order they were found. */
  readonly diagnostics: Diagnostic<AmxCode>[];
  readonly spans: AmxSpans;
}

/** Result of {@link readAmx}. */
export interface AmxReadResult {
  /** What could be read (complete bodies and variants only). */
  readonly model: MixedAnimation;
  /** Syntax and single-file semantic diagnostics, in source order. */
  readonly diagnostics: Diagnostic[];
  readonly spans: AmxSpans;
}

const NO_SPAN: Span = [0, 0];

/** Reads an `.amx` text and checks it on its own (no companion files); see the module comment. */
export function readAmx(text: string): AmxReadResult {
  const syntax = readAmxSyntax(text);
  const semantics = validateAmx(syntax.model, syntax.spans, syntax.diagnostics);
  return {
    model: syntax.model,
    diagnostics: sortBySource([...syntax.diagnostics, ...semantics]),
    spans: syntax.spans,
  };
}

/** Stage one: reads the tokens, counts and spans of an `.amx` text; no semantic check. */
export function readAmxSyntax(text: string): AmxSyntax {
  const r = new TokenReader<AmxKind>(text, AMX);
  const model: MixedAnimation = { mbs: "", bodies: [] };
  const spans: Mutable<AmxSpans> = {
    mbs: NO_SPAN,
    bodyCount: NO_SPAN,
    declaredBodies: undefined,
    bodies: [],
  };
  parse(r, model, spans);
  r.expectFinalNewline();
  return { model, diagnostics: r.sink.items, spans };
}

type Mutable<T> = { -readonly [P in keyof T]: T[P] };

function parse(r: TokenReader<AmxKind>, model: MixedAnimation, spans: Mutable<AmxSpans>) {
  const mbs = r.name("the MBS animation file name (*.amb)");
  if (mbs === undefined) return;
  model.mbs = mbs;
  spans.mbs = r.span();
  const count = r.integer("the number of bodies");
  spans.bodyCount = r.span();
  if (count === undefined) return;
  spans.declaredBodies = count;
  for (let i = 0; i < count; i++) {
    const of = `of body ${i + 1} of ${count}`;
    const body = r.integer(`the body number ${of}`);
    const bodySpan = r.span();
    if (body === undefined) return;
    const variants = r.integer(`the number of mesh animation variants ${of}`);
    const variantCountSpan = r.span();
    if (variants === undefined) return;
    const inUse = r.integer(`the index of the variant in use ${of}`);
    const variantInUseSpan = r.span();
    if (inUse === undefined) return;
    const entry: MixedBody = { body, variantInUse: inUse, animations: [] };
    const bodySpans: BodySpans = {
      body: bodySpan,
      variantCount: variantCountSpan,
      declaredVariants: variants,
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
      msg`${{ extra }} token${extra === 1 ? "" : "s"} after the last of the ${{ count }} bodies the file announces`,
      start,
      start + 1,
    );
  }
}
