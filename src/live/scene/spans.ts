/**
 * Where the values of a scene stand in its file: spans parallel to the
 * model, so the checks of `validate.ts` and the text edits of `edit.ts` need
 * not re-read the text. A member the file lacks is located at its object's
 * span; a root member that could not be read at all (`size`, `zeroFrame`)
 * has no span, and the checks about it are skipped (the reader reported it).
 */
import type { Span } from "../../core/diagnostics.js";
import type { Scene } from "./model.js";

/** Where one control point stands. */
export interface PointSpans {
  /** The member name (`"mouthL"`). */
  readonly key: Span;
  /** The `[x, y]` array. */
  readonly value: Span;
  readonly x: Span;
  readonly y: Span;
}

/** Where one cut stands: the array and each point name. */
export interface CutSpans {
  readonly whole: Span;
  readonly points: readonly Span[];
}

/** Where one key frame's values stand. */
export interface FrameSpans {
  readonly whole: Span;
  readonly name: Span;
  readonly image: Span;
  /** The `points` object. */
  readonly points: Span;
  /** By point name. */
  readonly point: ReadonlyMap<string, PointSpans>;
  /** Parallel to the frame's cuts. */
  readonly cuts: readonly CutSpans[];
}

/** Where one story stands: its name and its frame names. */
export interface StorySpans {
  readonly key: Span;
  readonly value: Span;
  readonly items: readonly Span[];
}

/** Where one rule's values stand. */
export interface RuleSpans {
  readonly whole: Span;
  /** The `event`, `when` or `idleMs` value. */
  readonly trigger: Span;
  readonly story: Span;
  readonly priority: Span;
  readonly cooldownMs: Span;
}

/** Where one declared signal stands. */
export interface SignalSpans {
  readonly whole: Span;
  readonly name: Span;
  readonly min: Span;
  readonly max: Span;
}

/** Where each parameter stands (the `params` object, or the root, when absent). */
export interface ParamSpans {
  readonly rateHz: Span;
  readonly inbetweens: Span;
  readonly radiusCorrection: Span;
  readonly cutBand: Span;
  readonly classicReading: Span;
  readonly classicOwnCut: Span;
  readonly classicBandHoles: Span;
  readonly classicClosing: Span;
  readonly engine: Span;
  readonly returnToZero: Span;
}

/** Source spans of a {@link Scene}, parallel to it. */
export interface SceneSpans {
  readonly whole: Span;
  readonly version: Span;
  /** Undefined when `size` could not be read (the model then says 0 × 0). */
  readonly size: Span | undefined;
  /** Undefined when `zeroFrame` could not be read (the model then says ''). */
  readonly zeroFrame: Span | undefined;
  /** Parallel to `frames`. */
  readonly frames: readonly FrameSpans[];
  /** By story name. */
  readonly stories: ReadonlyMap<string, StorySpans>;
  /** Parallel to `rules`. */
  readonly rules: readonly RuleSpans[];
  /** Parallel to `signals`. */
  readonly signals: readonly SignalSpans[];
  readonly params: ParamSpans;
}

const NOWHERE: Span = [0, 0];

/** Spans of a scene made in memory: every location offset 0. */
export function sceneSpansOf(scene: Scene): SceneSpans {
  const point: PointSpans = { key: NOWHERE, value: NOWHERE, x: NOWHERE, y: NOWHERE };
  return {
    whole: NOWHERE,
    version: NOWHERE,
    size: NOWHERE,
    zeroFrame: NOWHERE,
    frames: scene.frames.map((f) => ({
      whole: NOWHERE,
      name: NOWHERE,
      image: NOWHERE,
      points: NOWHERE,
      point: new Map([...f.points.keys()].map((k) => [k, point])),
      cuts: f.cuts.map((c) => ({ whole: NOWHERE, points: c.points.map(() => NOWHERE) })),
    })),
    stories: new Map(
      [...scene.stories].map(([k, v]) => [
        k,
        { key: NOWHERE, value: NOWHERE, items: v.map(() => NOWHERE) },
      ]),
    ),
    rules: scene.rules.map(() => ({
      whole: NOWHERE,
      trigger: NOWHERE,
      story: NOWHERE,
      priority: NOWHERE,
      cooldownMs: NOWHERE,
    })),
    signals: scene.signals.map(() => ({
      whole: NOWHERE,
      name: NOWHERE,
      min: NOWHERE,
      max: NOWHERE,
    })),
    params: {
      rateHz: NOWHERE,
      inbetweens: NOWHERE,
      radiusCorrection: NOWHERE,
      cutBand: NOWHERE,
      classicReading: NOWHERE,
      classicOwnCut: NOWHERE,
      classicBandHoles: NOWHERE,
      classicClosing: NOWHERE,
      engine: NOWHERE,
      returnToZero: NOWHERE,
    },
  };
}
