/**
 * What a rig's bulge codes depend on beyond their presence in the catalogue
 * (RIG020 is `checkRigCodes`): a code that is not the one written in the
 * catalogue but one Alias reassigned (RIG021: an edit of the catalogue could
 * move it), and a catalogue that is missing or unreadable, so nothing was
 * checked (RIG022, RIG023). Warnings: the rig itself is sound.
 */
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import type { ErrlogEntry } from "../catalogue/model.js";
import { shownName } from "../catalogue/validate.js";
import { RIG, type RigCode, type RigKind } from "./codes.js";
import type { Rig } from "./model.js";
import { type RigSpans, rigSpansOf } from "./validate.js";

/** A RIG021 warning at each joint whose code the catalogue's error log says was reassigned. */
export function checkReassignedCodes(
  rig: Rig,
  errlog: readonly ErrlogEntry[],
  catalogueName: string,
  spans: RigSpans = rigSpansOf(rig),
): Diagnostic<RigCode>[] {
  const byCode = new Map<number, ErrlogEntry>();
  for (const e of errlog)
    if (e.kind === "code-reassigned" && e.newCode !== undefined) byCode.set(e.newCode, e);
  const sink = new DiagnosticSink<RigKind>();
  rig.joints.forEach((j, i) => {
    const e = j.bulge && byCode.get(j.bulge.code);
    if (!e) return;
    const s = spans.joints[i]!;
    sink.report(
      RIG.reassignedCode,
      msg`joint '${{ joint: j.name }}': bulge code ${{ code: e.newCode! }} is ${{ bulge: shownName(e.name ?? "") }}, written with code ${{ written: e.oldCode! }} on line ${{ line: e.line }} of ${{ catalogue: catalogueName }} and reassigned; write ${e.newCode!} there so that no edit can move it`,
      ...(s.bulge?.code ?? s.whole),
    );
  });
  return sink.items;
}

/**
 * One warning (RIG022 missing, RIG023 unreadable) at the rig's first bulge
 * code when the rig uses bulge codes but the catalogue could not be read:
 * the codes were not checked. Nothing when no joint has a bulge.
 */
export function uncheckedCodes(
  rig: Rig,
  catalogue:
    | { readonly status: "missing"; readonly path: string }
    | { readonly status: "unreadable"; readonly path: string; readonly reason: string },
  spans: RigSpans = rigSpansOf(rig),
): Diagnostic<RigCode>[] {
  const i = rig.joints.findIndex((j) => j.bulge);
  if (i < 0) return [];
  const s = spans.joints[i]!;
  const at = s.bulge?.code ?? s.whole;
  const sink = new DiagnosticSink<RigKind>();
  const path = catalogue.path || "misc_data/bulge_types";
  if (catalogue.status === "missing")
    sink.report(
      RIG.noCatalogue,
      msg`the bulge codes are not checked: there is no catalogue ${{ catalogue: path }} (give one with --catalogue, or create it with 'deforma bulge init')`,
      ...at,
    );
  else
    sink.report(
      RIG.unreadableCatalogue,
      msg`the bulge codes are not checked: the catalogue ${{ catalogue: path }} cannot be read (${{ reason: catalogue.reason }})`,
      ...at,
    );
  return sink.items;
}
