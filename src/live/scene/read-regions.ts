/**
 * Stage one of the scene reader: `regions` (parts of the face that play at
 * once, each with its control points and a feathered polygon mask) and
 * `pins` (areas the user keeps still or frees). An empty mask leaves its
 * region or pin out (LIV042, LIV031); a point named twice or unknown is
 * reported where the region names it (LIV040, LIV039).
 * docs/formats/live-scene.md, "Regions" and "Pins".
 */
import type { JsonNode } from "../../core/json-spans.js";
import { msg } from "../../core/message.js";
import { LIVE } from "./codes.js";
import { type LiveSink, Members, type Obj, wrongType } from "./members.js";
import type { Mask, Pin, Point, Region } from "./model.js";
import { readXY } from "./read-frames.js";

const REGION_MEMBERS = ["points", "mask"];
const MASK_MEMBERS = ["polygon", "feather"];
const PIN_MEMBERS = ["kind", "polygon", "feather"];

/** A mask's feather when the file gives none (pixels). */
export const DEFAULT_FEATHER = 6;

/** Twice the signed area of a polygon (0 for fewer than 3 corners). */
function area2(polygon: readonly Point[]): number {
  let a = 0;
  for (let i = 0; i < polygon.length; i++) {
    const p = polygon[i]!;
    const q = polygon[(i + 1) % polygon.length]!;
    a += p.x * q.y - q.x * p.y;
  }
  return a;
}

/** Whether a polygon's bounding box meets the picture and it has an area (a mask that covers some pixel). */
function covers(polygon: readonly Point[], width: number, height: number): boolean {
  if (polygon.length < 3 || Math.abs(area2(polygon)) < 1e-9) return false;
  const xs = polygon.map((p) => p.x);
  const ys = polygon.map((p) => p.y);
  return (
    Math.max(...xs) > -0.5 &&
    Math.min(...xs) < width - 0.5 &&
    Math.max(...ys) > -0.5 &&
    Math.min(...ys) < height - 0.5
  );
}

/** A mask's polygon and feather from the members of `m` (undefined: no usable polygon). */
function readMask(m: Members, width: number, height: number): Mask | "empty" | undefined {
  const node = m.typed("polygon", "array", "an array of corners [x, y]", "the mask's polygon");
  let feather = DEFAULT_FEATHER;
  const f = m.number("feather");
  if (f !== undefined) {
    if (Number.isFinite(f) && f >= 0) feather = f;
    else {
      m.sink.report(
        LIVE.feather,
        msg`${m.context}: 'feather' must be ≥ 0, found ${{ found: f }}`,
        ...m.span("feather"),
      );
      feather = 0;
    }
  }
  if (!node) return undefined;
  const polygon: Point[] = [];
  for (const item of node.items) {
    const xy = readXY(item);
    if (xy) polygon.push(xy.point);
    else m.wrongType(item, "a corner of 'polygon'", "[x, y], two numbers (pixels)");
  }
  if (polygon.length !== node.items.length) return undefined;
  return covers(polygon, width, height) ? { polygon, feather } : "empty";
}

/** Reads `regions`: `{name: {points: [...], mask: {polygon, feather}}}`; `names` are the scene's control points. */
export function readRegions(
  node: Obj,
  names: ReadonlySet<string>,
  size: { readonly width: number; readonly height: number },
  sink: LiveSink,
): Region[] {
  const out: Region[] = [];
  const owner = new Map<string, string>();
  const m = new Members(node, sink, "regions", undefined);
  for (const [name, value] of m.entries()) {
    if (value.kind !== "object") {
      m.wrongType(value, `region '${name}'`, "an object {points, mask}");
      continue;
    }
    const r = new Members(value, sink, `region '${name}'`, REGION_MEMBERS);
    const pointsNode = r.typed(
      "points",
      "array",
      "an array of control-point names",
      "its control points",
    );
    const points = pointsNode ? regionPoints(pointsNode, name, names, owner, r) : [];
    const maskNode = r.typed("mask", "object", "an object {polygon, feather}", "its mask");
    if (!pointsNode || !maskNode) continue;
    if (points.length === 0)
      sink.report(
        LIVE.emptyRegion,
        msg`region '${{ region: name }}' lists no control points`,
        ...pointsNode.span,
      );
    const mask = readMask(
      new Members(maskNode, sink, `region '${name}': mask`, MASK_MEMBERS),
      size.width,
      size.height,
    );
    if (mask === "empty") {
      sink.report(
        LIVE.regionMask,
        msg`region '${{ region: name }}': the mask's polygon covers no pixel (3 or more corners, an area, inside the picture)`,
        ...maskNode.span,
      );
    } else if (mask) out.push({ name, points, mask });
  }
  return out;
}

function regionPoints(
  node: JsonNode & { kind: "array" },
  region: string,
  names: ReadonlySet<string>,
  owner: Map<string, string>,
  r: Members,
): string[] {
  const points: string[] = [];
  for (const item of node.items) {
    if (item.kind !== "string") {
      r.wrongType(item, "a point of 'points'", "a control-point name");
      continue;
    }
    const point = item.value;
    const other = owner.get(point);
    if (!names.has(point)) {
      r.sink.report(
        LIVE.regionPoint,
        msg`region '${{ region }}': '${{ point }}' is no control point of the scene`,
        ...item.span,
      );
    } else if (other !== undefined) {
      r.sink.report(
        LIVE.regionOverlap,
        msg`control point '${{ point }}' is in region '${{ region }}' and already in region '${{ other }}'`,
        ...item.span,
      );
    } else {
      owner.set(point, region);
      points.push(point);
    }
  }
  return points;
}

/** Reads `pins`: `[{kind: "still" | "free", polygon, feather}]`. */
export function readPins(
  node: JsonNode & { kind: "array" },
  size: { readonly width: number; readonly height: number },
  sink: LiveSink,
): Pin[] {
  const out: Pin[] = [];
  node.items.forEach((item, i) => {
    if (item.kind !== "object") {
      wrongType(sink, "pins", item, `pin ${i + 1}`, "an object {kind, polygon, feather}");
      return;
    }
    const m = new Members(item, sink, `pin ${i + 1}`, PIN_MEMBERS);
    const kind = m.string("kind", "still or free");
    const mask = readMask(m, size.width, size.height);
    if (kind !== undefined && kind !== "still" && kind !== "free") {
      sink.report(
        LIVE.pinKind,
        msg`pin ${i + 1}: 'kind' must be still or free, found ${{ found: kind }}`,
        ...m.span("kind"),
      );
      return;
    }
    if (mask === "empty") {
      sink.report(
        LIVE.pinMask,
        `pin ${i + 1}: the polygon covers no pixel (3 or more corners, an area, inside the picture)`,
        ...m.span("polygon"),
      );
      return;
    }
    if (kind !== undefined && mask) out.push({ kind, mask });
  });
  return out;
}
