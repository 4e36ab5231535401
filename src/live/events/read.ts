/**
 * Reader of a live events file (EVENTS.json, docs/formats/live-events.md):
 * a JSON array of `{"atMs", "event"[, "payload"]}` and
 * `{"atMs", "signal", "value"}` entries, the external inputs `live render`
 * delivers on the player's virtual clock. Entries keep file order (the
 * player delivers each at the first tick at or after its time). An entry
 * with an error is left out of the model. Never throws.
 */

import {
  type Diagnostic,
  DiagnosticSink,
  type Span,
  sortBySource,
} from "../../core/diagnostics.js";
import {
  JSON_KIND_WORDS,
  type JsonMember,
  type JsonNode,
  readJsonSpans,
} from "../../core/json-spans.js";
import { msg } from "../../core/message.js";
import type { ExternalInput } from "../player/types.js";
import { EVT, type EvtCode, type EvtKind } from "./codes.js";

/** Where an entry of the model stands in the text. */
export interface InputSpans {
  /** The whole entry. */
  readonly entry: Span;
  /** The `atMs` value. */
  readonly atMs: Span;
  /** The `event` or `signal` name's value. */
  readonly name: Span;
}

/** Result of {@link readEvents}. */
export interface EventsReadResult {
  /** The inputs without errors, in file order; undefined when the text is no JSON array. */
  readonly model: ExternalInput[] | undefined;
  /** In source order. */
  readonly diagnostics: Diagnostic<EvtCode>[];
  /** Parallel to `model`. */
  readonly spans: InputSpans[] | undefined;
}

const MEMBERS = ["atMs", "event", "payload", "signal", "value"];

/** Reads an events text; see the module comment. */
export function readEvents(text: string): EventsReadResult {
  const sink: Sink = new DiagnosticSink<EvtKind>();
  const json = readJsonSpans(text);
  if (!json.root) {
    const e = json.error!;
    sink.report(EVT.json, `not valid JSON: ${e.message}`, e.start, e.end);
    return { model: undefined, diagnostics: sink.items, spans: undefined };
  }
  if (json.root.kind !== "array") {
    sink.report(
      EVT.type,
      `expected a JSON array of inputs ([{"atMs":120,"event":"greet"}, …]), found ${JSON_KIND_WORDS[json.root.kind]}`,
      ...json.root.span,
    );
    return { model: undefined, diagnostics: sink.items, spans: undefined };
  }
  const model: ExternalInput[] = [];
  const spans: InputSpans[] = [];
  json.root.items.forEach((item, i) => {
    const r = readEntry(item, i, text, sink);
    if (r) {
      model.push(r.input);
      spans.push(r.spans);
    }
  });
  return { model, diagnostics: sortBySource(sink.items), spans };
}

type Sink = DiagnosticSink<EvtKind>;

/** One entry; undefined (reported) when it has an error. */
function readEntry(
  node: JsonNode,
  index: number,
  text: string,
  sink: Sink,
): { input: ExternalInput; spans: InputSpans } | undefined {
  const input = index + 1;
  const where = `input ${input}`;
  if (node.kind !== "object") {
    sink.report(
      EVT.type,
      `${where}: expected an object such as {"atMs":120,"event":"greet"}, found ${JSON_KIND_WORDS[node.kind]}`,
      ...node.span,
    );
    return undefined;
  }
  const members = entryMembers(node, input, sink);
  if (!members) return undefined;
  const start = node.span[0];
  const event = members.get("event");
  const signal = members.get("signal");
  const at = members.get("atMs");
  const atMs = readTime(at, input, start, sink);
  const named = event ?? signal;
  if (!named) {
    const message = msg`input ${{ input }}: neither 'event' nor 'signal' is given`;
    sink.report(EVT.missing, message, start, start + 1);
    return undefined;
  }
  const name = readName(named, event ? "event" : "signal", input, sink);
  if (name === undefined || atMs === undefined || !at) return undefined;
  const spans: InputSpans = { entry: node.span, atMs: at.value.span, name: named.value.span };
  if (event) {
    const payload = members.get("payload");
    const input: ExternalInput = payload
      ? { atMs, event: name, payload: JSON.parse(text.slice(...payload.value.span)) as unknown }
      : { atMs, event: name };
    return { input, spans };
  }
  const value = members.get("value");
  if (!value) {
    const message = msg`input ${{ input }}: signal '${{ signal: name }}' has no 'value'`;
    sink.report(EVT.missing, message, start, start + 1);
    return undefined;
  }
  if (value.value.kind !== "number") {
    sink.report(
      EVT.type,
      `${where}: 'value' must be a number, found ${JSON_KIND_WORDS[value.value.kind]}`,
      ...value.value.span,
    );
    return undefined;
  }
  return { input: { atMs, signal: name, value: value.value.value }, spans };
}

/**
 * The members of an entry by name; undefined (reported) when one is given
 * twice or the entry has both `event` and `signal`. Unknown members, and a
 * `payload` of a signal or a `value` of an event, are warned of and ignored.
 */
function entryMembers(
  node: JsonNode & { kind: "object" },
  input: number,
  sink: Sink,
): Map<string, JsonMember> | undefined {
  const members = new Map<string, JsonMember>();
  for (const m of node.members) {
    if (members.has(m.key)) {
      const message = msg`input ${{ input }}: '${{ member: m.key }}' is given twice`;
      sink.report(EVT.duplicateMember, message, ...m.keySpan);
      return undefined;
    }
    members.set(m.key, m);
  }
  const event = members.get("event");
  const signal = members.get("signal");
  if (event && signal) {
    sink.report(
      EVT.both,
      msg`input ${{ input }}: has both 'event' and 'signal'; give one input per entry`,
      ...signal.keySpan,
    );
    return undefined;
  }
  for (const m of node.members) {
    if (!MEMBERS.includes(m.key)) {
      sink.report(
        EVT.unknown,
        msg`input ${{ input }}: unknown member '${{ member: m.key }}' (known: ${MEMBERS.join(", ")}); ignored`,
        ...m.keySpan,
      );
    } else if ((m.key === "payload" && signal) || (m.key === "value" && event)) {
      sink.report(
        EVT.unknown,
        msg`input ${{ input }}: '${{ member: m.key }}' belongs to ${m.key === "value" ? "a signal" : "an event"}; ignored`,
        ...m.keySpan,
      );
    }
  }
  return members;
}

/** The entry's `atMs` (a number ≥ 0), or undefined (reported); `start` locates a missing one. */
function readTime(
  at: JsonMember | undefined,
  input: number,
  start: number,
  sink: Sink,
): number | undefined {
  const where = `input ${input}`;
  if (!at) {
    sink.report(
      EVT.missing,
      msg`input ${{ input }}: 'atMs' (milliseconds from the start) is missing`,
      start,
      start + 1,
    );
  } else if (at.value.kind !== "number") {
    sink.report(
      EVT.type,
      `${where}: 'atMs' must be a number of milliseconds, found ${JSON_KIND_WORDS[at.value.kind]}`,
      ...at.value.span,
    );
  } else if (at.value.value < 0) {
    sink.report(
      EVT.time,
      msg`input ${{ input }}: 'atMs' must be ≥ 0 (milliseconds from the start), found ${{ found: at.value.value }}`,
      ...at.value.span,
    );
  } else return at.value.value;
  return undefined;
}

/** The event's or signal's name (a string, not blank), or undefined (reported). */
function readName(
  named: JsonMember,
  what: "event" | "signal",
  input: number,
  sink: Sink,
): string | undefined {
  const where = `input ${input}`;
  if (named.value.kind !== "string") {
    sink.report(
      EVT.type,
      `${where}: '${what}' must be a string (its name), found ${JSON_KIND_WORDS[named.value.kind]}`,
      ...named.value.span,
    );
    return undefined;
  }
  const name = named.value.value;
  if (name.trim() === "") {
    sink.report(EVT.name, msg`input ${{ input }}: the ${what} name is empty`, ...named.value.span);
    return undefined;
  }
  return name;
}
