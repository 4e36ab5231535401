/**
 * The playback clock every workspace shares. Two modes:
 *
 * * `free` (mixed animation): time runs continuously at `speed` × real time,
 *   advanced once per animation frame; at the end it wraps (`loop`) or stops.
 * * `ticks` (live characters): time moves in steps of `1 / rateHz` seconds
 *   (20 Hz by default). Tick k falls at `anchor + k · period` on the clock's
 *   own time source, so ticks never drift however uneven the frames are.
 *
 * The time source is injected: tests drive a fake one, pages use animation frames.
 */
import { Signal } from "./signal.js";

/** Where the clock reads real time and asks to be called again. */
export interface TimeSource {
  /** Monotonic real time (ms). */
  now(): number;
  /** Calls `f` once, soon (the next animation frame); returns a function that cancels it. */
  request(f: () => void): () => void;
}

/** The browser's time source: `performance.now` and `requestAnimationFrame`. */
const ANIMATION_FRAMES: TimeSource = {
  now: () => performance.now(),
  request: (f) => {
    const id = requestAnimationFrame(() => f());
    return () => cancelAnimationFrame(id);
  },
};

/** How the clock moves. */
export type ClockMode = "free" | "ticks";

/** Options of {@link PlaybackClock}. */
export interface ClockOptions {
  readonly mode: ClockMode;
  /** First time (s). */
  readonly start: number;
  /** Last time (s); `Infinity` for a clock without end. */
  readonly end: number;
  /** Playback speed (× real time). */
  readonly speed?: number;
  /** Whether time wraps to `start` past `end`. */
  readonly loop?: boolean;
  /** Tick rate of `ticks` mode (Hz). */
  readonly rateHz?: number;
  /** Longest real-time step a `free` clock takes in one frame (s): a hidden tab does not jump. */
  readonly maxStep?: number;
  /** Most ticks delivered in one frame; past that the clock re-anchors and skips. */
  readonly maxCatchUp?: number;
  readonly source?: TimeSource;
}

/** Defaults of {@link ClockOptions}. */
const CLOCK_DEFAULTS = {
  speed: 1,
  loop: true,
  rateHz: 20,
  maxStep: 0.25,
  maxCatchUp: 20,
} as const;

/** A clock that plays, pauses, seeks and reports its time (seconds). */
export class PlaybackClock {
  /** The time changed (seek or playback); the new time (s). */
  readonly changed = new Signal<number>();
  /** Playback started (true) or stopped (false). */
  readonly playingChanged = new Signal<boolean>();
  /** `ticks` mode: a tick happened; its index counted from `start` (0-based). */
  readonly ticked = new Signal<number>();
  readonly mode: ClockMode;
  readonly start: number;
  readonly end: number;
  readonly rateHz: number;
  speed: number;
  loop: boolean;
  /**
   * `free` mode: the latest time playback may reach now (s), asked once per
   * animation frame; `Infinity` lets it wrap past `end`. A mesh view not yet
   * holding the next frame's data sets it (decision 351): the clock waits on
   * the last frame it can show rather than running ahead of the pictures.
   */
  hold: (() => number) | null = null;
  private current: number;
  private running = false;
  private cancel: (() => void) | null = null;
  private lastMs = 0;
  private anchorMs = 0;
  private anchorTime = 0;
  private ticksSinceAnchor = 0;
  private readonly source: TimeSource;
  private readonly maxStep: number;
  private readonly maxCatchUp: number;

  constructor(options: ClockOptions) {
    this.mode = options.mode;
    this.start = options.start;
    this.end = Math.max(options.start, options.end);
    this.speed = options.speed ?? CLOCK_DEFAULTS.speed;
    this.loop = options.loop ?? CLOCK_DEFAULTS.loop;
    this.rateHz = options.rateHz ?? CLOCK_DEFAULTS.rateHz;
    this.maxStep = options.maxStep ?? CLOCK_DEFAULTS.maxStep;
    this.maxCatchUp = options.maxCatchUp ?? CLOCK_DEFAULTS.maxCatchUp;
    this.source = options.source ?? ANIMATION_FRAMES;
    this.current = this.start;
  }

  /** The current time (s). */
  get time(): number {
    return this.current;
  }

  /** Whether the clock is playing. */
  get playing(): boolean {
    return this.running;
  }

  /** Length of one tick (s) in `ticks` mode. */
  get period(): number {
    return 1 / this.rateHz;
  }

  /** Starts playback (from `start` when a clock without loop stands at its end). */
  play(): void {
    if (this.running) return;
    if (!this.loop && this.current >= this.end && Number.isFinite(this.end)) this.seek(this.start);
    this.running = true;
    this.reanchor();
    this.schedule();
    this.playingChanged.dispatch(true);
  }

  /** Stops playback where it is. */
  pause(): void {
    if (!this.running) return;
    this.running = false;
    this.cancel?.();
    this.cancel = null;
    this.playingChanged.dispatch(false);
  }

  /** Plays when paused, pauses when playing. */
  toggle(): void {
    if (this.running) this.pause();
    else this.play();
  }

  /** Moves to `time` (s, clamped to start … end); `ticks` mode snaps to the tick grid. */
  seek(time: number): void {
    let t = Math.min(this.end, Math.max(this.start, Number.isFinite(time) ? time : this.start));
    if (this.mode === "ticks")
      t = this.start + Math.round((t - this.start) * this.rateHz) / this.rateHz;
    this.current = t;
    if (this.running) this.reanchor();
    this.changed.dispatch(t);
  }

  /** Stops and drops every listener. */
  dispose(): void {
    this.pause();
    this.changed.clear();
    this.playingChanged.clear();
    this.ticked.clear();
  }

  private reanchor(): void {
    this.lastMs = this.source.now();
    this.anchorMs = this.lastMs;
    this.anchorTime = this.current;
    this.ticksSinceAnchor = 0;
  }

  private schedule(): void {
    this.cancel = this.source.request(() => this.frame());
  }

  private frame(): void {
    this.cancel = null;
    if (!this.running) return;
    if (this.mode === "free") this.freeFrame();
    else this.tickFrame();
    if (this.running) this.schedule();
  }

  private freeFrame(): void {
    const now = this.source.now();
    const dt = Math.min(this.maxStep, Math.max(0, now - this.lastMs) / 1000);
    this.lastMs = now;
    let next = this.current + dt * this.speed;
    const cap = this.hold ? this.hold() : Number.POSITIVE_INFINITY;
    // Never backwards: a cap behind the time (a seek past it) holds where the clock is.
    if (next > cap) next = Math.max(this.current, cap);
    if (next > this.end) {
      const duration = this.end - this.start;
      if (!this.loop || !(duration > 0)) {
        this.current = this.end;
        this.changed.dispatch(this.end);
        this.pause();
        return;
      }
      // A held clock wraps onto the first frame exactly (the frame staged for the wrap).
      next = this.hold ? this.start : this.start + ((next - this.start) % duration);
    }
    this.current = next;
    this.changed.dispatch(next);
  }

  private tickFrame(): void {
    const now = this.source.now();
    const periodMs = 1000 / (this.rateHz * this.speed);
    const due = Math.floor((now - this.anchorMs) / periodMs + 1e-9);
    if (due <= this.ticksSinceAnchor) return;
    let delivered = 0;
    while (this.ticksSinceAnchor < due) {
      if (delivered === this.maxCatchUp) {
        // Too far behind (a hidden tab): skip the rest and tick on from now.
        this.anchorMs = now;
        this.anchorTime = this.current;
        this.ticksSinceAnchor = 0;
        break;
      }
      this.ticksSinceAnchor++;
      let t = this.anchorTime + this.ticksSinceAnchor / this.rateHz;
      if (t > this.end + 1e-9) {
        if (!this.loop) {
          this.pause();
          break;
        }
        t = this.start;
        this.anchorMs = this.anchorMs + this.ticksSinceAnchor * periodMs;
        this.anchorTime = t;
        this.ticksSinceAnchor = 0;
        this.current = t;
        this.ticked.dispatch(0);
        delivered++;
        break;
      }
      this.current = t;
      this.ticked.dispatch(Math.round((t - this.start) * this.rateHz));
      delivered++;
    }
    if (delivered > 0) this.changed.dispatch(this.current);
  }
}
