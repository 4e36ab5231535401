/**
 * The live scene (`*.scene.json`, docs/formats/live-scene.md): picture size,
 * key frames with their control points and cuts, the zero frame, stories,
 * situation rules and the player's parameters. Coordinates are pixels of the
 * picture: x to the right, y down, (0, 0) the centre of the top-left pixel.
 */

/** A point of the picture (pixels). */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * A cut: a polyline through named control points of its frame (two or more),
 * which the picture must not be dragged across (a mouth slit, an eyelid).
 * Its ends move with the picture because they are control points.
 */
export interface Cut {
  /** Names of control points of the frame, in order along the cut. */
  readonly points: readonly string[];
}

/** One key frame. */
export interface KeyFrame {
  /** Unique in the scene; stories and rules name frames by it. */
  readonly name: string;
  /** PNG path relative to the scene file (`/` separators). */
  readonly image: string;
  /**
   * Named control points (the seed's СКТ), in file order. Every frame has the
   * same names (a name missing in one frame is an error naming both frames);
   * the same name in K and L is the same feature.
   */
  readonly points: ReadonlyMap<string, Point>;
  /** Cuts of this frame. */
  readonly cuts: readonly Cut[];
}

/** A comparison of a signal rule. */
export type SignalOp = ">" | ">=" | "<" | "<=";

/** What makes a situation rule fire. */
export type Trigger =
  /** An external event with this name arrived since the last tick. */
  | { readonly kind: "event"; readonly event: string }
  /** A signal's condition became true (edge: false → true; a signal never set is 0). */
  | {
      readonly kind: "signal";
      readonly signal: string;
      readonly op: SignalOp;
      readonly value: number;
    }
  /**
   * No event has arrived for `ms` milliseconds while the player waits on the
   * zero frame. With `maxMs` (an `idleMs` range `[ms, maxMs]`), each wait is
   * drawn anew from the range by a generator seeded with `seed` (default 1),
   * so a render is reproducible: a randomised idle blink.
   */
  | {
      readonly kind: "idle";
      readonly ms: number;
      readonly maxMs?: number;
      readonly seed?: number;
    };

/**
 * What a rule does when the player is busy (docs/formats/live-scene.md):
 * `wait` (default, the seed's reading) appends when nothing waits after the
 * current target L and is dropped otherwise; `enqueue` appends after what
 * waits; `drop` plays only when nothing plays; `replace` pre-empts a story of
 * lower priority, retargeting the running transition from the picture shown.
 */
export type QueuePolicy = "wait" | "enqueue" | "drop" | "replace";

/** The queue policies, in the order the format page lists them. */
export const QUEUE_POLICIES: readonly QueuePolicy[] = ["wait", "enqueue", "drop", "replace"];

/** A situation rule: a trigger → a named story, with priority and cooldown. */
export interface Rule {
  readonly trigger: Trigger;
  /** Name of a story of the scene. */
  readonly story: string;
  /** Higher wins when several rules fire at the same tick (ties: file order). Default 0. */
  readonly priority: number;
  /** The rule does not fire again for this long after it fired (ms). Default 0. */
  readonly cooldownMs: number;
  /** When the player is busy; absent = `wait`. */
  readonly queue?: QueuePolicy;
}

/** An easing curve: a named one, or a CSS-like cubic Bézier `[x1, y1, x2, y2]` (x1, x2 in 0 … 1). */
export type Easing =
  | "linear"
  | "ease-in"
  | "ease-out"
  | "ease-in-out"
  | readonly [number, number, number, number];

/** The named easings, in the order the format page lists them. */
export const EASING_NAMES = ["linear", "ease-in", "ease-out", "ease-in-out"] as const;

/**
 * How a story's transitions play (the object form of a story); an absent
 * member takes the scene's parameter. `inbetweens` is resolved from
 * `durationMs` by the reader when the file gives a duration.
 */
export interface StoryOptions {
  /** In-betweens of each transition into a frame of this story (and back to zero with `morph`). */
  readonly inbetweens?: number;
  /** As written: the in-betweens last this long (ms); inbetweens = round(durationMs · rateHz / 1000), at least 1. */
  readonly durationMs?: number;
  /** The eased share of the way K → L each in-between shows. Default `linear` (the seed). */
  readonly easing?: Easing;
  /** After this story, when the story line is exhausted; default the scene's `returnToZero`. */
  readonly returnToZero?: ReturnToZero;
  /** The region it plays in (a key of `Scene.regions`); absent: the whole face. */
  readonly region?: string;
  /** A signal holds its position (no rule plays it): docs/live-player.md, "Driven position". */
  readonly drive?: Drive;
}

/**
 * A story whose position comes from a signal: share = clamp((value − from) /
 * (to − from), 0, 1), smoothed per tick towards it with the time constants
 * `attackMs` (rising) and `releaseMs` (falling); 0 = jump.
 */
export interface Drive {
  readonly signal: string;
  readonly from: number;
  readonly to: number;
  readonly attackMs: number;
  readonly releaseMs: number;
}

/**
 * A region's mask: a polygon (pixels, the picture's coordinates) whose
 * inside is the region's, fading from 1 to 0 over `feather` pixels inside
 * its edge (0: a hard edge). Outside the polygon the mask is exactly 0.
 */
export interface Mask {
  readonly polygon: readonly Point[];
  readonly feather: number;
}

/** A part of the face that plays its own stories at once with the others. */
export interface Region {
  readonly name: string;
  /** The control points it moves (each in one region at most); the others stay where the zero frame has them. */
  readonly points: readonly string[];
  readonly mask: Mask;
}

/** A user's area: `still` pixels are kept exactly as the shown key frame's; `free` ones are never held still. */
export interface Pin {
  readonly kind: "still" | "free";
  readonly mask: Mask;
}

/**
 * The name of an in-between engine: one of the engine list's
 * (`engineNames()` of `../engines.ts`, which the reader checks against).
 */
export type EngineName = string;

/** How the player leaves a key frame when the story line is exhausted. */
export type ReturnToZero =
  /** The seed: the zero frame is shown at the next tick, no in-betweens (step 5 → 1). */
  | "cut"
  /** Beyond the seed: in-betweens from the key frame back to the zero frame. */
  | "morph";

/**
 * How the classic engine reads the seed's step 14 (docs/live-engines.md):
 * each in-between from K at its own fraction of the move, step on step with
 * each pixel's sub-pixel remainder carried, or step on step in whole pixels.
 */
export type ClassicReading = "fraction" | "carry" | "literal";

/** The classic engine's readings, the default first. */
export const CLASSIC_READINGS: readonly ClassicReading[] = ["fraction", "carry", "literal"];

/**
 * Whether a cut a control point lies on blocks that point's own disc in the
 * classic engine's step 13 (`blocks`: every cut does, as the seed writes it)
 * or lets it pass (`passes`: the point's own cuts do not block, every other
 * cut does; decision 380).
 */
export type ClassicOwnCut = "blocks" | "passes";

/** The choices of `classicOwnCut`, the default first. */
export const CLASSIC_OWN_CUTS: readonly ClassicOwnCut[] = ["blocks", "passes"];

/**
 * What the classic engine's steps 17–19 do with an empty pixel of a cut
 * band (decision 383): `fromL`, it is not averaged and takes L's pixel in
 * steps 20–23; `ownSide`, every empty pixel outside an opening takes the
 * mean of its non-empty neighbours on its own side of the cuts, and only a
 * band pixel with none takes L's.
 */
export type ClassicBandHoles = "fromL" | "ownSide";

/** The choices of `classicBandHoles`, the default first. */
export const CLASSIC_BAND_HOLES: readonly ClassicBandHoles[] = ["fromL", "ownSide"];

/**
 * What the classic engine does with a pixel of an opening (the region
 * between two cuts with the same ends) that a disc moves outside the
 * openings of K* (decision 389): `keeps`, it is written where it lands
 * (the seed: every moved pixel is written); `covers`, it is not written —
 * the closing lid or lip covers it.
 */
export type ClassicClosing = "keeps" | "covers";

/** The choices of `classicClosing`, the default first. */
export const CLASSIC_CLOSINGS: readonly ClassicClosing[] = ["keeps", "covers"];

/** The player's parameters, with the seed's defaults. */
export interface SceneParams {
  /** Frames per second (Hz). Default 20 (one tick each 50 ms). */
  readonly rateHz: number;
  /** In-betweens between two adjacent key frames. Default 19 (СПК := 20). */
  readonly inbetweens: number;
  /** The radius correction l (pixels): 2·R_j = r(K_j, L_j) + l. Default 8. */
  readonly radiusCorrection: number;
  /** Half-width of the band around a cut where the classic engine fills empty pixels from L (pixels). Default 3. */
  readonly cutBand: number;
  /** How the classic engine reads step 14. Default `fraction`. */
  readonly classicReading: ClassicReading;
  /** Whether a point's own cuts block its disc in the classic engine's step 13. Default `blocks` (the seed). */
  readonly classicOwnCut: ClassicOwnCut;
  /** What the classic engine's step 17 does with an empty band pixel. Default `fromL`. */
  readonly classicBandHoles: ClassicBandHoles;
  /** Whether a closing opening covers what it closes over in the classic engine. Default `keeps`. */
  readonly classicClosing: ClassicClosing;
  /** Default engine. Default `classic` (the seed). */
  readonly engine: EngineName;
  /** Default `cut` (the seed). */
  readonly returnToZero: ReturnToZero;
}

/** The seed's parameters. */
export const DEFAULT_PARAMS: SceneParams = {
  rateHz: 20,
  inbetweens: 19,
  radiusCorrection: 8,
  cutBand: 3,
  classicReading: "fraction",
  classicOwnCut: "blocks",
  classicBandHoles: "fromL",
  classicClosing: "keeps",
  engine: "classic",
  returnToZero: "cut",
};

/** A whole scene. */
export interface Scene {
  /** Format version; 1. */
  readonly version: 1;
  /** Picture size (pixels); every frame's PNG has it. */
  readonly width: number;
  readonly height: number;
  /** Key frames in file order. */
  readonly frames: readonly KeyFrame[];
  /** Name of the zero frame (the seed's "нулевой" кадр). */
  readonly zeroFrame: string;
  /** Named stories: lists of key-frame names, shown in order. */
  readonly stories: ReadonlyMap<string, readonly string[]>;
  /** Options of the stories written in the object form (absent: every story plays with the scene's parameters). */
  readonly storyOptions?: ReadonlyMap<string, StoryOptions>;
  readonly rules: readonly Rule[];
  /** Declared signals with their range, for sliders (`{name, min, max}`); rules may name others. */
  readonly signals: readonly SignalSpec[];
  readonly params: SceneParams;
  /** Regions that play at once (absent: the whole face plays one story at a time, as the seed). */
  readonly regions?: readonly Region[];
  /** User pins (absent: none). */
  readonly pins?: readonly Pin[];
}

/** A signal the scene declares (the studio shows a slider for it). */
export interface SignalSpec {
  readonly name: string;
  readonly min: number;
  readonly max: number;
}
