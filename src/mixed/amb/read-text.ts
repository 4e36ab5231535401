/**
 * The `.amb` text encoding reader (grammar in `docs/formats/amb.md`).
 * Matrix numbers go straight from the token cursor into one preallocated
 * Float64Array; the model returned is always shape-consistent.
 */
import type { Diagnostic, Span } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { type IntegerRange, TokenReader, UINT32 } from "../../core/token-reader.js";
import { NumberForm, type TokenCursor } from "../../core/tokenizer.js";
import { readTextMagic, textKinds } from "../container.js";
import { readFrameTime } from "../times.js";
import { AMB_TEXT_MAGIC } from "./binary-layout.js";
import { AMB, type AmbKind } from "./codes.js";
import type { BodyGeometry, MbsAnimation, RigidBody } from "./model.js";
import {
  type AmbSpans,
  checkBody,
  checkMatrices,
  checkUnique,
  GEOMETRY_KINDS,
  NO_AMB_SPANS,
} from "./validate.js";

/** What the token reader reports, from the `.amb` code table. */
const TEXT_KINDS = textKinds<AmbKind>(AMB);

/** Body numbers as read; {@link checkBody} reports 0 and numbers from 2^32 up. */
const BODY_NUMBERS: IntegerRange = { max: Number.MAX_SAFE_INTEGER, name: "an unsigned integer" };

const KEYWORDS = ["bodies", "frames", "frame", ...GEOMETRY_KINDS];

/** Whether the current token is one of the format's keywords: a run of values has ended early. */
function atKeyword(c: TokenCursor): boolean {
  for (const k of KEYWORDS) if (c.is(k)) return true;
  return false;
}

/** Reads the text encoding; `model` is undefined only when the magic line is wrong. */
export function readAmbText(text: string): {
  model: MbsAnimation | undefined;
  diagnostics: Diagnostic[];
} {
  const r = new TokenReader<AmbKind>(text, TEXT_KINDS, { integers: UINT32, marker: atKeyword });
  if (!readTextMagic(r, AMB_TEXT_MAGIC, AMB)) {
    return { model: undefined, diagnostics: r.sink.items };
  }
  const m: MbsAnimation = { bodies: [], times: new Float64Array(0), matrices: new Float64Array(0) };
  if (readSections(r, m)) r.expectEnd(AMB.trailing, "the last frame");
  r.expectFinalNewline();
  return { model: m, diagnostics: r.sink.items };
}

/** The sizes of each geometry, in text order. */
const SIZE_NAMES = {
  none: [],
  box: ["x size", "y size", "z size"],
  cylinder: ["radius", "length"],
  sphere: ["radius"],
} as const;

/** Reads a body's geometry and its sizes; undefined when the text ended or a keyword cut the sizes. */
function readGeometry(
  r: TokenReader<AmbKind>,
  number: number,
  spans: Span[],
): BodyGeometry | undefined {
  const c = r.cursor;
  if (!r.need(`the geometry of body ${number} (${GEOMETRY_KINDS.join(", ")})`)) return undefined;
  spans.push(r.span());
  const kind = GEOMETRY_KINDS.find((k) => c.is(k));
  if (kind === undefined) {
    r.report(
      AMB.unknownGeometry,
      msg`expected a geometry (${GEOMETRY_KINDS.join(", ")}) for body ${{ body: number }}, found ${{ found: r.found() }}`,
      c.start,
      c.end,
    );
    // Skip the sizes that may follow.
    let mark = c.mark();
    while (c.next() && c.form() !== NumberForm.None && !r.stopped) mark = c.mark();
    c.restore(mark);
    return { kind: "none" };
  }
  const names = SIZE_NAMES[kind];
  const s: number[] = [];
  if (!r.reals(names.length, s, 0, (i) => `the ${names[i]} of body ${number}`)) return undefined;
  switch (kind) {
    case "none":
      return { kind };
    case "box":
      return { kind, size: [s[0]!, s[1]!, s[2]!] };
    case "cylinder":
      return { kind, radius: s[0]!, length: s[1]! };
    case "sphere":
      return { kind, radius: s[0]! };
  }
}

function readSections(r: TokenReader<AmbKind>, m: MbsAnimation): boolean {
  const c = r.cursor;
  if (!r.keyword("bodies", " after the magic line")) return false;
  const count = r.integer("the body count");
  if (count === undefined || !r.fits(count, 3, "bodies (3 tokens each at least)")) return false;
  const bodies: RigidBody[] = [];
  const numberSpans: Span[] = [];
  const nameSpans: Span[] = [];
  const geometrySpans: Span[] = [];
  const spans: AmbSpans = {
    ...NO_AMB_SPANS,
    number: (b) => numberSpans[b] ?? NO_AMB_SPANS.frames,
    name: (b) => nameSpans[b] ?? NO_AMB_SPANS.frames,
    geometry: (b) => geometrySpans[b] ?? NO_AMB_SPANS.frames,
  };
  for (let b = 0; b < count; b++) {
    const number = r.integer(`the number of body ${b}`, BODY_NUMBERS) ?? Number.NaN;
    if (Number.isNaN(number) && c.start === r.text.length) return false;
    const numberSpan = r.span();
    if (!r.need(`the name of body ${b}`)) return false;
    const name = c.token();
    const nameSpan = r.span();
    const geometry = readGeometry(r, number, geometrySpans);
    if (!geometry) return false;
    const body: RigidBody = { number: Number.isNaN(number) ? 0 : number, name, geometry };
    bodies.push(body);
    numberSpans.push(numberSpan);
    nameSpans.push(nameSpan);
    if (!Number.isNaN(number)) checkBody(body, b, r, spans);
    if (r.stopped) return false;
  }
  checkUnique(bodies, r, spans);
  m.bodies = bodies;

  if (!r.keyword("frames")) return false;
  const framesSpan = r.span();
  const frames = r.integer("the frame count");
  if (frames === undefined) return false;
  if (frames === 0) r.report(AMB.noFrames, "expected at least 1 frame, found 0", c.start, c.end);
  const perFrame = 2 + 13 * count;
  if (!r.fits(frames, perFrame, `frames (${perFrame} tokens each)`)) return false;
  const times = new Float64Array(frames);
  const matrices = new Float64Array(frames * count * 12);
  const rowStarts = new Uint32Array(frames * count);
  let done = 0;
  let previous = Number.NEGATIVE_INFINITY;
  outer: for (let f = 0; f < frames; f++) {
    const t = readFrameTime(r, f, previous, AMB);
    if (t === undefined) break;
    if (Number.isFinite(t)) previous = t;
    times[f] = t;
    for (let b = 0; b < count; b++) {
      const body = bodies[b]!;
      if (!r.need(`the row of body ${body.number} in frame ${f}`)) break outer;
      rowStarts[f * count + b] = c.start;
      if (!c.is(String(body.number))) {
        if (atKeyword(c)) {
          r.report(
            AMB.bodyOrder,
            msg`expected the row of body ${{ body: body.number }} in frame ${{ frame: f }}, found ${{ found: r.found() }}`,
            c.start,
            c.end,
          );
          c.restore(c.start);
          break outer;
        }
        // A body whose number could not be read has already been reported; its rows are not checked.
        if (body.number !== 0) {
          r.report(
            AMB.bodyOrder,
            msg`expected body number ${{ body: body.number }} (body list order) in frame ${{ frame: f }}, found ${{ found: r.found() }}`,
            c.start,
            c.end,
          );
        }
      }
      const entry = (i: number) =>
        `entry ${i + 1} of 12 of body ${body.number}'s matrix in frame ${f}`;
      if (!r.reals(12, matrices, (f * count + b) * 12, entry)) break outer;
    }
    done = f + 1;
  }
  m.times = done === frames ? times : times.subarray(0, done);
  m.matrices = matrices.subarray(0, done * count * 12);
  const located: AmbSpans = {
    ...spans,
    frames: framesSpan,
    matrix: (f, b) => {
      const s = rowStarts[f * count + b]!;
      return [s, s + String(bodies[b]!.number).length];
    },
  };
  checkMatrices(m, r, located, false);
  return done === frames && !r.stopped;
}
