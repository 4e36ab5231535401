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
import { type Engine, type EngineFrame, engineFrame, type Transition } from "../engine.js";
import type { RgbaImage } from "../image.js";
import type { Scene } from "../scene/model.js";
import { InputQueue } from "./inputs.js";
import { RuleBook, ruleLabel } from "./rules.js";
import type {
  DeliveredEvent,
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

/** What the display buffer holds: a key frame, or an in-between prepared by the engine. */
type Buffer =
  | { readonly kind: "key"; readonly frame: string }
  | { readonly kind: "inbetween"; readonly from: string; readonly to: string; counter: number };

/** A running transition K → L. */
interface Running {
  readonly from: string;
  readonly to: string;
  readonly transition: Transition;
  counter: number;
}

/** Two picture buffers (shown / being prepared) of one size. */
class DoubleBuffer {
  private readonly images: [RgbaImage, RgbaImage];
  private readonly points: [Float64Array, Float64Array];
  private front = 0;

  constructor(width: number, height: number, pointCount: number) {
    const image = () => ({ width, height, data: new Uint8ClampedArray(width * height * 4) });
    this.images = [image(), image()];
    this.points = [new Float64Array(pointCount * 2), new Float64Array(pointCount * 2)];
  }

  /** Copies a prepared in-between into the back buffer. */
  store(image: RgbaImage, points: Float64Array): void {
    const back = 1 - this.front;
    this.images[back]!.data.set(image.data);
    this.points[back]!.set(points);
  }

  /** Makes the back buffer the shown one and returns it. */
  flip(): { image: RgbaImage; points: Float64Array } {
    this.front = 1 - this.front;
    return { image: this.images[this.front]!, points: this.points[this.front]! };
  }
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
  private storyLine: string[] = [];
  private buffer: Buffer;
  private running: Running | undefined;
  private last = -1;
  private droppedTicks = 0;
  private lastEventMs = Number.NEGATIVE_INFINITY;
  private idleSinceMs: number | undefined;

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
    this.rules = new RuleBook(scene.rules);
    this.engine = options.engine;
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
  }

  /** Replaces the programmatic hook (undefined: rules only). */
  setHook(hook: SituationHook | undefined): void {
    this.hook = hook;
  }

  /** Queues an external input; it is delivered at the first tick at or after `atMs`. */
  send(input: ExternalInput): void {
    this.inputs.push(input);
  }

  /** The player's state after the last tick. */
  get state(): PlayerState {
    return {
      tick: this.last,
      storyLine: [...this.storyLine],
      counter: this.running?.counter ?? 0,
      signals: new Map(this.signals),
      dropped: this.droppedTicks,
      pointNames: this.names,
    };
  }

  /** Back to step 1: the zero frame, no story, no inputs, no memory of rules; tick −1. */
  reset(): void {
    this.storyLine = [];
    this.running = undefined;
    this.buffer = { kind: "key", frame: this.scene.zeroFrame };
    this.inputs.clear();
    this.signals.clear();
    this.rules.reset();
    this.last = -1;
    this.droppedTicks = 0;
    this.lastEventMs = Number.NEGATIVE_INFINITY;
    this.idleSinceMs = undefined;
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
    const fired = this.situation(n, timeMs, events);
    // Steps 4–24: prepare the next display buffer.
    this.prepare(render);
    return { ...shown, fired };
  }

  private show(n: number, timeMs: number): Omit<TickResult, "fired"> {
    const b = this.buffer;
    if (b.kind === "key") {
      if (this.storyLine[0] === b.frame && this.running?.to === b.frame) this.storyLine.shift();
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
    };
    return { record, image, points, target: this.frames.get(b.to)!.points };
  }

  /** Whether a story may be appended now: nothing is queued after the current target L. */
  private mayAppend(): boolean {
    return this.storyLine.length <= (this.running ? 1 : 0);
  }

  private situation(n: number, timeMs: number, events: readonly DeliveredEvent[]): string[] {
    const fired: string[] = [];
    const triggered = this.rules.triggered({
      timeMs,
      events,
      signals: this.signals,
      idleSinceMs: this.idleSinceMs,
    });
    for (const i of triggered) {
      if (!this.mayAppend()) break;
      const rule = this.scene.rules[i]!;
      const story = this.scene.stories.get(rule.story);
      if (!story || story.length === 0 || !story.every((f) => this.frames.has(f))) continue;
      this.storyLine.push(...story);
      this.rules.fired(i, timeMs);
      this.idleSinceMs = undefined;
      fired.push(ruleLabel(rule));
    }
    if (this.hook) {
      this.hook({
        tick: n,
        timeMs,
        events,
        signals: this.signals,
        state: this.state,
        extend: (frames) => {
          if (!frames.every((f) => this.frames.has(f))) return false;
          this.storyLine.push(...frames);
          if (frames.length > 0) this.idleSinceMs = undefined;
          return true;
        },
      });
    }
    return fired;
  }

  private prepare(render: boolean): void {
    const b = this.buffer;
    if (b.kind === "key") {
      // Step 5: the story line exhausted → step 1 (or, beyond the seed, morph back).
      if (this.storyLine.length === 0) {
        if (b.frame === this.scene.zeroFrame || this.scene.params.returnToZero === "cut") {
          this.buffer = { kind: "key", frame: this.scene.zeroFrame };
          return;
        }
        this.storyLine.push(this.scene.zeroFrame);
      }
      // Step 6: in-betweens between K (just shown) and L; СПК := inbetweens + 1.
      const to = this.storyLine[0]!;
      const params = this.scene.params;
      this.running = {
        from: b.frame,
        to,
        transition: this.engine.begin(this.frames.get(b.frame)!, this.frames.get(to)!, params),
        counter: params.inbetweens + 1,
      };
    }
    const r = this.running!;
    r.counter--; // step 7
    if (r.counter === 0) {
      this.buffer = { kind: "key", frame: r.to }; // steps 8–9
      return;
    }
    // Steps 10–24 (the engine), then the in-between goes to the display buffer (unless dropped).
    if (render) {
      const made = r.transition.next(r.counter);
      this.buffers.store(made.image, made.points);
    }
    this.buffer = { kind: "inbetween", from: r.from, to: r.to, counter: r.counter };
  }
}
