/** Stage one of the scene reader: parameters, stories, declared signals and rules. */

import type { Span } from "../../core/diagnostics.js";
import type { JsonNode } from "../../core/json-spans.js";
import { JSON_KIND_WORDS } from "../../core/json-spans.js";
import { msg } from "../../core/message.js";
import { engineNames } from "../engines.js";
import { LIVE } from "./codes.js";
import { isConditionError, parseCondition } from "./condition.js";
import { type LiveSink, Members, stringOffset } from "./members.js";
import {
  CLASSIC_BAND_HOLES,
  CLASSIC_CLOSINGS,
  CLASSIC_OWN_CUTS,
  CLASSIC_READINGS,
  DEFAULT_PARAMS,
  type EngineName,
  QUEUE_POLICIES,
  type QueuePolicy,
  type ReturnToZero,
  type Rule,
  type SceneParams,
  type SignalSpec,
  type Trigger,
} from "./model.js";
import type { ParamSpans, RuleSpans, SignalSpans } from "./spans.js";

const PARAM_MEMBERS = [
  "rateHz",
  "inbetweens",
  "radiusCorrection",
  "cutBand",
  "classicReading",
  "classicOwnCut",
  "classicBandHoles",
  "classicClosing",
  "engine",
  "returnToZero",
] as const;
const RETURNS: readonly ReturnToZero[] = ["cut", "morph"];
const SIGNAL_MEMBERS = ["name", "min", "max"];
const RULE_MEMBERS = [
  "event",
  "when",
  "idleMs",
  "story",
  "priority",
  "cooldownMs",
  "queue",
  "seed",
];
const TRIGGERS = ["event", "when", "idleMs"];

/** Reads `params` (absent members keep their defaults; `within` locates them). */
export function readParams(
  node: JsonNode | undefined,
  within: Span,
  sink: LiveSink,
): { params: SceneParams; spans: ParamSpans } {
  const spans: Record<string, Span> = {};
  for (const k of PARAM_MEMBERS) spans[k] = node?.span ?? within;
  if (!node) return { params: DEFAULT_PARAMS, spans: spans as unknown as ParamSpans };
  const params: { -readonly [K in keyof SceneParams]: SceneParams[K] } = { ...DEFAULT_PARAMS };
  if (node.kind !== "object") {
    sink.report(
      LIVE.type,
      `'params' must be an object of parameters, found ${JSON_KIND_WORDS[node.kind]}`,
      ...node.span,
    );
    return { params, spans: spans as unknown as ParamSpans };
  }
  const m = new Members(node, sink, "params", PARAM_MEMBERS);
  for (const key of ["rateHz", "inbetweens", "radiusCorrection", "cutBand"] as const) {
    const v = m.number(key);
    if (v !== undefined) params[key] = v;
    spans[key] = m.span(key);
  }
  const choice = <T extends string>(key: string, allowed: readonly T[]): T | undefined => {
    spans[key] = m.span(key);
    const v = m.string(key);
    if (v === undefined) return undefined;
    if ((allowed as readonly string[]).includes(v)) return v as T;
    const choices = allowed.map((a) => `'${a}'`).join(" or ");
    sink.report(
      LIVE.param,
      msg`params: '${{ param: key }}' must be ${choices}, found '${{ found: v }}'`,
      ...m.span(key),
    );
    return undefined;
  };
  params.engine = choice<EngineName>("engine", engineNames()) ?? params.engine;
  params.returnToZero = choice("returnToZero", RETURNS) ?? params.returnToZero;
  params.classicReading = choice("classicReading", CLASSIC_READINGS) ?? params.classicReading;
  params.classicOwnCut = choice("classicOwnCut", CLASSIC_OWN_CUTS) ?? params.classicOwnCut;
  params.classicBandHoles =
    choice("classicBandHoles", CLASSIC_BAND_HOLES) ?? params.classicBandHoles;
  params.classicClosing = choice("classicClosing", CLASSIC_CLOSINGS) ?? params.classicClosing;
  return { params, spans: spans as unknown as ParamSpans };
}

/** Reads `signals`: an array of `{name, min, max}` (an unusable entry is left out). */
export function readSignals(
  node: JsonNode & { kind: "array" },
  sink: LiveSink,
): { signals: SignalSpec[]; spans: SignalSpans[] } {
  const signals: SignalSpec[] = [];
  const spans: SignalSpans[] = [];
  node.items.forEach((item, i) => {
    const where = `signal ${i + 1}`;
    if (item.kind !== "object") {
      sink.report(
        LIVE.type,
        `${where}: expected an object {name, min, max}, found ${JSON_KIND_WORDS[item.kind]}`,
        ...item.span,
      );
      return;
    }
    const m = new Members(item, sink, where, SIGNAL_MEMBERS);
    const name = m.string("name", "the signal's name");
    if (name !== undefined) m.context = `signal '${name}'`;
    const min = m.number("min", "the slider's least value");
    const max = m.number("max", "the slider's greatest value");
    if (name === undefined || min === undefined || max === undefined) return;
    signals.push({ name, min, max });
    spans.push({ whole: item.span, name: m.span("name"), min: m.span("min"), max: m.span("max") });
  });
  return { signals, spans };
}

/** Reads `rules`; a rule without one usable trigger or a story is left out. */
export function readRules(
  node: JsonNode & { kind: "array" },
  text: string,
  sink: LiveSink,
): { rules: Rule[]; spans: RuleSpans[] } {
  const rules: Rule[] = [];
  const spans: RuleSpans[] = [];
  node.items.forEach((item, i) => {
    const where = `rule ${i + 1}`;
    if (item.kind !== "object") {
      sink.report(
        LIVE.type,
        `${where}: expected an object {event | when | idleMs, story, …}, found ${JSON_KIND_WORDS[item.kind]}`,
        ...item.span,
      );
      return;
    }
    const m = new Members(item, sink, where, RULE_MEMBERS);
    const given = item.members.filter((mem, k, all) => {
      return TRIGGERS.includes(mem.key) && all.findIndex((o) => o.key === mem.key) === k;
    });
    let trigger: Trigger | undefined;
    if (given.length === 0) {
      const [s] = item.span;
      sink.report(
        LIVE.trigger,
        `${where}: give one trigger, 'event', 'when' or 'idleMs'; found none`,
        s,
        s + 1,
      );
    } else if (given.length > 1) {
      sink.report(
        LIVE.trigger,
        `${where}: give one trigger only; found ${given.map((g) => `'${g.key}'`).join(" and ")}`,
        ...given[1]!.keySpan,
      );
    } else trigger = readTrigger(m, given[0]!.key, text);
    const story = m.string("story", "the story the rule appends");
    const priority = m.number("priority") ?? 0;
    const cooldownMs = m.number("cooldownMs") ?? 0;
    const queue = readQueue(m);
    if (!trigger || story === undefined) return;
    rules.push(
      queue === undefined
        ? { trigger, story, priority, cooldownMs }
        : { trigger, story, priority, cooldownMs, queue },
    );
    spans.push({
      whole: item.span,
      trigger: m.span(given[0]!.key),
      story: m.span("story"),
      priority: m.span("priority"),
      cooldownMs: m.span("cooldownMs"),
    });
  });
  return { rules, spans };
}

function readTrigger(m: Members, key: string, text: string): Trigger | undefined {
  if (key === "event") {
    const event = m.string("event");
    return event === undefined ? undefined : { kind: "event", event };
  }
  if (key === "idleMs") return readIdle(m);
  const node = m.typed("when", "string", 'a condition such as "loud > 0.8"');
  if (!node) return undefined;
  const c = parseCondition(node.value);
  if (!isConditionError(c)) return { kind: "signal", ...c };
  const start = stringOffset(text, node.span, c.start);
  const end = Math.max(start + 1, stringOffset(text, node.span, c.end));
  m.sink.report(LIVE.condition, `${m.context}: 'when': ${c.message}`, start, end);
  return undefined;
}

function readQueue(m: Members): QueuePolicy | undefined {
  const v = m.string("queue");
  if (v === undefined || (QUEUE_POLICIES as readonly string[]).includes(v))
    return v as QueuePolicy | undefined;
  m.sink.report(
    LIVE.queue,
    msg`${m.context}: 'queue' must be ${QUEUE_POLICIES.join(", ")}; found '${{ found: v }}'`,
    ...m.span("queue"),
  );
  return undefined;
}

/** `idleMs`: a number, or a range `[min, max]` with an optional integer `seed` (a randomised idle). */
function readIdle(m: Members): Trigger | undefined {
  const node = m.get("idleMs")!;
  const seed = m.number("seed");
  const bad = (found: string, span = node.span) => {
    m.sink.report(
      LIVE.idleRange,
      msg`${m.context}: 'idleMs' must be a number or [min, max] with 0 < min ≤ max and 'seed' an integer; found ${{ found }}`,
      ...span,
    );
    return undefined;
  };
  if (node.kind === "number") {
    if (seed !== undefined) return bad(`'seed' without a range`, m.span("seed"));
    return { kind: "idle", ms: node.value };
  }
  if (node.kind !== "array") {
    m.wrongType(node, "'idleMs'", "a number or [min, max] (ms)");
    return undefined;
  }
  const [lo, hi] = node.items.map((i) => (i.kind === "number" ? i.value : Number.NaN));
  if (node.items.length !== 2 || !(lo! > 0 && hi! >= lo! && Number.isFinite(hi!)))
    return bad(`[${node.items.map((i) => (i.kind === "number" ? i.value : i.kind)).join(", ")}]`);
  if (seed !== undefined && !Number.isSafeInteger(seed)) return bad(`seed ${seed}`, m.span("seed"));
  return seed === undefined
    ? { kind: "idle", ms: lo!, maxMs: hi! }
    : { kind: "idle", ms: lo!, maxMs: hi!, seed };
}
