/**
 * The live player: the seed's steps 1–9 over a scene, and the situation
 * program (the scene's rules, then an optional hook). One call of
 * {@link Player.tick} is one tick: show the display buffer (step 3), run the
 * situation program, then prepare the next display buffer (steps 4–9, and the
 * engine's steps 10–24 for an in-between). Time is the tick's index: tick n
 * happens at n · 1000 / rateHz ms of the player's own clock, whatever the
 * caller's clock says; a runner (`run.ts`) maps a real or virtual clock onto
 * tick indices and counts dropped ticks.
 */
import { type Engine, type EngineFrame, engineFrame } from "../engine.js";
import type { RgbaImage } from "../image.js";
import type { Scene, StoryOptions } from "../scene/model.js";
import { DoubleBuffer } from "./double-buffer.js";
import { ease, isLinear } from "./easing.js";
import { InputQueue } from "./inputs.js";
import { hasLayers, Layers, rulesOf } from "./regions.js";
import { RuleBook, ruleLabel, triggerLabel } from "./rules.js";
import type { Buffer, Running } from "./running.js";
import { type Entry, StoryLine } from "./story-line.js";
import type {
  DeliveredEvent,
  DroppedTrigger,
  ExternalInput,
  PlayerState,
  SituationHook,
  TickRecord,
  TickResult,
} from "./types.js";

/** Options of {@link Player}. */
export interface PlayerOptions {
  /** The in-between engine (changeable later with {@link Player.setEngine}). */
  readonly engine: Engine;
  /** The programmatic half of the situation program, called each tick after the rules. */
  readonly hook?: SituationHook;
}

/** Plays a scene; see the module comment. */
export class Player {
  private readonly frames = new Map<string, EngineFrame>();
  private readonly names: readonly string[];
  private readonly rules: RuleBook;
  private readonly inputs = new InputQueue();
  private readonly signals = new Map<string, number>();
  private readonly buffers: DoubleBuffer;
  private engine: Engine;
  private hook: SituationHook | undefined;
  private storyLine = new StoryLine();
  private buffer: Buffer;
  private running: Running | undefined;
  /** The story of the key frame shown last (its options govern the way back to zero). */
  private lastStory: string | undefined;
  /** Set by a pre-emption: the abandoned key frame; the next transition starts from what is shown. */
  private retarget: string | undefined;
  private last = -1;
  private droppedTicks = 0;
  private lastEventMs = Number.NEGATIVE_INFINITY;
  private idleSinceMs: number | undefined;
  /** The regions, driven stories and pins (undefined: a scene with none plays as the seed's). */
  private readonly layers: Layers | undefined;

  /**
   * `images` holds every frame's picture by frame name, each of the scene's
   * size; the scene must be free of errors (`readScene`). Throws otherwise:
   * that is the caller's mistake, not the user's.
   */
  constructor(
    readonly scene: Scene,
    images: ReadonlyMap<string, RgbaImage>,
    options: PlayerOptions,
  ) {
    const first = scene.frames[0];
    if (!first) throw new Error("the scene has no frames");
    this.names = [...first.points.keys()];
    for (const f of scene.frames) {
      const image = images.get(f.name);
      if (!image) throw new Error(`no picture for frame ${f.name}`);
      if (image.width !== scene.width || image.height !== scene.height)
        throw new Error(`the picture of frame ${f.name} is not ${scene.width}×${scene.height}`);
      this.frames.set(f.name, engineFrame(image, this.names, f.points, f.cuts));
    }
    if (!this.frames.has(scene.zeroFrame)) throw new Error(`no zero frame ${scene.zeroFrame}`);
    const layered = hasLayers(scene);
    this.rules = new RuleBook(layered ? rulesOf(scene, undefined) : scene.rules);
    this.engine = options.engine;
    if (layered) {
      const make = (s: Scene, im: ReadonlyMap<string, RgbaImage>) =>
        new Player(s, im, { engine: this.engine });
      this.layers = new Layers(scene, images, make, this.engine, this.names);
    }
    this.hook = options.hook;
    this.buffers = new DoubleBuffer(scene.width, scene.height, this.names.length);
    this.buffer = { kind: "key", frame: scene.zeroFrame }; // step 1
  }

  /** Length of one tick (ms). */
  get periodMs(): number {
    return 1000 / this.scene.params.rateHz;
  }

  /** The engine in use; a change applies from the next transition. */
  get engineName(): Engine["name"] {
    return this.engine.name;
  }

  /** Uses `engine` from the next transition on. */
  setEngine(engine: Engine): void {
    this.engine = engine;
    this.layers?.setEngine(engine);
  }

  /** The key frames as the engine sees them, by name. */
  get engineFrames(): ReadonlyMap<string, EngineFrame> {
    return this.frames;
  }

  /** Replaces the programmatic hook (undefined: rules only). */
  setHook(hook: SituationHook | undefined): void {
    this.hook = hook;
  }

  /** Queues an external input; it is delivered at the first tick at or after `atMs`. */
  send(input: ExternalInput): void {
    this.inputs.push(input);
    this.layers?.send(input);
  }

  /** The player's state after the last tick. */
  get state(): PlayerState {
    return {
      tick: this.last,
      storyLine: this.storyLine.frames(),
      counter: this.running?.counter ?? 0,
      signals: new Map(this.signals),
      dropped: this.droppedTicks,
      pointNames: this.names,
    };
  }

  /** Back to step 1: the zero frame, no story, no inputs, no memory of rules; tick −1. */
  reset(): void {
    this.storyLine = new StoryLine();
    this.running = undefined;
    this.lastStory = undefined;
    this.retarget = undefined;
    this.buffer = { kind: "key", frame: this.scene.zeroFrame };
    this.inputs.clear();
    this.signals.clear();
    this.rules.reset();
    this.last = -1;
    this.droppedTicks = 0;
    this.lastEventMs = Number.NEGATIVE_INFINITY;
    this.idleSinceMs = undefined;
    this.layers?.reset();
  }

  /**
   * Tick `n` (default: the next one). Ticks between the last one and `n` are
   * counted as dropped. By default the frames are not skipped: the next one is
   * only shown later (the seed's step 2), so the story slows down. With
   * `keepTime` the ticks between are played but not shown (their in-betweens
   * are not made): tick `n` shows what it would have shown on time, and the
   * rules that fired in between are reported with it. `n` must be greater
   * than the last tick.
   */
  tick(n: number = this.last + 1, keepTime = false): TickResult {
    if (!Number.isInteger(n) || n <= this.last)
      throw new Error(`tick ${n} is not after ${this.last}`);
    if (this.layers) return this.layers.tick(n, keepTime, this.face(n, keepTime), this.frames);
    return this.face(n, keepTime);
  }

  /** Tick `n` of the whole face (the seed's player). */
  private face(n: number, keepTime: boolean): TickResult {
    this.droppedTicks += n - this.last - 1;
    if (!keepTime) return this.play(n, true);
    const fired: string[] = [];
    for (let k = this.last + 1; k < n; k++) fired.push(...this.play(k, k + 1 === n).fired);
    const r = this.play(n, true);
    return { ...r, fired: [...fired, ...r.fired] };
  }

  /** Plays tick `n`; `render`: whether the engine makes the in-between prepared for the next tick. */
  private play(n: number, render: boolean): TickResult {
    this.last = n;
    const timeMs = n * this.periodMs;
    // Step 3: show the display buffer.
    const shown = this.show(n, timeMs);
    // The situation program: inputs due, the rules, the hook.
    const events = this.inputs.take(timeMs, this.signals);
    if (events.length > 0) {
      this.lastEventMs = timeMs;
      this.idleSinceMs = undefined;
    }
    const { fired, dropped } = this.situation(n, timeMs, events);
    // Steps 4–24: prepare the next display buffer.
    this.prepare(render);
    return { ...shown, fired, dropped };
  }

  private show(n: number, timeMs: number): Omit<TickResult, "fired" | "dropped"> {
    const b = this.buffer;
    if (b.kind === "key") {
      const first = this.storyLine.entries[0];
      if (first?.frame === b.frame && this.running?.to === b.frame) {
        this.storyLine.entries.shift();
        this.lastStory = first.story;
      }
      this.running = undefined;
      const idle = b.frame === this.scene.zeroFrame && this.storyLine.length === 0;
      if (!idle) this.idleSinceMs = undefined;
      else if (this.idleSinceMs === undefined)
        this.idleSinceMs = Math.max(timeMs, this.lastEventMs);
      const frame = this.frames.get(b.frame)!;
      const record: TickRecord = { tick: n, timeMs, kind: "key", frame: b.frame };
      return { record, image: frame.image, points: frame.points, target: undefined };
    }
    this.idleSinceMs = undefined;
    const { image, points } = this.buffers.flip();
    const record: TickRecord = {
      tick: n,
      timeMs,
      kind: "inbetween",
      from: b.from,
      to: b.to,
      counter: b.counter,
      ...(b.preempted === undefined ? {} : { preempted: b.preempted }),
    };
    return { record, image, points, target: this.frames.get(b.to)!.points };
  }

  private situation(
    n: number,
    timeMs: number,
    events: readonly DeliveredEvent[],
  ): { fired: string[]; dropped: DroppedTrigger[] } {
    const fired: string[] = [];
    const dropped: DroppedTrigger[] = [];
    const triggered = this.rules.triggered({
      timeMs,
      events,
      signals: this.signals,
      idleSinceMs: this.idleSinceMs,
    });
    for (const i of triggered) {
      const rule = this.rules.rules[i]!;
      const story = this.scene.stories.get(rule.story);
      if (!story || story.length === 0 || !story.every((f) => this.frames.has(f))) continue;
      const placed = this.rules.cooling(i, timeMs)
        ? ({ placed: false, reason: "cooldown" } as const)
        : this.storyLine.place(
            {
              frames: story,
              story: rule.story,
              priority: rule.priority,
              policy: rule.queue ?? "wait",
            },
            this.buffer.kind === "key" ? this.buffer.frame : this.buffer.to,
            this.running !== undefined,
          );
      if (!placed.placed) {
        if (this.rules.refused(i))
          dropped.push({ trigger: triggerLabel(rule), story: rule.story, reason: placed.reason });
        continue;
      }
      if (placed.preempted !== undefined) this.preempt(placed.preempted);
      this.rules.fired(i, timeMs);
      this.idleSinceMs = undefined;
      fired.push(ruleLabel(rule));
    }
    if (this.hook) this.callHook(n, timeMs, events);
    return { fired, dropped };
  }

  /**
   * A story took over (decision 276): the next transition heads for it, from
   * the picture shown when that is an in-between (no pop), and its first
   * in-between records the key frame `abandoned`.
   */
  private preempt(abandoned: string): void {
    this.retarget = abandoned;
  }

  private callHook(n: number, timeMs: number, events: readonly DeliveredEvent[]): void {
    this.hook!({
      tick: n,
      timeMs,
      events,
      signals: this.signals,
      state: this.state,
      extend: (frames) => {
        if (!frames.every((f) => this.frames.has(f))) return false;
        this.storyLine.push(frames);
        if (frames.length > 0) this.idleSinceMs = undefined;
        return true;
      },
    });
  }

  private prepare(render: boolean): void {
    const b = this.buffer;
    if (b.kind === "key" || this.retarget !== undefined) {
      // Step 5: the story line exhausted → step 1 (or, beyond the seed, morph back).
      if (this.storyLine.length === 0) {
        const back =
          this.storyOptions(this.lastStory)?.returnToZero ?? this.scene.params.returnToZero;
        if (b.kind === "key" && (b.frame === this.scene.zeroFrame || back === "cut")) {
          this.buffer = { kind: "key", frame: this.scene.zeroFrame };
          return;
        }
        this.storyLine.push([this.scene.zeroFrame], this.lastStory);
      }
      this.begin(this.storyLine.entries[0]!);
    }
    const r = this.running!;
    r.counter--; // step 7
    if (r.counter === 0) {
      this.buffer = { kind: "key", frame: r.to }; // steps 8–9
      return;
    }
    // Steps 10–24 (the engine), then the in-between goes to the display buffer (unless dropped).
    if (render) {
      const share = (r.inbetweens + 1 - r.counter) / (r.inbetweens + 1);
      const made =
        r.easing === undefined
          ? r.transition.next(r.counter)
          : r.transition.next(r.counter, ease(r.easing, share));
      this.buffers.store(made.image, made.points);
    }
    this.buffer = {
      kind: "inbetween",
      from: r.from,
      to: r.to,
      counter: r.counter,
      preempted: r.preempted,
    };
    r.preempted = undefined;
  }

  private storyOptions(story: string | undefined): StoryOptions | undefined {
    return story === undefined ? undefined : this.scene.storyOptions?.get(story);
  }

  /**
   * Step 6: in-betweens between K (the key frame just shown, or the picture
   * shown when a story took over) and L; СПК := inbetweens + 1, the story's
   * or the scene's.
   */
  private begin(target: Entry): void {
    const b = this.buffer;
    const params = this.scene.params;
    const options = this.storyOptions(target.story);
    const inbetweens = options?.inbetweens ?? params.inbetweens;
    let from: EngineFrame;
    let fromName: string;
    if (b.kind === "key") {
      from = this.frames.get(b.frame)!;
      fromName = b.frame;
    } else {
      const k = this.frames.get(b.from)!;
      from = { ...k, ...this.buffers.copyShown() };
      fromName = b.from;
    }
    this.running = {
      from: fromName,
      to: target.frame,
      transition: this.engine.begin(from, this.frames.get(target.frame)!, {
        ...params,
        inbetweens,
      }),
      counter: inbetweens + 1,
      inbetweens,
      easing: isLinear(options?.easing) ? undefined : options?.easing,
      preempted: this.retarget,
    };
    this.retarget = undefined;
  }
}
