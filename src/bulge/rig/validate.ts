/**
 * Semantic checks of a rig (stage two of the reader template): unique joint
 * names, parents listed before their children, bones with length, reference
 * axes not along the bone, positive radii, sound bulge attributes; and,
 * against a catalogue, codes that exist.
 */
import { type Diagnostic, DiagnosticSink, type Span } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { RIG, type RigCode, type RigKind } from "./codes.js";
import type { Joint, Rig } from "./model.js";

/** Where a bulge attribute's values stand. */
export interface BulgeAttributeSpans {
  readonly whole: Span;
  readonly code: Span;
  readonly fullAngle: Span;
  readonly scale: Span;
  readonly unit?: Span;
}

/** Where one joint's values stand (the joint object's span where a member is absent). */
export interface JointSpans {
  readonly whole: Span;
  readonly name: Span;
  readonly parent: Span;
  readonly head: Span;
  readonly tail: Span;
  readonly axis: Span;
  readonly radius: Span;
  readonly flexAxis: Span;
  readonly limits?: Span;
  readonly bulge?: BulgeAttributeSpans;
}

/** Source spans parallel to a {@link Rig}'s joints. */
export interface RigSpans {
  readonly whole: Span;
  readonly version: Span;
  readonly joints: JointSpans[];
}

const NOWHERE: Span = [0, 0];

/** Spans of a rig made in memory: every location offset 0. */
export function rigSpansOf(rig: Rig): RigSpans {
  const j: JointSpans = {
    whole: NOWHERE,
    name: NOWHERE,
    parent: NOWHERE,
    head: NOWHERE,
    tail: NOWHERE,
    axis: NOWHERE,
    radius: NOWHERE,
    flexAxis: NOWHERE,
    bulge: { whole: NOWHERE, code: NOWHERE, fullAngle: NOWHERE, scale: NOWHERE },
  };
  return { whole: NOWHERE, version: NOWHERE, joints: rig.joints.map(() => j) };
}

/** Sines below this make the reference axis "parallel" to the bone. */
export const MIN_AXIS_SINE = 1e-6;

type Vec = readonly [number, number, number];

function sub(a: Vec, b: Vec): Vec {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function norm(a: Vec): number {
  return Math.hypot(a[0], a[1], a[2]);
}

/** The sine of the angle between `a` and `b` (0 when either is zero). */
function sine(a: Vec, b: Vec): number {
  const na = norm(a);
  const nb = norm(b);
  if (na === 0 || nb === 0) return 0;
  const c: Vec = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  return norm(c) / (na * nb);
}

/** The semantic problems of a rig, located by its `spans` (in memory: offset 0). */
export function validateRig(rig: Rig, spans: RigSpans = rigSpansOf(rig)): Diagnostic<RigCode>[] {
  const sink = new DiagnosticSink<RigKind>();
  if (rig.joints.length === 0)
    sink.report(RIG.noJoints, msg`the rig has no joints`, ...spans.whole);
  const seen = new Set<string>();
  // Every name at once: an unknown parent is told from a later one without a scan (decision 254).
  const names = new Set(rig.joints.map((j) => j.name));
  rig.joints.forEach((j, i) => {
    const s = spans.joints[i]!;
    if (j.name === "")
      sink.report(RIG.emptyName, msg`joint ${{ index: i + 1 }} has an empty name`, ...s.name);
    else if (seen.has(j.name))
      sink.report(RIG.duplicateJoint, msg`a second joint named '${{ joint: j.name }}'`, ...s.name);
    if (j.parent !== null && !seen.has(j.parent)) {
      const why =
        j.parent === j.name
          ? "is the joint itself"
          : names.has(j.parent)
            ? "is listed after it (parents come first)"
            : "is no joint of the rig";
      sink.report(
        RIG.parent,
        msg`joint '${{ joint: j.name }}': parent '${{ parent: j.parent }}' ${why}`,
        ...s.parent,
      );
    }
    seen.add(j.name);
    checkJoint(sink, j.name, j, s);
  });
  return sink.items;
}

function checkJoint(sink: DiagnosticSink<RigKind>, joint: string, j: Joint, s: JointSpans): void {
  const bone = sub(j.tail, j.head);
  if (norm(bone) === 0)
    sink.report(
      RIG.zeroBone,
      msg`joint '${{ joint }}': head and tail are the same point`,
      ...s.tail,
    );
  else if (norm(j.axis) === 0)
    sink.report(
      RIG.axis,
      msg`joint '${{ joint }}': the reference axis is the zero vector`,
      ...s.axis,
    );
  else if (sine(j.axis, bone) < MIN_AXIS_SINE) {
    sink.report(
      RIG.axis,
      msg`joint '${{ joint }}': the reference axis is parallel to the bone; angle 0 needs a direction across it`,
      ...s.axis,
    );
  }
  if (!(j.radius > 0))
    sink.report(
      RIG.radius,
      msg`joint '${{ joint }}': the influence radius must be > 0, found ${{ found: j.radius }}`,
      ...s.radius,
    );
  if (norm(j.flexAxis) === 0)
    sink.report(
      RIG.flexAxis,
      msg`joint '${{ joint }}': the flex axis is the zero vector`,
      ...s.flexAxis,
    );
  if (j.limits) checkLimits(sink, joint, j.limits, s.limits ?? s.whole);
  const b = j.bulge;
  if (!b) return;
  const bs = s.bulge ?? { whole: s.whole, code: s.whole, fullAngle: s.whole, scale: s.whole };
  if (!Number.isSafeInteger(b.code) || b.code < 0) {
    sink.report(
      RIG.bulgeCode,
      msg`joint '${{ joint }}': the bulge code must be an integer ≥ 0, found ${{ found: b.code }}`,
      ...bs.code,
    );
  }
  if (!(b.fullAngle > 0 && b.fullAngle <= 180)) {
    sink.report(
      RIG.fullAngle,
      msg`joint '${{ joint }}': the full-bulge angle must be in (0, 180] degrees, found ${{ found: b.fullAngle }}`,
      ...bs.fullAngle,
    );
  }
  if (!(b.scale >= 0))
    sink.report(
      RIG.scale,
      msg`joint '${{ joint }}': the bulge scale must be ≥ 0, found ${{ found: b.scale }}`,
      ...bs.scale,
    );
  if (b.unit !== undefined && b.unit !== "bone" && b.unit !== "radius")
    sink.report(
      RIG.unit,
      msg`joint '${{ joint }}': the bulge unit must be "bone" or "radius", found ${{ found: JSON.stringify(b.unit) }}`,
      ...(bs.unit ?? bs.whole),
    );
}

/** RIG030: limits that are not −180 ≤ min ≤ 0 ≤ max ≤ 180 with min < max. */
function checkLimits(
  sink: DiagnosticSink<RigKind>,
  joint: string,
  [min, max]: [number, number],
  span: Span,
): void {
  if (min >= -180 && min <= 0 && max >= 0 && max <= 180 && min < max) return;
  sink.report(
    RIG.limits,
    msg`joint '${{ joint }}': the flex limits must hold the rest pose and lie in -180…180 degrees, min < max, found [${{ min }}, ${{ max }}]`,
    ...span,
  );
}

/**
 * Bulge codes of the rig that the catalogue (its codes) does not define
 * (RIG020), located by `spans`; `catalogueName` says which file was asked.
 */
export function checkRigCodes(
  rig: Rig,
  codes: ReadonlySet<number>,
  catalogueName: string,
  spans: RigSpans = rigSpansOf(rig),
): Diagnostic<RigCode>[] {
  const sink = new DiagnosticSink<RigKind>();
  rig.joints.forEach((j, i) => {
    if (!j.bulge || codes.has(j.bulge.code)) return;
    const s = spans.joints[i]!;
    sink.report(
      RIG.unknownCode,
      msg`joint '${{ joint: j.name }}': bulge code ${{ code: j.bulge.code }} is not defined in ${{ catalogue: catalogueName }}`,
      ...(s.bulge?.code ?? s.whole),
    );
  });
  return sink.items;
}

/** The names of the joints whose bulge attribute references `code`. */
export function jointsUsingCode(rig: Rig, code: number): string[] {
  return rig.joints.filter((j) => j.bulge?.code === code).map((j) => j.name);
}

/** A rig that references a code (or could not be read, so might): its path and the joints. */
export interface RigReference {
  readonly path: string;
  /** Joints whose bulge attribute has the code; empty when the rig could not be read. */
  readonly joints: string[];
}

/** The rigs among `rigs` that reference `code`, and those that could not be read (`rig` undefined). */
export function rigsUsingCode(
  rigs: readonly { readonly path: string; readonly rig: Rig | undefined }[],
  code: number,
): RigReference[] {
  return rigs.flatMap((r) => {
    if (!r.rig) return [{ path: r.path, joints: [] }];
    const joints = jointsUsingCode(r.rig, code);
    return joints.length > 0 ? [{ path: r.path, joints }] : [];
  });
}
