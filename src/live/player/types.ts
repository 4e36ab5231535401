/**
 * The player's contract (the seed's steps 1–9 and the situation program):
 * what goes in (events and signals stamped on the player's clock), what
 * comes out at each tick (the timeline record of docs/design.md and the shown
 * picture), and the hook a program may attach.
 */
import type { RgbaImage } from "../image.js";

/** An external input, stamped on the player's clock (ms from its start); EVENTS.json holds a list of these. */
export type ExternalInput =
  | { readonly atMs: number; readonly event: string; readonly payload?: unknown }
  | { readonly atMs: number; readonly signal: string; readonly value: number };

/** An event as the situation program sees it at a tick. */
export interface DeliveredEvent {
  readonly name: string;
  readonly atMs: number;
  readonly payload?: unknown;
}

/**
 * One tick of the timeline, exactly as `live render` writes `timeline.json`:
 * `frame` for key ticks; `from`/`to`/`counter` (СПК after step 7) for in-betweens.
 */
export type TickRecord =
  | { readonly tick: number; readonly timeMs: number; readonly kind: "key"; readonly frame: string }
  | {
      readonly tick: number;
      readonly timeMs: number;
      readonly kind: "inbetween";
      readonly from: string;
      readonly to: string;
      readonly counter: number;
      /** On the first in-between of a transition that took over: the key frame it was heading to instead. */
      readonly preempted?: string;
    };

/**
 * Why a triggered rule played nothing: `busy` (its queue policy found the
 * story line taken), `cooldown` (it fired less than `cooldownMs` ago),
 * `same` (its story is where the line already ends: coalesced), `full` (the
 * story line holds its most key frames).
 */
export type DropReason = "busy" | "cooldown" | "same" | "full";

/** A trigger that played nothing, as the timeline, the CLI summary and the studio list it. */
export interface DroppedTrigger {
  /** The trigger as written: the event name, the condition, `idle N ms`. */
  readonly trigger: string;
  readonly story: string;
  readonly reason: DropReason;
}

/**
 * What a region shows at a tick when it is active (docs/live-player.md,
 * "Regions"): its own player's record, or, for its driven story, the share
 * the signal holds.
 */
export type RegionRecord =
  | TickRecord
  | {
      readonly tick: number;
      readonly timeMs: number;
      readonly kind: "driven";
      readonly story: string;
      /** The smoothed share of the way from the zero frame to the story's key frame, in (0, 1]. */
      readonly share: number;
    };

/** What the player shows at one tick, with what overlays need. */
export interface TickResult {
  readonly record: TickRecord;
  /** The picture shown; valid until the next call of `tick` (the player reuses buffers). */
  readonly image: RgbaImage;
  /** Control-point positions in the shown picture, parallel to `PlayerState.pointNames`. */
  readonly points: Float64Array;
  /** For an in-between: where the control points go (L's positions), parallel to `points`. */
  readonly target: Float64Array | undefined;
  /** Names of the rules that fired at this tick (in priority order). */
  readonly fired: readonly string[];
  /** Triggers of this tick that played nothing (none are dropped silently). */
  readonly dropped: readonly DroppedTrigger[];
  /** A scene with regions or driven stories: what each active region shows, by region name ("" the whole face's driven story). */
  readonly regions?: Readonly<Record<string, RegionRecord>>;
}

/** The player's state, as the hook and the studio see it. */
export interface PlayerState {
  /** Index of the last tick shown (−1 before the first). */
  readonly tick: number;
  /** Key frames still to show, in order (the next L first). */
  readonly storyLine: readonly string[];
  /** СПК as the seed has it now (after the last tick prepared the next frame; the hook sees the shown one): 0 on a key frame. */
  readonly counter: number;
  /** Current signal values (a signal never set is absent; rules read it as 0). */
  readonly signals: ReadonlyMap<string, number>;
  /** Ticks dropped because a tick's work overran (counted by the runner). */
  readonly dropped: number;
  /** Control-point names, in the scene's order. */
  readonly pointNames: readonly string[];
}

/** What the programmatic hook sees at each tick, after the scene's rules ran. */
export interface SituationContext {
  readonly tick: number;
  readonly timeMs: number;
  /** Events delivered at this tick (stamped at or before its time, after the previous tick's). */
  readonly events: readonly DeliveredEvent[];
  readonly signals: ReadonlyMap<string, number>;
  readonly state: PlayerState;
  /** Appends key frames (by name) to the story line; unknown names are ignored and reported by the return value (false). */
  extend(frames: readonly string[]): boolean;
}

/** The situation program's hook: called once per tick (step 3), after the declarative rules. */
export type SituationHook = (context: SituationContext) => void;

/**
 * The clock a runner waits on: virtual in tests and `live render`, real in a
 * browser or a terminal. Times are ms from the player's start.
 */
export interface PlayerClock {
  now(): number;
  /** Resolves at `ms` (at once when it has passed). A virtual clock jumps there. */
  waitUntil(ms: number): Promise<void>;
}
