/**
 * The contract between the player and an in-between engine. The player
 * decides *when* (the seed's steps 1–9); an engine makes *what* (steps
 * 10–24 for the classic one). Engines are pure over RGBA typed arrays.
 */
import type { RgbaImage } from "./image.js";
import type {
  ClassicBandHoles,
  ClassicClosing,
  ClassicOwnCut,
  ClassicReading,
  Cut,
  EngineName,
  Point,
} from "./scene/model.js";

/** A frame as an engine sees it: its picture, its control points (same order in K and L) and its cuts. */
export interface EngineFrame {
  readonly image: RgbaImage;
  /** Control-point names, in the scene's order; the same array for K and L. */
  readonly names: readonly string[];
  /** Positions parallel to `names`: x0, y0, x1, y1, … (pixels). */
  readonly points: Float64Array;
  /** Cuts as indices into `names` (polylines). */
  readonly cuts: readonly (readonly number[])[];
}

/** Parameters an engine takes from the scene. */
export interface EngineParams {
  /** In-betweens between two key frames (19): the counter starts at inbetweens + 1. */
  readonly inbetweens: number;
  /** The radius correction l (pixels). */
  readonly radiusCorrection: number;
  /** Half-width of the cut band (pixels), classic engine. */
  readonly cutBand: number;
  /** How the classic engine reads step 14; absent: the scene's default (`fraction`). */
  readonly classicReading?: ClassicReading;
  /** Whether a point's own cuts block its disc (classic step 13); absent: `blocks`, the seed's. */
  readonly classicOwnCut?: ClassicOwnCut;
  /** What the classic engine's step 17 does with an empty band pixel; absent: `fromL`. */
  readonly classicBandHoles?: ClassicBandHoles;
  /** Whether a closing opening covers what it closes over (classic engine); absent: `keeps`. */
  readonly classicClosing?: ClassicClosing;
}

/** One in-between as made: the picture and where the control points are in it. */
export interface Inbetween {
  readonly image: RgbaImage;
  /** Control-point positions in this in-between, parallel to `EngineFrame.names`. */
  readonly points: Float64Array;
}

/**
 * The in-betweens of one K → L transition. `next(counter)` is called with
 * the seed's СПК after step 7 — inbetweens, inbetweens − 1, …, 1 — in that
 * order, once each, except that a player keeping time on a slow machine
 * drops frames and skips some counters (each in-between must then still be
 * the one of its counter); it returns the in-between shown at that tick.
 * Engines may reuse buffers between calls: the returned image is valid until
 * the next call.
 *
 * `fraction`, when given, is the share of the way K → L this in-between
 * shows, eased by the story (docs/live-player.md, "Per-story transitions");
 * it rises with each call and stays in (0, 1). Absent, the share is the
 * seed's linear (inbetweens + 1 − counter) / (inbetweens + 1) and an engine
 * reads its counter as before. An engine that ignores it plays linearly.
 */
export interface Transition {
  next(counter: number, fraction?: number): Inbetween;
}

/** An in-between engine. */
export interface Engine {
  /** Its name in the engine list (`engines.ts`), as scenes and the CLI spell it. */
  readonly name: EngineName;
  /** Prepares the transition from key frame `k` to key frame `l`. */
  begin(k: EngineFrame, l: EngineFrame, params: EngineParams): Transition;
}

/** Converts named points and cuts of a key frame into an engine frame (names in `order`). */
export function engineFrame(
  image: RgbaImage,
  order: readonly string[],
  points: ReadonlyMap<string, Point>,
  cuts: readonly Cut[],
): EngineFrame {
  const xy = new Float64Array(order.length * 2);
  const index = new Map<string, number>();
  order.forEach((name, i) => {
    index.set(name, i);
    const p = points.get(name);
    xy[i * 2] = p?.x ?? Number.NaN;
    xy[i * 2 + 1] = p?.y ?? Number.NaN;
  });
  return {
    image,
    names: order,
    points: xy,
    cuts: cuts.map((c) => c.points.map((n) => index.get(n) ?? -1)),
  };
}
