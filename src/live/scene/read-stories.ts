/**
 * Stage one of the scene reader: `stories`. A story is an array of key-frame
 * names, or an object `{frames, inbetweens | durationMs, easing,
 * returnToZero}` whose options change how its transitions play
 * (docs/formats/live-scene.md, "Stories"). Options out of range are reported
 * here (LIV035, LIV036) and left out, so the story plays with the scene's.
 */
import type { Span } from "../../core/diagnostics.js";
import type { JsonNode } from "../../core/json-spans.js";
import { msg } from "../../core/message.js";
import { LIVE } from "./codes.js";
import { type LiveSink, Members, type Obj } from "./members.js";
import {
  EASING_NAMES,
  type Easing,
  type ReturnToZero,
  type SceneParams,
  type StoryOptions,
} from "./model.js";
import { readRegionOptions } from "./read-drive.js";
import type { StorySpans } from "./spans.js";
import { MAX_INBETWEENS } from "./validate.js";

const STORY_MEMBERS = [
  "frames",
  "inbetweens",
  "durationMs",
  "easing",
  "returnToZero",
  "region",
  "drive",
];

/** The stories, their options (object form only) and where they stand. */
export interface StoriesRead {
  stories: Map<string, string[]>;
  options: Map<string, StoryOptions>;
  spans: Map<string, StorySpans>;
}

/** Reads `stories` (items of another type are left out); `params` turns a duration into in-betweens. */
export function readStories(
  node: Obj,
  params: SceneParams,
  regions: ReadonlySet<string>,
  sink: LiveSink,
): StoriesRead {
  const out: StoriesRead = { stories: new Map(), options: new Map(), spans: new Map() };
  const m = new Members(node, sink, "stories", undefined);
  for (const [key, value, keySpan] of m.entries()) {
    let list: JsonNode = value;
    if (value.kind === "object") {
      const o = new Members(value, sink, `story '${key}'`, STORY_MEMBERS);
      const frames = o.typed("frames", "array", "an array of key-frame names", "its key frames");
      if (!frames) continue;
      list = frames;
      const options = readOptions(o, key, params);
      const more = readRegionOptions(o, key, regions, frames.items.length);
      out.options.set(key, { ...options, ...more });
    } else if (value.kind !== "array") {
      m.wrongType(value, `story '${key}'`, "an array of key-frame names or an object {frames, …}");
      continue;
    }
    const frames: string[] = [];
    const items: Span[] = [];
    for (const item of (list as JsonNode & { kind: "array" }).items) {
      if (item.kind !== "string") {
        m.wrongType(item, `story '${key}': an item`, "a key-frame name");
        continue;
      }
      frames.push(item.value);
      items.push(item.span);
    }
    out.stories.set(key, frames);
    out.spans.set(key, { key: keySpan, value: list.span, items });
  }
  return out;
}

function readOptions(o: Members, story: string, params: SceneParams): StoryOptions {
  const options: { -readonly [K in keyof StoryOptions]: StoryOptions[K] } = {};
  const bad = (field: string, found: string) =>
    o.sink.report(
      LIVE.storyOption,
      msg`story '${{ story }}': '${{ field }}' is out of range, found ${{ found }}`,
      ...o.span(field),
    );
  const inbetweens = o.number("inbetweens");
  const durationMs = o.number("durationMs");
  const first = o.node.members.find((x) => x.key === "durationMs" || x.key === "inbetweens")?.key;
  if (inbetweens !== undefined && durationMs !== undefined) {
    o.sink.report(
      LIVE.storyLength,
      msg`story '${{ story }}': give 'inbetweens' or 'durationMs', not both; the first counts`,
      ...o.span(first === "inbetweens" ? "durationMs" : "inbetweens"),
    );
  }
  if (first === "inbetweens" && inbetweens !== undefined) {
    if (Number.isInteger(inbetweens) && inbetweens >= 1 && inbetweens <= MAX_INBETWEENS)
      options.inbetweens = inbetweens;
    else bad("inbetweens", `${inbetweens} (an integer in 1 … ${MAX_INBETWEENS})`);
  } else if (first === "durationMs" && durationMs !== undefined) {
    const n = Math.max(1, Math.round((durationMs * params.rateHz) / 1000));
    if (durationMs > 0 && Number.isFinite(n) && n <= MAX_INBETWEENS) {
      options.durationMs = durationMs;
      options.inbetweens = n;
    } else bad("durationMs", `${durationMs} (> 0 ms, at most ${MAX_INBETWEENS} in-betweens)`);
  }
  const easing = readEasing(o, bad);
  if (easing !== undefined) options.easing = easing;
  const back = o.string("returnToZero");
  if (back === "cut" || back === "morph") options.returnToZero = back as ReturnToZero;
  else if (back !== undefined) bad("returnToZero", `'${back}' ('cut' or 'morph')`);
  return options;
}

function readEasing(o: Members, bad: (field: string, found: string) => void): Easing | undefined {
  const node = o.get("easing");
  if (!node) return undefined;
  if (node.kind === "string") {
    if ((EASING_NAMES as readonly string[]).includes(node.value))
      return node.value as (typeof EASING_NAMES)[number];
    bad("easing", `'${node.value}' (${EASING_NAMES.join(", ")} or [x1, y1, x2, y2])`);
    return undefined;
  }
  if (
    node.kind === "array" &&
    node.items.length === 4 &&
    node.items.every((i) => i.kind === "number")
  ) {
    const [x1, y1, x2, y2] = node.items.map((i) => (i as { value: number }).value) as [
      number,
      number,
      number,
      number,
    ];
    if (x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1 && Number.isFinite(y1 + y2))
      return [x1, y1, x2, y2];
    bad("easing", `[${x1}, ${y1}, ${x2}, ${y2}] (x1 and x2 in 0 … 1)`);
    return undefined;
  }
  o.wrongType(node, "'easing'", "a curve name or [x1, y1, x2, y2]");
  return undefined;
}
