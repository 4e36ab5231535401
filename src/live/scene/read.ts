/**
 * Reader of the live scene (`*.scene.json`, docs/formats/live-scene.md).
 * Stage one, {@link readSceneSyntax}: JSON with spans → the model and where
 * every value stands; wrong types and missing members are reported at their
 * place and the part is left out (a frame without a usable name, image or
 * points; a point that is no `[x, y]`; a rule without one usable trigger or a
 * story). {@link readScene} adds the semantic checks of `validate.ts`.
 * Never throws.
 */

import {
  type Diagnostic,
  DiagnosticSink,
  type Span,
  sortBySource,
} from "../../core/diagnostics.js";
import { JSON_KIND_WORDS, readJsonSpans } from "../../core/json-spans.js";
import { msg } from "../../core/message.js";
import { LIVE, type LiveCode, type LiveKind } from "./codes.js";
import { Members } from "./members.js";
import type { KeyFrame, Rule, Scene, SignalSpec, StoryOptions } from "./model.js";
import { checkDrives } from "./read-drive.js";
import { readFrames } from "./read-frames.js";
import { readPins, readRegions } from "./read-regions.js";
import { readParams, readRules, readSignals } from "./read-rules.js";
import { readStories } from "./read-stories.js";
import type { FrameSpans, RuleSpans, SceneSpans, SignalSpans, StorySpans } from "./spans.js";
import { validateScene } from "./validate.js";

/** Result of {@link readSceneSyntax} and {@link readScene}. */
export interface SceneReadResult {
  /** The scene, or undefined when the text is no JSON object. */
  readonly model: Scene | undefined;
  /** In source order. */
  readonly diagnostics: Diagnostic<LiveCode>[];
  /** Spans parallel to the model (undefined with it). */
  readonly spans: SceneSpans | undefined;
}

const ROOT_MEMBERS = [
  "version",
  "size",
  "params",
  "zeroFrame",
  "frames",
  "stories",
  "signals",
  "rules",
  "regions",
  "pins",
];

/** Reads and checks a scene text; see the module comment. */
export function readScene(text: string): SceneReadResult {
  const r = readSceneSyntax(text);
  if (!r.model || !r.spans) return r;
  return {
    ...r,
    diagnostics: sortBySource([...r.diagnostics, ...validateScene(r.model, r.spans)]),
  };
}

/** Stage one: the JSON's shape and types; see the module comment. */
export function readSceneSyntax(text: string): SceneReadResult {
  const sink = new DiagnosticSink<LiveKind>();
  const json = readJsonSpans(text);
  if (!json.root) {
    const e = json.error!;
    sink.report(LIVE.json, `not valid JSON: ${e.message}`, e.start, e.end);
    return { model: undefined, diagnostics: sink.items, spans: undefined };
  }
  const root = json.root;
  if (root.kind !== "object") {
    sink.report(
      LIVE.type,
      `expected the scene as a JSON object, found ${JSON_KIND_WORDS[root.kind]}`,
      ...root.span,
    );
    return { model: undefined, diagnostics: sink.items, spans: undefined };
  }
  const m = new Members(root, sink, "the scene", ROOT_MEMBERS);

  const { width, height, sizeSpan } = readHead(m);

  const { params, spans: paramSpans } = readParams(m.get("params"), root.span, sink);
  const zeroFrame = m.string("zeroFrame", "the name of the zero frame");

  let frames: KeyFrame[] = [];
  let frameSpans: FrameSpans[] = [];
  const framesNode = m.typed("frames", "array", "an array of key frames", "the key frames");
  if (framesNode) {
    const read = readFrames(framesNode, sink);
    frames = read.map((f) => f.frame);
    frameSpans = read.map((f) => f.spans);
  }

  const picture = { width, height };
  const regionsNode = m.typed("regions", "object", "an object of regions {name: {points, mask}}");
  const names = new Set(frames[0]?.points.keys() ?? []);
  const regions = regionsNode ? readRegions(regionsNode, names, picture, sink) : undefined;
  const pinsNode = m.typed("pins", "array", "an array of pins {kind, polygon, feather}");
  const pins = pinsNode ? readPins(pinsNode, picture, sink) : undefined;
  const storiesNode = m.typed("stories", "object", "an object of stories {name: [frames]}");
  const regionNames = new Set(regions?.map((r) => r.name));
  const read = storiesNode ? readStories(storiesNode, params, regionNames, sink) : undefined;
  const stories = read?.stories ?? new Map<string, string[]>();
  const storyOptions = read?.options ?? new Map<string, StoryOptions>();

  let signals: SignalSpec[] = [];
  let signalSpans: SignalSpans[] = [];
  const signalsNode = m.typed("signals", "array", "an array of signals {name, min, max}");
  if (signalsNode) ({ signals, spans: signalSpans } = readSignals(signalsNode, sink));

  let rules: Rule[] = [];
  let ruleSpans: RuleSpans[] = [];
  const rulesNode = m.typed("rules", "array", "an array of rules");
  if (rulesNode) ({ rules, spans: ruleSpans } = readRules(rulesNode, text, sink));
  if (read) checkDrives(read.options, read.spans, { rules, spans: ruleSpans }, sink);

  const scene: Scene = {
    version: 1,
    width,
    height,
    frames,
    zeroFrame: zeroFrame ?? "",
    stories,
    ...(storyOptions.size > 0 ? { storyOptions } : {}),
    rules,
    signals,
    params,
    ...(regions && regions.length > 0 ? { regions } : {}),
    ...(pins && pins.length > 0 ? { pins } : {}),
  };
  const spans: SceneSpans = {
    whole: root.span,
    version: m.span("version"),
    size: sizeSpan,
    zeroFrame: zeroFrame === undefined ? undefined : m.span("zeroFrame"),
    frames: frameSpans,
    stories: read?.spans ?? new Map<string, StorySpans>(),
    rules: ruleSpans,
    signals: signalSpans,
    params: paramSpans,
  };
  return { model: scene, diagnostics: sortBySource(sink.items), spans };
}

/** `version` and `size` (0 × 0 and no span when the size cannot be read). */
function readHead(m: Members): { width: number; height: number; sizeSpan: Span | undefined } {
  const sink = m.sink;
  const versionNode = m.get("version");
  if (!versionNode) m.missing("version", "the format version 1");
  else if (versionNode.kind !== "number" || versionNode.value !== 1) {
    const found =
      versionNode.kind === "number" ? String(versionNode.value) : JSON_KIND_WORDS[versionNode.kind];
    sink.report(
      LIVE.version,
      msg`expected format version 1, found ${{ found }}`,
      ...versionNode.span,
    );
  }

  let width = 0;
  let height = 0;
  let sizeSpan: Span | undefined;
  const size = m.get("size");
  if (!size) m.missing("size", "the picture size [width, height] in pixels");
  else if (
    size.kind !== "array" ||
    size.items.length !== 2 ||
    size.items.some((v) => v.kind !== "number")
  ) {
    m.wrongType(size, "'size'", "[width, height], two numbers (pixels)");
  } else {
    [width, height] = size.items.map((v) => (v as { value: number }).value) as [number, number];
    sizeSpan = size.span;
  }
  return { width, height, sizeSpan };
}
