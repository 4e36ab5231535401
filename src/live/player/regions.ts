/**
 * Regions that act at once (docs/live-player.md, "Regions"). Each region of
 * a scene is a layer: its own player (its own story line, queue and
 * pre-emption state) over key frames made for it — each frame's picture
 * inside the region's mask over the zero frame's, its own control points
 * where the frame has them and every other point where the zero frame has
 * it — plus, optionally, the driven story whose share a signal holds. The
 * shown picture is the whole-face player's with each active layer's picture
 * blended in by its mask, in the scene's order: exactly the whole-face
 * picture outside every active mask, exactly the layer's where its mask is 1.
 */
import type { Engine, EngineFrame, Transition } from "../engine.js";
import type { RgbaImage } from "../image.js";
import type { Drive, KeyFrame, Mask, Point, Region, Scene } from "../scene/model.js";
import { blendInto, rasterMask } from "./mask.js";
import type { ExternalInput, PlayerState, RegionRecord, TickResult } from "./types.js";

/** What a layer uses of its own player (the player module's `Player`; no import, no cycle). */
export interface LayerPlayer {
  readonly scene: Scene;
  readonly periodMs: number;
  readonly state: PlayerState;
  readonly engineFrames: ReadonlyMap<string, EngineFrame>;
  tick(n: number, keepTime: boolean): TickResult;
  send(input: ExternalInput): void;
  reset(): void;
  setEngine(engine: Engine): void;
}

/** Makes a player of a scene without regions (the player module passes its constructor). */
export type MakePlayer = (scene: Scene, images: ReadonlyMap<string, RgbaImage>) => LayerPlayer;

/** Below this share a driven layer rests (shows nothing of its own). */
const REST = 1 / 512;

/** A story's share as its drive maps a signal's value: clamp((v − from) / (to − from), 0, 1). */
export function driveTarget(drive: Drive, value: number): number {
  return Math.min(1, Math.max(0, (value - drive.from) / (drive.to - drive.from)));
}

/** One smoothing step over `dtMs`: towards `target` with the attack (rising) or release time constant. */
export function driveStep(drive: Drive, share: number, target: number, dtMs: number): number {
  const tau = target > share ? drive.attackMs : drive.releaseMs;
  if (!(tau > 0)) return target;
  return share + (target - share) * (1 - Math.exp(-dtMs / tau));
}

/** Key frames for a region: pictures blended by its mask over the zero frame's, points outside it pinned. */
function regionFrames(
  scene: Scene,
  images: ReadonlyMap<string, RgbaImage>,
  points: ReadonlySet<string>,
  weights: Float32Array,
): { frames: KeyFrame[]; images: Map<string, RgbaImage> } {
  const zero = scene.frames.find((f) => f.name === scene.zeroFrame)!;
  const base = images.get(zero.name)!;
  const out = new Map<string, RgbaImage>();
  const frames = scene.frames.map((f) => {
    const data = new Uint8ClampedArray(base.data);
    blendInto(data, images.get(f.name)!.data, weights);
    out.set(f.name, { width: base.width, height: base.height, data });
    const moved = new Map<string, Point>();
    for (const [name, p] of f.points)
      moved.set(name, points.has(name) ? p : zero.points.get(name)!);
    return { ...f, points: moved };
  });
  return { frames, images: out };
}

/** The whole picture as a mask (a driven story of no region). */
function wholeMask(scene: Scene): Mask {
  const w = scene.width;
  const h = scene.height;
  const polygon = [
    { x: -1, y: -1 },
    { x: w, y: -1 },
    { x: w, y: h },
    { x: -1, y: h },
  ];
  return { polygon, feather: 0 };
}

/** Whether a scene needs layers: regions, a driven story or pins. */
export function hasLayers(scene: Scene): boolean {
  return (
    (scene.regions?.length ?? 0) > 0 ||
    (scene.pins?.length ?? 0) > 0 ||
    [...(scene.storyOptions?.values() ?? [])].some((o) => o.drive)
  );
}

/** The story options without drives (a layer's own player plays no driven story). */
function undriven(scene: Scene): Scene["storyOptions"] {
  if (!scene.storyOptions) return undefined;
  return new Map([...scene.storyOptions].map(([k, { drive: _, ...o }]) => [k, o]));
}

/** The rules of the stories of `region` (undefined: the whole face's). */
export function rulesOf(scene: Scene, region: string | undefined): Scene["rules"] {
  return scene.rules.filter((r) => scene.storyOptions?.get(r.story)?.region === region);
}

/** What a layer shows at one tick, when it is active. */
interface Shown {
  readonly image: RgbaImage;
  readonly points: Float64Array;
  readonly record: RegionRecord;
}

/** One region: its player and its driven story; see the module comment. */
class Layer {
  readonly weights: Float32Array;
  /** Indices (into the scene's point names) of the points this layer moves. */
  readonly moves: number[];
  private readonly player: LayerPlayer;
  private readonly drive: { story: string; frame: string; drive: Drive } | undefined;
  private share = 0;
  private lastTick = -1;
  private transition: Transition | undefined;
  private zero: EngineFrame | undefined;
  private target: EngineFrame | undefined;

  constructor(
    scene: Scene,
    images: ReadonlyMap<string, RgbaImage>,
    region: Region,
    make: MakePlayer,
    private engine: Engine,
    names: readonly string[],
  ) {
    this.weights = rasterMask(region.mask, scene.width, scene.height);
    const points = new Set(region.points);
    this.moves = names.flatMap((n, i) => (points.has(n) ? [i] : []));
    const made = regionFrames(scene, images, points, this.weights);
    const own = region.name === "" ? undefined : region.name;
    const { regions: _r, pins: _p, ...rest } = scene;
    const options = undriven(scene);
    const sub: Scene = {
      ...rest,
      frames: made.frames,
      rules: rulesOf(scene, own),
      ...(options ? { storyOptions: options } : {}),
    };
    this.player = make(sub, made.images);
    for (const [story, o] of scene.storyOptions ?? [])
      if (o.drive && o.region === own)
        this.drive = { story, frame: scene.stories.get(story)![0]!, drive: o.drive };
  }

  send(input: ExternalInput): void {
    this.player.send(input);
  }

  reset(): void {
    this.player.reset();
    this.share = 0;
    this.lastTick = -1;
  }

  setEngine(engine: Engine): void {
    this.engine = engine;
    this.player.setEngine(engine);
    this.transition = undefined;
  }

  /** Plays tick n; returns what the layer shows (undefined: it rests), with the rules fired in it. */
  tick(n: number, keepTime: boolean): { shown: Shown | undefined; result: TickResult } {
    const result = this.player.tick(n, keepTime);
    const dt = (n - this.lastTick) * this.player.periodMs;
    this.lastTick = n;
    const r = result.record;
    const state = this.player.state;
    const busy = r.kind === "inbetween" || r.frame !== this.player.scene.zeroFrame;
    if (this.drive) {
      const target = driveTarget(this.drive.drive, state.signals.get(this.drive.drive.signal) ?? 0);
      this.share = driveStep(this.drive.drive, this.share, target, dt);
    }
    if (busy) return { shown: { image: result.image, points: result.points, record: r }, result };
    if (!this.drive || this.share < REST) return { shown: undefined, result };
    return { shown: this.driven(n, r.timeMs), result };
  }

  /** The driven story's picture at the current share (its key frame's own at 1). */
  private driven(n: number, timeMs: number): Shown {
    const d = this.drive!;
    const share = Math.min(1, this.share);
    const record: RegionRecord = { tick: n, timeMs, kind: "driven", story: d.story, share };
    const frames = this.player.engineFrames;
    this.zero ??= frames.get(this.player.scene.zeroFrame)!;
    this.target ??= frames.get(d.frame)!;
    if (share >= 1 - 1e-9) return { image: this.target.image, points: this.target.points, record };
    const params = this.player.scene.params;
    const steps =
      (this.player.scene.storyOptions?.get(d.story)?.inbetweens ?? params.inbetweens) + 1;
    this.transition ??= this.engine.begin(this.zero, this.target, {
      ...params,
      classicReading: "fraction",
      inbetweens: steps - 1,
    });
    const counter = Math.min(steps - 1, Math.max(1, Math.round((1 - share) * steps)));
    const made = this.transition.next(counter, share);
    return { image: made.image, points: made.points, record };
  }
}

/** The regions of a scene as layers over the whole-face player; see the module comment. */
export class Layers {
  private readonly layers: { name: string; layer: Layer }[] = [];
  private readonly out: RgbaImage;
  private readonly points: Float64Array;
  /** Weights of the still pins less the free ones (undefined: no pins). */
  private readonly pins: Float32Array | undefined;

  constructor(
    scene: Scene,
    images: ReadonlyMap<string, RgbaImage>,
    make: MakePlayer,
    engine: Engine,
    names: readonly string[],
  ) {
    const regions = [...(scene.regions ?? [])];
    const wholeDriven = [...(scene.storyOptions ?? [])].some(([, o]) => o.drive && !o.region);
    if (wholeDriven) regions.push({ name: "", points: names, mask: wholeMask(scene) });
    for (const region of regions)
      this.layers.push({
        name: region.name,
        layer: new Layer(scene, images, region, make, engine, names),
      });
    this.out = {
      width: scene.width,
      height: scene.height,
      data: new Uint8ClampedArray(scene.width * scene.height * 4),
    };
    this.points = new Float64Array(names.length * 2);
    this.pins = pinWeights(scene);
  }

  /** Whether the scene has any layer (else the player is the seed's alone). */
  get size(): number {
    return this.layers.length;
  }

  send(input: ExternalInput): void {
    for (const l of this.layers) l.layer.send(input);
  }

  reset(): void {
    for (const l of this.layers) l.layer.reset();
  }

  setEngine(engine: Engine): void {
    for (const l of this.layers) l.layer.setEngine(engine);
  }

  /** Plays tick n in every layer and composites them over the whole face's `base`. */
  tick(
    n: number,
    keepTime: boolean,
    base: TickResult,
    frames: ReadonlyMap<string, EngineFrame>,
  ): TickResult {
    const regions: Record<string, RegionRecord> = {};
    const fired = [...base.fired];
    const dropped = [...base.dropped];
    let image = base.image;
    let points = base.points;
    for (const { name, layer } of this.layers) {
      const { shown, result } = layer.tick(n, keepTime);
      fired.push(...result.fired);
      dropped.push(...result.dropped);
      if (!shown) continue;
      if (image === base.image) {
        this.out.data.set(base.image.data);
        this.points.set(base.points);
        image = this.out;
        points = this.points;
      }
      blendInto(this.out.data, shown.image.data, layer.weights);
      for (const i of layer.moves) {
        this.points[i * 2] = shown.points[i * 2]!;
        this.points[i * 2 + 1] = shown.points[i * 2 + 1]!;
      }
      regions[name] = shown.record;
    }
    if (this.pins) {
      // Still pins: K's pixels, K the key frame shown or the one the in-between comes from.
      const r = base.record;
      const k = frames.get(r.kind === "key" ? r.frame : r.from)!;
      if (image === base.image) this.out.data.set(base.image.data);
      image = this.out;
      blendInto(this.out.data, k.image.data, this.pins);
    }
    const active = Object.keys(regions).length > 0 ? { regions } : {};
    return { ...base, image, points, fired, dropped, ...active };
  }
}

/** The still pins' weights less the free pins' (a free area inside a still one moves). */
function pinWeights(scene: Scene): Float32Array | undefined {
  if (!scene.pins?.length) return undefined;
  const still = new Float32Array(scene.width * scene.height);
  const free = new Float32Array(scene.width * scene.height);
  for (const pin of scene.pins) {
    const w = rasterMask(pin.mask, scene.width, scene.height);
    const into = pin.kind === "still" ? still : free;
    for (let q = 0; q < w.length; q++) into[q] = Math.max(into[q]!, w[q]!);
  }
  for (let q = 0; q < still.length; q++) still[q] = still[q]! * (1 - free[q]!);
  return still;
}
