/**
 * Writer of the live scene: canonical JSON, two-space indent, members in the
 * documented order, every parameter written, a point `[x, y]`, a cut, a story,
 * a signal and a rule on one line each (a rule's `priority` and `cooldownMs`
 * only when not 0), a final newline.
 */
import { formatCondition } from "./condition.js";
import type { KeyFrame, Mask, Rule, Scene, StoryOptions } from "./model.js";

const q = (v: string | number) => JSON.stringify(v);

/** `{ "a": 1, "b": 2 }` on one line, or `{}`. */
function inline(members: [string, string][]): string {
  if (members.length === 0) return "{}";
  return `{ ${members.map(([k, v]) => `${q(k)}: ${v}`).join(", ")} }`;
}

/** `[a, b]`. */
function list(items: readonly string[]): string {
  return `[${items.join(", ")}]`;
}

/** A block of `lines` (already indented inside) in `open`/`close`, or `open close` when empty. */
function block(open: string, close: string, lines: string[], indent: string): string {
  if (lines.length === 0) return `${open}${close}`;
  return `${open}\n${lines.map((l) => `${indent}  ${l}`).join(",\n")}\n${indent}${close}`;
}

function frameText(f: KeyFrame): string {
  const points = [...f.points].map(([k, p]) => `${q(k)}: ${list([q(p.x), q(p.y)])}`);
  const cuts = f.cuts.map((c) => list(c.points.map(q)));
  const lines = [
    `"name": ${q(f.name)}`,
    `"image": ${q(f.image)}`,
    `"points": ${block("{", "}", points, "      ")}`,
    `"cuts": ${block("[", "]", cuts, "      ")}`,
  ];
  return block("{", "}", lines, "    ");
}

function ruleText(r: Rule): string {
  const t = r.trigger;
  const members: [string, string][] = [
    t.kind === "event"
      ? ["event", q(t.event)]
      : t.kind === "signal"
        ? ["when", q(formatCondition(t))]
        : ["idleMs", t.maxMs === undefined ? q(t.ms) : list([q(t.ms), q(t.maxMs)])],
    ["story", q(r.story)],
  ];
  if (r.priority !== 0) members.push(["priority", q(r.priority)]);
  if (r.cooldownMs !== 0) members.push(["cooldownMs", q(r.cooldownMs)]);
  if (r.queue !== undefined) members.push(["queue", q(r.queue)]);
  if (t.kind === "idle" && t.seed !== undefined) members.push(["seed", q(t.seed)]);
  return inline(members);
}

/** A story: its frames, or `{ "frames": […], options }` when it has options. */
function storyText(frames: readonly string[], o: StoryOptions | undefined): string {
  const names = list(frames.map(q));
  if (!o) return names;
  const members: [string, string][] = [["frames", names]];
  if (o.durationMs !== undefined) members.push(["durationMs", q(o.durationMs)]);
  else if (o.inbetweens !== undefined) members.push(["inbetweens", q(o.inbetweens)]);
  if (o.easing !== undefined)
    members.push(["easing", typeof o.easing === "string" ? q(o.easing) : list(o.easing.map(q))]);
  if (o.returnToZero !== undefined) members.push(["returnToZero", q(o.returnToZero)]);
  if (o.region !== undefined) members.push(["region", q(o.region)]);
  if (o.drive !== undefined) {
    const d = o.drive;
    const drive: [string, string][] = [
      ["signal", q(d.signal)],
      ["from", q(d.from)],
      ["to", q(d.to)],
      ["attackMs", q(d.attackMs)],
      ["releaseMs", q(d.releaseMs)],
    ];
    members.push(["drive", inline(drive)]);
  }
  return inline(members);
}

/** A mask's members: its polygon and feather. */
function maskMembers(mask: Mask): [string, string][] {
  return [
    ["polygon", list(mask.polygon.map((p) => list([q(p.x), q(p.y)])))],
    ["feather", q(mask.feather)],
  ];
}

/** `"regions"` and `"pins"` lines, when the scene has them. */
function regionLines(scene: Scene): string[] {
  const lines: string[] = [];
  if (scene.regions) {
    const regions = scene.regions.map(
      (r) =>
        `${q(r.name)}: ${inline([
          ["points", list(r.points.map(q))],
          ["mask", inline(maskMembers(r.mask))],
        ])}`,
    );
    lines.push(`"regions": ${block("{", "}", regions, "  ")}`);
  }
  if (scene.pins) {
    const pins = scene.pins.map((p) => inline([["kind", q(p.kind)], ...maskMembers(p.mask)]));
    lines.push(`"pins": ${block("[", "]", pins, "  ")}`);
  }
  return lines;
}

/** The scene as `*.scene.json` text; `readScene(writeScene(s)).model` equals `s`. */
export function writeScene(scene: Scene): string {
  const p = scene.params;
  const params = [
    `"rateHz": ${q(p.rateHz)}`,
    `"inbetweens": ${q(p.inbetweens)}`,
    `"radiusCorrection": ${q(p.radiusCorrection)}`,
    `"cutBand": ${q(p.cutBand)}`,
    `"classicReading": ${q(p.classicReading)}`,
    `"classicOwnCut": ${q(p.classicOwnCut)}`,
    `"classicBandHoles": ${q(p.classicBandHoles)}`,
    `"classicClosing": ${q(p.classicClosing)}`,
    `"engine": ${q(p.engine)}`,
    `"returnToZero": ${q(p.returnToZero)}`,
  ];
  const stories = [...scene.stories].map(
    ([k, v]) => `${q(k)}: ${storyText(v, scene.storyOptions?.get(k))}`,
  );
  const signals = scene.signals.map((s) =>
    inline([
      ["name", q(s.name)],
      ["min", q(s.min)],
      ["max", q(s.max)],
    ]),
  );
  const lines = [
    `"version": ${q(scene.version)}`,
    `"size": ${list([q(scene.width), q(scene.height)])}`,
    `"params": ${block("{", "}", params, "  ")}`,
    `"zeroFrame": ${q(scene.zeroFrame)}`,
    `"frames": ${block("[", "]", scene.frames.map(frameText), "  ")}`,
    `"stories": ${block("{", "}", stories, "  ")}`,
    `"signals": ${block("[", "]", signals, "  ")}`,
    `"rules": ${block("[", "]", scene.rules.map(ruleText), "  ")}`,
    ...regionLines(scene),
  ];
  return `${block("{", "}", lines, "")}\n`;
}
