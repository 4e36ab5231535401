/** Stage one of the scene reader, key frames: name, image, control points, cuts. */

import type { Span } from "../../core/diagnostics.js";
import type { JsonNode } from "../../core/json-spans.js";
import { JSON_KIND_WORDS } from "../../core/json-spans.js";
import { LIVE } from "./codes.js";
import { type LiveSink, Members, wrongType } from "./members.js";
import type { Cut, KeyFrame, Point } from "./model.js";
import type { CutSpans, FrameSpans, PointSpans } from "./spans.js";

const FRAME_MEMBERS = ["name", "image", "points", "cuts"];

/** One frame read: the model and its spans. */
export interface FrameRead {
  readonly frame: KeyFrame;
  readonly spans: FrameSpans;
}

/** Reads the `frames` array; a frame lacking a usable name, image or points is left out. */
export function readFrames(node: JsonNode & { kind: "array" }, sink: LiveSink): FrameRead[] {
  const out: FrameRead[] = [];
  node.items.forEach((item, i) => {
    const read = readFrame(item, i, sink);
    if (read) out.push(read);
  });
  return out;
}

function readFrame(node: JsonNode, i: number, sink: LiveSink): FrameRead | undefined {
  const where = `frame ${i + 1}`;
  if (node.kind !== "object") {
    sink.report(
      LIVE.type,
      `${where}: expected an object {name, image, points, cuts}, found ${JSON_KIND_WORDS[node.kind]}`,
      ...node.span,
    );
    return undefined;
  }
  const m = new Members(node, sink, where, FRAME_MEMBERS);
  const name = m.string("name", "the frame's name");
  if (name !== undefined) m.context = `frame '${name}'`;
  const image = m.string("image", "the PNG path, relative to the scene");
  const pointsNode = m.typed(
    "points",
    "object",
    'an object of named points {"name": [x, y], …}',
    "the control points",
  );
  const points = new Map<string, Point>();
  const pointSpans = new Map<string, PointSpans>();
  if (pointsNode) {
    const pm = new Members(pointsNode, sink, `${m.context}'s points`, undefined);
    for (const [key, value, keySpan] of pm.entries()) {
      const xy = readXY(value);
      if (!xy) {
        pm.wrongType(value, `point '${key}'`, "[x, y], two numbers (pixels)");
        continue;
      }
      points.set(key, xy.point);
      pointSpans.set(key, { key: keySpan, value: value.span, x: xy.x, y: xy.y });
    }
  }
  const cuts: Cut[] = [];
  const cutSpans: CutSpans[] = [];
  const cutsNode = m.typed("cuts", "array", "an array of cuts (arrays of point names)");
  if (cutsNode) {
    cutsNode.items.forEach((c, k) => {
      if (c.kind !== "array" || c.items.some((p) => p.kind !== "string")) {
        wrongType(sink, m.context, c, `cut ${k + 1}`, 'an array of point names (["a", "b", …])');
        return;
      }
      cuts.push({ points: c.items.map((p) => (p as { value: string }).value) });
      cutSpans.push({ whole: c.span, points: c.items.map((p) => p.span) });
    });
  }
  if (name === undefined || image === undefined || !pointsNode) return undefined;
  return {
    frame: { name, image, points, cuts },
    spans: {
      whole: node.span,
      name: m.span("name"),
      image: m.span("image"),
      points: pointsNode.span,
      point: pointSpans,
      cuts: cutSpans,
    },
  };
}

/** `[x, y]`: two numbers, with their spans. */
export function readXY(node: JsonNode): { point: Point; x: Span; y: Span } | undefined {
  if (node.kind !== "array" || node.items.length !== 2) return undefined;
  const [x, y] = node.items as [JsonNode, JsonNode];
  if (x.kind !== "number" || y.kind !== "number") return undefined;
  return { point: { x: x.value, y: y.value }, x: x.span, y: y.span };
}
