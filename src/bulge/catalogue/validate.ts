/**
 * Semantic checks of bulge definitions (stage two of the reader template):
 * the name's characters, the code, the sections' angles, and the keypoint
 * restrictions of the spec. A definition with any error is ill-defined and
 * is left out of the lister. Works on definitions read from a file (located
 * by their spans) and on ones made in memory (offset 0).
 */
import { type Diagnostic, DiagnosticSink, type Span } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { BLG, type BulgeCode, type BulgeKind } from "./codes.js";
import type { BulgeCatalogue, BulgeDefinition, BulgeSection } from "./model.js";

/** Where one section's values stand: its angle, and each keypoint's three values. */
export interface SectionSpans {
  readonly angle: Span;
  readonly keypoints: (readonly [Span, Span, Span])[];
}

/** Where one definition's values stand in the source. */
export interface DefinitionSpans {
  /** The `bulge:` keyword. */
  readonly bulge: Span;
  /** The quoted name, quotes included. */
  readonly name: Span;
  /** The code's value. */
  readonly code: Span;
  readonly sections: SectionSpans[];
}

/** Bone positions and X-icon x lie in [0, 1] (bone lengths). */
export const BONE_RANGE = [0, 1] as const;
/** The X icon's y lies in [−0.5, 0.5] (bone lengths). */
export const DEPTH_RANGE = [-0.5, 0.5] as const;
/** Section angles are integers in [0, 360] degrees. */
export const ANGLE_RANGE = [0, 360] as const;

const NOWHERE: Span = [0, 0];

/** Spans of a definition made in memory: every location offset 0. */
export function definitionSpansOf(def: BulgeDefinition): DefinitionSpans {
  return {
    bulge: NOWHERE,
    name: NOWHERE,
    code: NOWHERE,
    sections: def.sections.map((s) => ({
      angle: NOWHERE,
      keypoints: s.keypoints.map(() => [NOWHERE, NOWHERE, NOWHERE] as const),
    })),
  };
}

/** Why `name` cannot be a bulge name (empty, or a character outside 32–126 or `"`), or undefined. */
export function nameProblem(name: string): string | undefined {
  if (name.length === 0) return "the name is empty";
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 32 || c > 126 || c === 34) {
      const shown = c === 34 ? "'\"'" : `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
      return `the name has the character ${shown} at position ${i + 1} (only ASCII 32–126 without '"' is allowed)`;
    }
  }
  return undefined;
}

/** How messages name a definition: `"Generic"`. */
export function shownName(name: string): string {
  return `"${name.length > 40 ? `${name.slice(0, 40)}…` : name}"`;
}

function label(def: BulgeDefinition): string {
  return `bulge ${shownName(def.name)}`;
}

/**
 * The problems of one definition, in source order within each check (all of
 * them, not only the first: the lister omits the definition on any error).
 */
export function validateDefinition(
  def: BulgeDefinition,
  spans: DefinitionSpans = definitionSpansOf(def),
): Diagnostic<BulgeCode>[] {
  const sink = new DiagnosticSink<BulgeKind>();
  const name = nameProblem(def.name);
  if (name) sink.report(BLG.nameCharacter, `${label(def)}: ${name}`, ...spans.name);
  if (!Number.isSafeInteger(def.code) || def.code < 0) {
    sink.report(
      BLG.badCode,
      msg`bulge ${{ bulge: shownName(def.name) }}: the code must be an integer ≥ 0, found ${{ found: def.code }}`,
      ...spans.code,
    );
  }
  if (def.sections.length === 0) {
    sink.report(
      BLG.noSection,
      msg`bulge ${{ bulge: shownName(def.name) }} has no section ('angle:' and keypoints); at least one is needed`,
      ...spans.bulge,
    );
  }
  const seen = new Map<number, number>();
  def.sections.forEach((s, i) => {
    const ss = spans.sections[i] ?? { angle: NOWHERE, keypoints: [] };
    const a = s.angle;
    if (!Number.isInteger(a) || a < ANGLE_RANGE[0] || a > ANGLE_RANGE[1]) {
      sink.report(
        BLG.badAngle,
        msg`bulge ${{ bulge: shownName(def.name) }}: angle ${{ found: a }} is not an integer from 0 to 360`,
        ...ss.angle,
      );
    } else {
      const direction = a % 360;
      const before = seen.get(direction);
      if (before !== undefined) {
        const same = before === a ? "" : ` (the direction of ${before})`;
        sink.report(
          BLG.repeatedAngle,
          msg`bulge ${{ bulge: shownName(def.name) }}: a second section at angle ${{ angle: a }}${same}; angles of one definition must be distinct`,
          ...ss.angle,
        );
      } else seen.set(direction, a);
    }
    checkSection(sink, `${label(def)}, section at angle ${a}`, s, ss);
  });
  return sink.items;
}

/** The keypoint restrictions of one section (spec "Restrictions"). */
function checkSection(
  sink: DiagnosticSink<BulgeKind>,
  where: string,
  s: BulgeSection,
  spans: SectionSpans,
): void {
  const k = s.keypoints;
  if (k.length < 2) {
    sink.report(
      BLG.fewKeypoints,
      msg`${where}: ${{ count: k.length }} keypoint${k.length === 1 ? "" : "s"}; a section needs at least two (at bone positions 0.0 and 1.0)`,
      ...spans.angle,
    );
    if (k.length === 0) return;
  }
  const at = (i: number, v: 0 | 1 | 2): Span => spans.keypoints[i]?.[v] ?? spans.angle;
  for (let i = 0; i < k.length; i++) {
    const [u, x, y] = k[i]!;
    const kp = `${where}, keypoint ${i + 1}`;
    const values = [u, x, y] as const;
    const bad = values.findIndex((v) => !Number.isFinite(v));
    if (bad >= 0) {
      sink.report(
        BLG.badKeypoint,
        `${kp}: value ${bad + 1} is not a finite real`,
        ...at(i, bad as 0 | 1 | 2),
      );
      continue;
    }
    if (u < BONE_RANGE[0] || u > BONE_RANGE[1]) {
      sink.report(
        BLG.outOfBone,
        msg`${kp}: bone position ${{ value: u }} is outside [0.0, 1.0]`,
        ...at(i, 0),
      );
      continue;
    }
    if (x < BONE_RANGE[0] || x > BONE_RANGE[1]) {
      sink.report(BLG.outOfBone, msg`${kp}: x ${{ value: x }} is outside [0.0, 1.0]`, ...at(i, 1));
      continue;
    }
    if (y < DEPTH_RANGE[0] || y > DEPTH_RANGE[1]) {
      sink.report(
        BLG.depthRange,
        msg`${kp}: y ${{ value: y }} is outside [-0.5, 0.5]`,
        ...at(i, 2),
      );
      continue;
    }
    if (i > 0) {
      const [pu, px] = k[i - 1]!;
      if (!(u > pu)) {
        sink.report(
          BLG.notIncreasing,
          msg`${kp}: bone position ${{ value: u }} is not greater than the previous keypoint's ${{ previous: pu }}`,
          ...at(i, 0),
        );
        continue;
      }
      if (!(x > px)) {
        sink.report(
          BLG.notIncreasing,
          msg`${kp}: x ${{ value: x }} is not greater than the previous keypoint's ${{ previous: px }}`,
          ...at(i, 1),
        );
      }
    }
  }
  const first = k[0]!;
  if (first[0] !== 0 && Number.isFinite(first[0])) {
    sink.report(
      BLG.firstNotZero,
      msg`${where}: the first keypoint is at bone position ${{ found: first[0] }}, not 0.0`,
      ...at(0, 0),
    );
  }
  const last = k[k.length - 1]!;
  if (k.length >= 2 && last[0] !== 1 && Number.isFinite(last[0])) {
    sink.report(
      BLG.lastNotOne,
      msg`${where}: the last keypoint is at bone position ${{ found: last[0] }}, not 1.0`,
      ...at(k.length - 1, 0),
    );
  }
}

/**
 * The problems of a catalogue made in memory (an edit, a merge): each
 * definition's, and codes used twice (a file's duplicates are reassigned by
 * the reader instead). `spans` are parallel to `catalogue.bulges`.
 */
export function validateCatalogue(
  catalogue: BulgeCatalogue,
  spans?: readonly DefinitionSpans[],
): Diagnostic<BulgeCode>[] {
  const out: Diagnostic<BulgeCode>[] = [];
  const sink = new DiagnosticSink<BulgeKind>();
  const codes = new Map<number, string>();
  catalogue.bulges.forEach((def, i) => {
    const s = spans?.[i] ?? definitionSpansOf(def);
    out.push(...validateDefinition(def, s));
    const other = codes.get(def.code);
    if (other !== undefined) {
      sink.report(
        BLG.duplicateCode,
        msg`bulge ${{ bulge: shownName(def.name) }}: code ${{ code: def.code }} is already used by ${{ other: shownName(other) }}`,
        ...s.code,
      );
    } else codes.set(def.code, def.name);
  });
  return [...out, ...sink.items];
}

/**
 * Warnings (BLG030) for a valid definition's sections whose profile does not
 * end at 0: at bone position 0.0 or 1.0, the X icon off the circle icon
 * (x ≠ u, located at x) or off the bone (y ≠ 0, located at y). The deformer
 * fades such ends out (docs/bulge-deformation.md, "Meeting the surface").
 */
export function openEndWarnings(
  def: BulgeDefinition,
  spans: DefinitionSpans = definitionSpansOf(def),
): Diagnostic<BulgeCode>[] {
  const sink = new DiagnosticSink<BulgeKind>();
  def.sections.forEach((s, i) => {
    const k = s.keypoints;
    if (k.length < 2) return;
    for (const at of [0, k.length - 1]) {
      const [u, x, y] = k[at]!;
      const place = spans.sections[i]?.keypoints[at];
      const position = u === 0 ? "0.0" : u === 1 ? "1.0" : String(u);
      const bulge = shownName(def.name);
      const angle = s.angle;
      if (x !== u) {
        sink.report(
          BLG.openEnd,
          msg`bulge ${{ bulge }}, section at angle ${{ angle }}: at bone position ${{ position }} the X icon stands at x ${{ value: x }}, not on the circle icon; the deformer fades the difference to 0 at the end`,
          ...(place?.[1] ?? spans.bulge),
        );
      }
      if (y !== 0) {
        sink.report(
          BLG.openEnd,
          msg`bulge ${{ bulge }}, section at angle ${{ angle }}: at bone position ${{ position }} the profile ends at y ${{ value: y }}, not 0; the deformer fades it to 0 at the end`,
          ...(place?.[2] ?? spans.bulge),
        );
      }
    }
  });
  return sink.items;
}
