/**
 * Semantic checks of a scene (stage two of the reader template): the size,
 * unique frame names, sound image paths, the same control points in every
 * frame, cuts through known points, points inside the picture, the zero
 * frame and story frames that exist, rules naming stories that exist with
 * sound numbers, declared signals, and the parameters' ranges.
 */
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { engineNames } from "../engines.js";
import { LIVE, type LiveCode, type LiveKind } from "./codes.js";
import { SIGNAL_NAME } from "./condition.js";
import {
  CLASSIC_BAND_HOLES,
  CLASSIC_CLOSINGS,
  CLASSIC_OWN_CUTS,
  CLASSIC_READINGS,
  type KeyFrame,
  type Scene,
} from "./model.js";
import { imagePathProblem } from "./paths.js";
import { type FrameSpans, type SceneSpans, sceneSpansOf } from "./spans.js";

/** The largest picture side accepted (pixels). */
export const MAX_SIDE = 8192;

/** The most in-betweens accepted between two key frames. */
export const MAX_INBETWEENS = 1000;

type Sink = DiagnosticSink<LiveKind>;

/** The semantic problems of a scene, located by its `spans` (in memory: offset 0). */
export function validateScene(
  scene: Scene,
  spans: SceneSpans = sceneSpansOf(scene),
): Diagnostic<LiveCode>[] {
  const sink: Sink = new DiagnosticSink<LiveKind>();
  const sizeOk = checkSize(sink, scene, spans);
  const names = new Set<string>();
  scene.frames.forEach((f, i) => {
    const s = spans.frames[i]!;
    if (f.name === "") sink.report(LIVE.emptyName, `frame ${i + 1} has an empty name`, ...s.name);
    else if (names.has(f.name)) {
      sink.report(
        LIVE.duplicateFrame,
        msg`a second key frame named '${{ frame: f.name }}'`,
        ...s.name,
      );
    }
    names.add(f.name);
    const problem = imagePathProblem(f.image);
    if (problem)
      sink.report(LIVE.imagePath, msg`frame '${{ frame: f.name }}': ${problem}`, ...s.image);
    checkFrame(sink, f, s, sizeOk ? scene : undefined);
  });
  checkSamePoints(sink, scene, spans);
  if (spans.zeroFrame && !names.has(scene.zeroFrame)) {
    sink.report(
      LIVE.unknownFrame,
      msg`the zero frame '${{ frame: scene.zeroFrame }}' is no key frame of the scene`,
      ...spans.zeroFrame,
    );
  }
  for (const [story, frames] of scene.stories) {
    const s = spans.stories.get(story)!;
    if (story === "") sink.report(LIVE.emptyName, "a story has an empty name", ...s.key);
    if (frames.length === 0) {
      sink.report(LIVE.emptyStory, msg`story '${{ story }}' lists no key frames`, ...s.value);
    }
    frames.forEach((name, k) => {
      if (names.has(name)) return;
      sink.report(
        LIVE.unknownFrame,
        msg`story '${{ story }}': '${{ frame: name }}' is no key frame of the scene`,
        ...s.items[k]!,
      );
    });
  }
  checkSignals(sink, scene, spans);
  checkRules(sink, scene, spans);
  checkParams(sink, scene, spans);
  return sink.items;
}

function checkSize(sink: Sink, scene: Scene, spans: SceneSpans): boolean {
  if (!spans.size) return false;
  const ok = (v: number) => Number.isInteger(v) && v >= 1 && v <= MAX_SIDE;
  if (ok(scene.width) && ok(scene.height)) return true;
  sink.report(
    LIVE.size,
    msg`the size must be two integers in 1 … ${MAX_SIDE} (pixels), found [${{ width: scene.width }}, ${{ height: scene.height }}]`,
    ...spans.size,
  );
  return false;
}

function checkFrame(sink: Sink, f: KeyFrame, s: FrameSpans, sized: Scene | undefined): void {
  const who = `frame '${f.name}'`;
  for (const [name, p] of f.points) {
    const ps = s.point.get(name)!;
    if (name === "") sink.report(LIVE.emptyName, `${who}: a point has an empty name`, ...ps.key);
    if (!sized) continue;
    const xMax = sized.width - 0.5;
    const yMax = sized.height - 0.5;
    if (p.x >= -0.5 && p.x <= xMax && p.y >= -0.5 && p.y <= yMax) continue;
    sink.report(
      LIVE.outside,
      msg`${who}: point '${{ point: name }}' (${{ x: p.x }}, ${{ y: p.y }}) lies outside the picture [-0.5, ${xMax}] × [-0.5, ${yMax}]`,
      ...ps.value,
    );
  }
  f.cuts.forEach((c, k) => {
    const cs = s.cuts[k]!;
    if (c.points.length < 2) {
      sink.report(
        LIVE.shortCut,
        msg`${who}: cut ${{ cut: k + 1 }} has ${{ count: c.points.length }} point${c.points.length === 1 ? "" : "s"}; a cut needs 2 or more`,
        ...cs.whole,
      );
    }
    c.points.forEach((name, j) => {
      if (f.points.has(name)) return;
      sink.report(
        LIVE.cutPoint,
        msg`${who}: cut ${{ cut: k + 1 }} names '${{ point: name }}', which is no control point of the frame`,
        ...cs.points[j]!,
      );
    });
  });
}

/** Every frame has the first frame's control points, no fewer and no more (LIV010). */
function checkSamePoints(sink: Sink, scene: Scene, spans: SceneSpans): void {
  const first = scene.frames[0];
  if (!first) return;
  const kind = LIVE.missingPoint;
  scene.frames.forEach((f, i) => {
    if (i === 0) return;
    const s = spans.frames[i]!;
    for (const name of first.points.keys()) {
      if (f.points.has(name)) continue;
      // Past the cap only counted: no message is built (decision 254).
      if (!sink.accepts(kind)) sink.omit(kind, ...s.points);
      else
        sink.report(
          kind,
          msg`control point '${{ point: name }}' of frame '${{ other: first.name }}' is missing in frame '${{ frame: f.name }}'`,
          ...s.points,
        );
    }
    for (const name of f.points.keys()) {
      if (first.points.has(name)) continue;
      if (!sink.accepts(kind)) sink.omit(kind, ...s.point.get(name)!.key);
      else
        sink.report(
          kind,
          msg`control point '${{ point: name }}' of frame '${{ other: f.name }}' is missing in frame '${{ frame: first.name }}'`,
          ...s.point.get(name)!.key,
        );
    }
  });
}

function checkSignals(sink: Sink, scene: Scene, spans: SceneSpans): void {
  const seen = new Set<string>();
  scene.signals.forEach((sig, i) => {
    const s = spans.signals[i]!;
    if (sig.name === "") {
      sink.report(LIVE.emptyName, `signal ${i + 1} has an empty name`, ...s.name);
    } else if (!SIGNAL_NAME.test(sig.name)) {
      sink.report(
        LIVE.signalName,
        msg`signal '${{ signal: sig.name }}': a name is a letter or '_', then letters, digits, '_', '.', '-'`,
        ...s.name,
      );
    } else if (seen.has(sig.name)) {
      sink.report(
        LIVE.duplicateSignal,
        msg`a second signal named '${{ signal: sig.name }}'`,
        ...s.name,
      );
    }
    seen.add(sig.name);
    if (!(sig.min < sig.max)) {
      sink.report(
        LIVE.signalRange,
        msg`signal '${{ signal: sig.name }}': min (${{ min: sig.min }}) must be less than max (${{ max: sig.max }})`,
        ...s.max,
      );
    }
  });
}

function checkRules(sink: Sink, scene: Scene, spans: SceneSpans): void {
  scene.rules.forEach((r, i) => {
    const s = spans.rules[i]!;
    const who = `rule ${i + 1}`;
    const t = r.trigger;
    if (t.kind === "event" && t.event === "") {
      sink.report(LIVE.emptyName, `${who}: the event name is empty`, ...s.trigger);
    } else if (t.kind === "idle" && !(t.ms > 0 && Number.isFinite(t.ms))) {
      sink.report(
        LIVE.ruleValue,
        msg`${who}: '${{ field: "idleMs" }}' must be > 0, found ${{ found: t.ms }}`,
        ...s.trigger,
      );
    } else if (t.kind === "signal" && !(SIGNAL_NAME.test(t.signal) && Number.isFinite(t.value))) {
      sink.report(
        LIVE.condition,
        `${who}: the condition needs a signal NAME and a finite number, found '${t.signal}' and ${t.value}`,
        ...s.trigger,
      );
    }
    if (!scene.stories.has(r.story)) {
      sink.report(
        LIVE.unknownStory,
        msg`${who}: '${{ story: r.story }}' is no story of the scene`,
        ...s.story,
      );
    }
    if (!Number.isSafeInteger(r.priority)) {
      sink.report(
        LIVE.ruleValue,
        msg`${who}: '${{ field: "priority" }}' must be an integer, found ${{ found: r.priority }}`,
        ...s.priority,
      );
    }
    if (!(r.cooldownMs >= 0 && Number.isFinite(r.cooldownMs))) {
      sink.report(
        LIVE.ruleValue,
        msg`${who}: '${{ field: "cooldownMs" }}' must be ≥ 0, found ${{ found: r.cooldownMs }}`,
        ...s.cooldownMs,
      );
    }
  });
}

function checkParams(sink: Sink, scene: Scene, spans: SceneSpans): void {
  const p = scene.params;
  const s = spans.params;
  const bad = (key: keyof typeof s, rule: string, found: unknown) =>
    sink.report(
      LIVE.param,
      msg`params: '${{ param: key }}' must be ${rule}, found ${{ found: String(found) }}`,
      ...s[key],
    );
  if (!(p.rateHz > 0 && Number.isFinite(p.rateHz))) bad("rateHz", "> 0 (Hz)", p.rateHz);
  if (!(Number.isInteger(p.inbetweens) && p.inbetweens >= 1 && p.inbetweens <= MAX_INBETWEENS)) {
    bad("inbetweens", `an integer in 1 … ${MAX_INBETWEENS}`, p.inbetweens);
  }
  if (!(p.radiusCorrection >= 0 && Number.isFinite(p.radiusCorrection))) {
    bad("radiusCorrection", "≥ 0 (pixels)", p.radiusCorrection);
  }
  if (!(p.cutBand >= 0 && Number.isFinite(p.cutBand))) bad("cutBand", "≥ 0 (pixels)", p.cutBand);
  const engines = engineNames();
  if (!engines.includes(p.engine)) {
    bad("engine", engines.map((e) => `'${e}'`).join(" or "), `'${p.engine}'`);
  }
  if (p.returnToZero !== "cut" && p.returnToZero !== "morph") {
    bad("returnToZero", "'cut' or 'morph'", `'${p.returnToZero}'`);
  }
  // The classic engine's choices (decisions 380, 383, 389): one of a list each.
  const choices: [keyof typeof s, readonly string[], string][] = [
    ["classicReading", CLASSIC_READINGS, p.classicReading],
    ["classicOwnCut", CLASSIC_OWN_CUTS, p.classicOwnCut],
    ["classicBandHoles", CLASSIC_BAND_HOLES, p.classicBandHoles],
    ["classicClosing", CLASSIC_CLOSINGS, p.classicClosing],
  ];
  for (const [key, list, found] of choices) {
    if (!list.includes(found)) bad(key, list.map((r) => `'${r}'`).join(" or "), `'${found}'`);
  }
}
