/**
 * The state of the Live workspace that its panels share: the scene, the
 * player on the shared {@link PlaybackClock} in `ticks` mode, the last tick
 * shown, the ring of shown frames for the GIF export, and a key frame picked
 * for editing. No DOM here (the clock's time source is injected), so it is
 * unit-tested in Node.
 *
 * When the clock delivers several ticks in one animation frame (the page was
 * busy), the player is asked for the latest tick only: by default it shows
 * the next frame of its sequence and counts the ticks in between as dropped —
 * frames are not skipped to catch up (the seed's step 2); with `keepTime` on
 * it plays the ticks in between without showing them (dropped frames), so
 * the story keeps its wall-clock timing.
 */

import {
  type ClassicReading,
  DEFAULT_PARAMS,
  type Engine,
  type EngineName,
  type KeyFrame,
  type RgbaImage,
  type Scene,
  type TickResult,
} from "../../../src/live/index.js";
import { PlaybackClock, type TimeSource } from "../shell/clock.js";
import { Signal } from "../shell/signal.js";
import { engineNamed, Player } from "./backend.js";
import { FrameRing } from "./frame-ring.js";
import { type LostTriggers, noteLost } from "./lost.js";
import { type FitRunner, fitting } from "./off-thread-fit.js";

/** A scene read from the project, with its pictures by frame name. */
export interface LoadedScene {
  /** Project path of the scene file. */
  readonly path: string;
  /** The file's text as read (edits change it). */
  readonly text: string;
  readonly scene: Scene;
  readonly images: ReadonlyMap<string, RgbaImage>;
}

/** What the stage draws: a picture, its control points and cuts. */
export interface View {
  readonly image: RgbaImage;
  /** Control-point names, parallel to `points`. */
  readonly names: readonly string[];
  /** x0, y0, x1, y1, … in picture pixels. */
  readonly points: Float64Array;
  /** For an in-between: L's positions (the discs' other end). */
  readonly target: Float64Array | undefined;
  /** Cuts as index polylines into `names`. */
  readonly cuts: readonly (readonly number[])[];
  /** Whether the classic engine is in use (its discs may be drawn). */
  readonly classic: boolean;
  /** Where its discs are centred when not at `points`: K's points in the fraction reading. */
  readonly discCentres?: Float64Array | undefined;
  /** The key frame whose points may be dragged, when the view is editable. */
  readonly editable: string | undefined;
  /** The scene's regions: their masks' polygons, and whether each plays at this tick. */
  readonly regions?: readonly RegionOutline[];
}

/** A region as the overlay draws it. */
export interface RegionOutline {
  readonly name: string;
  readonly polygon: readonly { readonly x: number; readonly y: number }[];
  readonly active: boolean;
}

/** The last rules fired, and when. */
export interface Fired {
  readonly tick: number;
  readonly rules: readonly string[];
}

/** See the module comment. */
export class LiveSession {
  readonly clock: PlaybackClock;
  readonly ring = new FrameRing();
  /** A new tick was shown (or the picked key frame changed): redraw. */
  readonly shown = new Signal<void>();
  /** Playing, engine or picked frame changed. */
  readonly changed = new Signal<void>();
  /** Each tick the player played and showed, before {@link shown} (the player element's events). */
  readonly ticked = new Signal<TickResult>();
  private player!: Player;
  private loadedScene: LoadedScene;
  private lastResult: TickResult | undefined;
  private lastFired: Fired | undefined;
  private lostTriggers: LostTriggers = { dropped: 0, preempted: 0, recent: [] };
  private picked: string | undefined;
  private engineName: EngineName;
  private pending: number | undefined;
  private keep = false;
  private reading: ClassicReading;
  private readonly off: (() => void)[] = [];

  constructor(
    loaded: LoadedScene,
    source?: TimeSource,
    /** The engines by name (default: the engine list of `src/live`, registered ones included). */
    private readonly engines?: Readonly<Record<EngineName, Engine>>,
    /** Where the improved engine's first fits run (default: on this thread, in `begin`). */
    private readonly fits?: FitRunner,
  ) {
    this.loadedScene = loaded;
    this.engineName = loaded.scene.params.engine;
    this.reading = loaded.scene.params.classicReading;
    this.clock = new PlaybackClock({
      mode: "ticks",
      start: 0,
      end: Number.POSITIVE_INFINITY,
      loop: false,
      rateHz: loaded.scene.params.rateHz,
      ...(source ? { source } : {}),
    });
    this.off.push(
      this.clock.ticked.add((n) => {
        this.pending = n;
      }),
      this.clock.changed.add(() => {
        const n = this.pending;
        this.pending = undefined;
        if (n !== undefined) this.advance(n);
      }),
      this.clock.playingChanged.add(() => this.changed.dispatch()),
    );
    this.start();
  }

  /** The scene being played. */
  get loaded(): LoadedScene {
    return this.loadedScene;
  }

  get scene(): Scene {
    return this.loadedScene.scene;
  }

  /** The last tick shown. */
  get result(): TickResult | undefined {
    return this.lastResult;
  }

  /** The player's state (story line, СПК, dropped ticks, …). */
  get state() {
    return this.player.state;
  }

  get fired(): Fired | undefined {
    return this.lastFired;
  }

  /** Dropped triggers and pre-empted transitions since the start (nothing is dropped silently). */
  get lost(): LostTriggers {
    return this.lostTriggers;
  }

  get engine(): EngineName {
    return this.engineName;
  }

  /** Whether frames are dropped to keep the story's timing (else ticks wait). */
  get keepTime(): boolean {
    return this.keep;
  }

  /** Drops frames to keep time (true), or lets ticks wait (false, the default). */
  setKeepTime(on: boolean): void {
    this.keep = on;
    this.changed.dispatch();
  }

  /** How the classic engine reads the seed's step 14 (the scene's, until changed). */
  get classicReading(): ClassicReading {
    return this.reading;
  }

  /** Uses `reading` for the classic engine from the next transition on. */
  setClassicReading(reading: ClassicReading): void {
    this.reading = reading;
    this.changed.dispatch();
  }

  get playing(): boolean {
    return this.clock.playing;
  }

  /** The key frame picked for editing (shown instead of the player's picture), if any. */
  get pickedFrame(): string | undefined {
    return this.picked;
  }

  /** Time of the last tick shown (ms); inputs sent now are stamped with it. */
  get nowMs(): number {
    return Math.max(0, this.player.state.tick) * (1000 / this.scene.params.rateHz);
  }

  /** Event names the scene's rules react to, in file order. */
  get events(): string[] {
    const out: string[] = [];
    for (const r of this.scene.rules)
      if (r.trigger.kind === "event" && !out.includes(r.trigger.event)) out.push(r.trigger.event);
    return out;
  }

  play(): void {
    this.pick(undefined);
    this.clock.seek(this.nowMs / 1000);
    this.clock.play();
  }

  pause(): void {
    this.clock.pause();
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  /** Pauses and shows the next tick. */
  step(): void {
    this.pause();
    this.picked = undefined;
    this.advance(this.player.state.tick + 1);
    this.clock.seek(this.nowMs / 1000);
    this.changed.dispatch();
  }

  /** Back to tick 0: the zero frame, no story, nothing recorded (keeps playing if it was). */
  reset(): void {
    this.player.reset();
    this.ring.clear();
    this.lastFired = undefined;
    this.lostTriggers = { dropped: 0, preempted: 0, recent: [] };
    this.picked = undefined;
    this.advance(0);
    this.clock.seek(0);
    this.changed.dispatch();
  }

  /** Sends event `name` stamped at the current tick (delivered at the next one). */
  sendEvent(name: string): void {
    this.player.send({ atMs: this.nowMs, event: name });
  }

  /** Sends a signal value stamped at the current tick. */
  sendSignal(name: string, value: number): void {
    this.player.send({ atMs: this.nowMs, signal: name, value });
  }

  /** Whether engine `name` is available. */
  hasEngine(name: EngineName): boolean {
    return this.engineOf(name) !== undefined;
  }

  /** Uses engine `name` from the next transition on; false when there is no such engine. */
  setEngine(name: EngineName): boolean {
    const engine = this.engineOf(name);
    if (engine) {
      this.engineName = name;
      this.player.setEngine(engine);
    }
    this.changed.dispatch();
    return engine !== undefined;
  }

  /** Shows key frame `name` for editing (pauses), or the player's picture again (undefined). */
  pick(name: string | undefined): void {
    if (name !== undefined && !this.frame(name)) return;
    if (name !== undefined) this.pause();
    if (this.picked === name) return;
    this.picked = name;
    this.changed.dispatch();
    this.shown.dispatch();
  }

  /** A key frame of the scene by name. */
  frame(name: string): KeyFrame | undefined {
    return this.scene.frames.find((f) => f.name === name);
  }

  /** What the stage draws now; undefined before the first tick. */
  view(): View | undefined {
    const names = this.player.state.pointNames;
    const classic = this.engineName === "classic";
    if (this.picked !== undefined) {
      const f = this.frame(this.picked)!;
      return {
        ...this.keyView(f, names),
        classic,
        image: this.loadedScene.images.get(f.name)!,
        editable: f.name,
      };
    }
    const r = this.lastResult;
    if (!r) return undefined;
    const from = r.record.kind === "key" ? r.record.frame : r.record.from;
    const f = this.frame(from);
    const editable = r.record.kind === "key" && !this.playing ? r.record.frame : undefined;
    return {
      image: r.image,
      names,
      points: r.points,
      target: r.target,
      cuts: f ? cutIndices(f, names) : [],
      editable,
      classic,
      regions: (this.scene.regions ?? []).map((g) => ({
        name: g.name,
        polygon: g.mask.polygon,
        active: r.regions?.[g.name] !== undefined,
      })),
      discCentres:
        classic && this.reading === "fraction" && r.record.kind === "inbetween" && f
          ? this.keyView(f, names).points
          : undefined,
    };
  }

  /**
   * Plays an edited scene (same pictures, new points): a new player at tick
   * 0 with the same engine, paused, still showing the picked frame.
   */
  replace(loaded: LoadedScene): void {
    const size = (s: Scene) => `${s.width}x${s.height}`;
    if (size(loaded.scene) !== size(this.scene)) this.ring.clear();
    this.loadedScene = loaded;
    this.pause();
    this.start();
    this.clock.seek(0);
    this.changed.dispatch();
  }

  /** Stops the clock and drops listeners. */
  dispose(): void {
    for (const f of this.off) f();
    this.clock.dispose();
    this.shown.clear();
    this.changed.clear();
    this.ticked.clear();
  }

  private start(): void {
    const { scene, images } = this.loadedScene;
    if (!this.hasEngine(this.engineName)) this.engineName = DEFAULT_PARAMS.engine;
    const engine = this.engineOf(this.engineName);
    if (!engine) throw new Error(`no ${this.engineName} engine`);
    this.player = new Player(scene, images, { engine });
    this.lastFired = undefined;
    this.lostTriggers = { dropped: 0, preempted: 0, recent: [] };
    this.advance(0);
  }

  /** Engine `name`; the classic one begins its transitions with the session's reading. */
  private engineOf(name: EngineName): Engine | undefined {
    const own = this.engines;
    const found = own ? (Object.hasOwn(own, name) ? own[name] : undefined) : engineNamed(name);
    const engine = fitting(name, found, this.fits, () => this.engineOf("classic"));
    if (!engine || name !== "classic") return engine;
    return {
      name,
      begin: (k, l, params) => engine.begin(k, l, { ...params, classicReading: this.reading }),
    };
  }

  private keyView(
    f: KeyFrame,
    names: readonly string[],
  ): Omit<View, "image" | "editable" | "classic"> {
    const points = new Float64Array(names.length * 2);
    names.forEach((n, i) => {
      const p = f.points.get(n);
      points[i * 2] = p?.x ?? Number.NaN;
      points[i * 2 + 1] = p?.y ?? Number.NaN;
    });
    return { names, points, target: undefined, cuts: cutIndices(f, names) };
  }

  /** Shows tick `n` (ticks between the last one and `n` are counted dropped by the player). */
  private advance(n: number): void {
    if (n <= this.player.state.tick) return;
    const r = this.player.tick(n, this.keep);
    this.lastResult = r;
    this.ring.push(r.image, r.record.kind === "key");
    if (r.fired.length > 0) this.lastFired = { tick: r.record.tick, rules: r.fired };
    this.lostTriggers = noteLost(this.lostTriggers, r);
    if (this.picked !== undefined && this.playing) this.picked = undefined;
    this.ticked.dispatch(r);
    this.shown.dispatch();
  }
}

/** Cuts of frame `f` as index polylines into `names`. */
function cutIndices(f: KeyFrame, names: readonly string[]): number[][] {
  return f.cuts.map((c) => c.points.map((p) => names.indexOf(p)).filter((i) => i >= 0));
}
