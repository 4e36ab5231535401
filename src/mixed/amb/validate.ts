/**
 * Semantic checks of an MBS animation. The readers call the pieces with the
 * source locations of what they check; {@link validateAmb} runs all of them
 * on an in-memory model (offset 0).
 */
import { isRotation, type ROTATION_TOLERANCE } from "../../core/affine.js";
import {
  type Diagnostic,
  DiagnosticSink,
  type Reporter,
  type Span,
} from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { nameProblem } from "../names.js";
import { rotationProblem } from "../rotation-message.js";
import { checkTimes } from "../times.js";
import { AMB, type AmbCode, type AmbKind } from "./codes.js";
import type { BodyGeometry, MbsAnimation, RigidBody } from "./model.js";

/** Where the parts of a model live in its source; all offsets 0 for in-memory models. */
export interface AmbSpans {
  frames: Span;
  /** The body's number. */
  number(b: number): Span;
  name(b: number): Span;
  geometry(b: number): Span;
  time(f: number): Span;
  /** Body `b`'s placement in frame `f`. */
  matrix(f: number, b: number): Span;
}

const NOWHERE: Span = [0, 0];

/** Spans for a model without a source: every location is offset 0. */
export const NO_AMB_SPANS: AmbSpans = {
  frames: NOWHERE,
  number: () => NOWHERE,
  name: () => NOWHERE,
  geometry: () => NOWHERE,
  time: () => NOWHERE,
  matrix: () => NOWHERE,
};

/** Names of the geometry kinds, index = binary code. */
export const GEOMETRY_KINDS = ["none", "box", "cylinder", "sphere"] as const;

/** The sizes of a geometry (metres), in text and binary order. */
export function geometrySizes(g: BodyGeometry): number[] {
  switch (g.kind) {
    case "box":
      return [...g.size];
    case "cylinder":
      return [g.radius, g.length];
    case "sphere":
      return [g.radius];
    default:
      return [];
  }
}

/** Checks one body: number, name, geometry sizes. */
export function checkBody(body: RigidBody, b: number, r: Reporter<AmbKind>, at: AmbSpans): void {
  const n = body.number;
  if (!Number.isInteger(n) || n < 1 || n > 0xffffffff) {
    const s = at.number(b);
    r.report(
      AMB.bodyNumber,
      msg`expected a positive integer below 2^32 as the number of body ${b}, found ${{ found: n }}`,
      ...s,
    );
  }
  const np = nameProblem(body.name);
  if (np) {
    const s = at.name(b);
    r.report(AMB.badName, `body ${n}'s name '${body.name}' ${np}`, ...s);
  }
  const g = body.geometry;
  if (!GEOMETRY_KINDS.includes(g.kind)) {
    const s = at.geometry(b);
    r.report(
      AMB.unknownGeometry,
      msg`expected a geometry among ${GEOMETRY_KINDS.join(", ")} for body ${{ body: n }}, found '${{ found: String(g.kind) }}'`,
      ...s,
    );
    return;
  }
  for (const size of geometrySizes(g)) {
    if (Number.isFinite(size) && size > 0) continue;
    const s = at.geometry(b);
    r.report(
      AMB.geometrySize,
      msg`expected positive finite sizes for body ${{ body: n }}'s ${g.kind}, found ${{ found: size }}`,
      ...s,
    );
    return;
  }
}

/** Checks that body numbers are unique (the second occurrence is reported). */
export function checkUnique(
  bodies: readonly RigidBody[],
  r: Reporter<AmbKind>,
  at: AmbSpans,
): void {
  const seen = new Map<number, number>();
  bodies.forEach((body, b) => {
    const first = seen.get(body.number);
    if (first === undefined) {
      seen.set(body.number, b);
      return;
    }
    const s = at.number(b);
    r.report(
      AMB.duplicateBody,
      msg`expected a body number not used before, found ${{ body: body.number }} again (body ${{ first }} has it)`,
      ...s,
    );
  });
}

/**
 * Checks the placements: finite (error, one per body) and proper rotations
 * within {@link ROTATION_TOLERANCE} (warning, one per body, with a count).
 */
export function checkMatrices(
  m: MbsAnimation,
  r: Reporter<AmbKind>,
  at: AmbSpans,
  finite = true,
): void {
  const nb = m.bodies.length;
  const frames = m.times.length;
  const a = m.matrices;
  for (let b = 0; b < nb; b++) {
    const body = m.bodies[b]!;
    let firstBad = -1;
    let badCount = 0;
    let firstNan = -1;
    for (let f = 0; f < frames; f++) {
      const o = (f * nb + b) * 12;
      let ok = true;
      for (let i = o; i < o + 12; i++) if (a[i]! - a[i]! !== 0) ok = false;
      if (!ok) {
        if (firstNan < 0) firstNan = f;
        continue;
      }
      if (isRotation(a.subarray(o, o + 12))) continue;
      if (firstBad < 0) firstBad = f;
      badCount++;
    }
    if (finite && firstNan >= 0) {
      const s = at.matrix(firstNan, b);
      r.report(
        AMB.nonFinite,
        msg`expected finite numbers in body ${{ body: body.number }}'s placement, found NaN or infinity in frame ${{ frame: firstNan }}`,
        ...s,
      );
    }
    if (firstBad >= 0) {
      const s = at.matrix(firstBad, b);
      const o = (firstBad * nb + b) * 12;
      const problem = rotationProblem(
        a.subarray(o, o + 12),
        `body ${body.number}'s placement at frame ${firstBad}`,
        { body: body.number, frame: firstBad, count: badCount },
      );
      if (problem) {
        const text = `${problem.text}; ${badCount} frame(s) in all`;
        r.report(AMB.notRotation, { text, args: problem.args }, ...s);
      }
    }
  }
}

/** Runs every semantic check of `m`, reporting at `at`. */
export function checkAmb(m: MbsAnimation, r: Reporter<AmbKind>, at: AmbSpans): void {
  m.bodies.forEach((body, b) => {
    checkBody(body, b, r, at);
  });
  checkUnique(m.bodies, r, at);
  checkTimes(m.times, r, at, AMB);
  checkMatrices(m, r, at);
}

/** All diagnostics of an in-memory MBS animation (locations are offset 0). */
export function validateAmb(m: MbsAnimation): Diagnostic<AmbCode>[] {
  const sink = new DiagnosticSink<AmbKind>();
  const want = m.times.length * m.bodies.length * 12;
  if (m.matrices.length !== want) {
    sink.report(
      AMB.shape,
      msg`expected ${{ expected: want }} matrix numbers (${m.times.length} frames × ${m.bodies.length} bodies × 12), found ${{ found: m.matrices.length }}`,
      0,
    );
    return sink.items;
  }
  checkAmb(m, sink, NO_AMB_SPANS);
  return sink.items;
}
