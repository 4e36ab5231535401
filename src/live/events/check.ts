/**
 * The inputs of an events file against the scene they are played on: an
 * event no rule reacts to, or a signal no rule reads and the scene does not
 * declare, is most likely a misspelt name (EVT009, a warning: it is still
 * delivered, and a programmatic hook may use it).
 */
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import type { ExternalInput } from "../player/types.js";
import type { Scene } from "../scene/model.js";
import { EVT, type EvtCode, type EvtKind } from "./codes.js";
import type { InputSpans } from "./read.js";

/** Warnings about inputs `scene` does not react to, at their names (`spans` parallel to `inputs`). */
export function checkInputsAgainstScene(
  inputs: readonly ExternalInput[],
  spans: readonly InputSpans[],
  scene: Scene,
): Diagnostic<EvtCode>[] {
  const events = new Set<string>();
  const signals = new Set(scene.signals.map((s) => s.name));
  for (const r of scene.rules) {
    if (r.trigger.kind === "event") events.add(r.trigger.event);
    else if (r.trigger.kind === "signal") signals.add(r.trigger.signal);
  }
  const sink = new DiagnosticSink<EvtKind>();
  inputs.forEach((input, i) => {
    const at = spans[i]?.name ?? [0, 0];
    if ("event" in input && !events.has(input.event)) {
      sink.report(
        EVT.unhandled,
        msg`no rule of the scene reacts to event '${{ name: input.event }}' (${listOf("events", events)})`,
        ...at,
      );
    } else if ("signal" in input && !signals.has(input.signal)) {
      sink.report(
        EVT.unhandled,
        msg`the scene neither declares nor reads signal '${{ name: input.signal }}' (${listOf("signals", signals)})`,
        ...at,
      );
    }
  });
  return sink.items;
}

/** Names listed in one EVT009 at most; the rest are counted (decision 254). */
export const LISTED_NAMES = 10;

function listOf(what: string, names: ReadonlySet<string>): string {
  if (names.size === 0) return `it has no ${what}`;
  const shown: string[] = [];
  for (const name of names) {
    if (shown.length === LISTED_NAMES) break;
    shown.push(name);
  }
  const more = names.size - shown.length;
  return `its ${what}: ${shown.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
}
