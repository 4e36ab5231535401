/** Issue 20: per-story transitions, easing, queue policies, pre-emption, dropped triggers, a randomised idle. */
import { describe, expect, it } from "vitest";
import { CLASSIC_ENGINE } from "../../src/live/classic/index.js";
import type { Engine, EngineFrame } from "../../src/live/engine.js";
import { createImage } from "../../src/live/image.js";
import { IMPROVED_ENGINE } from "../../src/live/improved/index.js";
import { ease } from "../../src/live/player/easing.js";
import type { DroppedTrigger, ExternalInput, TickRecord } from "../../src/live/player/index.js";
import { Player, runPlayer, VirtualClock } from "../../src/live/player/index.js";
import type { Rule, Scene, StoryOptions } from "../../src/live/scene/model.js";
import { COUNTER_ENGINE, on, testImages, testScene } from "./player-fixtures.js";

interface Begin {
  grey: number;
  x: number;
  to: number;
  inbetweens: number;
  fractions: (number | undefined)[];
}

/** COUNTER_ENGINE, noting each transition's K (grey, point x), L's grey, its in-betweens and the fractions passed. */
function spy(begins: Begin[]): Engine {
  return {
    name: "classic",
    begin(k, l, params) {
      const b: Begin = {
        grey: k.image.data[0]!,
        x: k.points[0]!,
        to: l.image.data[0]!,
        inbetweens: params.inbetweens,
        fractions: [],
      };
      begins.push(b);
      const t = COUNTER_ENGINE.begin(k, l, params);
      return {
        next(counter, fraction) {
          b.fractions.push(fraction);
          return t.next(counter);
        },
      };
    },
  };
}

type Options = Record<string, StoryOptions>;

async function play(
  rules: Rule[],
  inputs: ExternalInput[],
  ticks: number,
  options: Options = {},
  params = {},
) {
  const base = testScene(rules, params);
  const scene: Scene = {
    ...base,
    stories: new Map([...base.stories, ["smileBlink", ["smile", "blink"]]]),
    storyOptions: new Map(Object.entries(options)),
  };
  const begins: Begin[] = [];
  const player = new Player(scene, testImages(), { engine: spy(begins) });
  for (const i of inputs) player.send(i);
  const records: TickRecord[] = [];
  const points: number[] = [];
  const fired: string[][] = [];
  const dropped: (DroppedTrigger & { tick: number })[] = [];
  await runPlayer(player, new VirtualClock(), {
    ticks,
    onTick: (r) => {
      records.push(r.record);
      points.push(r.points[0]!);
      fired.push([...r.fired]);
      for (const d of r.dropped) dropped.push({ tick: r.record.tick, ...d });
    },
  });
  return { records, points, fired, dropped, begins };
}

function short(r: TickRecord): string {
  if (r.kind === "key") return `K:${r.frame}`;
  return `I:${r.from}>${r.to}:${r.counter}${r.preempted ? `!${r.preempted}` : ""}`;
}

const keys = (frame: string, n: number) => Array.from({ length: n }, () => `K:${frame}`);
/** `n` in-betweens from → to of a transition of `count`: СПК count, count − 1, … */
const ibs = (from: string, to: string, count = 19, n = count) =>
  Array.from({ length: n }, (_, i) => `I:${from}>${to}:${count - i}`);
const firedAt = (fired: string[][]) => fired.flatMap((f, i) => (f.length ? [i] : []));
const greet = (atMs: number): ExternalInput => ({ atMs, event: "greet" });

describe("per-story in-betweens, duration and easing", () => {
  // decision 275
  it("a story of 3 in-betweens plays 3, and morphs back with its own 3", async () => {
    const { records, begins } = await play([on("greet", "blink")], [greet(0)], 10, {
      blink: { inbetweens: 3, returnToZero: "morph" },
    });
    expect(records.map(short)).toEqual([
      "K:neutral",
      ...ibs("neutral", "blink", 3),
      "K:blink",
      ...ibs("blink", "neutral", 3),
      "K:neutral",
      "K:neutral",
    ]);
    expect(begins.map((b) => b.inbetweens)).toEqual([3, 3]);
    // Linear: no fraction is passed, the engine reads its counter as the seed's.
    expect(begins[0]!.fractions).toEqual([undefined, undefined, undefined]);
  });

  it("a story without options keeps the scene's 19 in-betweens next to one with 3", async () => {
    const { records } = await play(
      [on("greet", "smile"), on("wink", "blink")],
      [greet(0), { atMs: 1100, event: "wink" }],
      30,
      { blink: { inbetweens: 3 } },
    );
    expect(records.map(short)).toEqual([
      "K:neutral",
      ...ibs("neutral", "smile"),
      "K:smile",
      "K:neutral",
      "K:neutral",
      ...ibs("neutral", "blink", 3),
      "K:blink",
      ...keys("neutral", 3),
    ]);
  });

  it("easing: the engine gets the eased share of the way at each in-between", async () => {
    const { begins } = await play([on("greet", "smile")], [greet(0)], 6, {
      smile: { inbetweens: 3, easing: "ease-in" },
    });
    const f = begins[0]!.fractions as number[];
    expect(f).toEqual([0.25, 0.5, 0.75].map((x) => ease("ease-in", x)));
    expect(f[0]!).toBeLessThan(0.25);
    expect(f[0]!).toBeLessThan(f[1]!);
    expect(f[1]!).toBeLessThan(f[2]!);
  });

  it("the curves: CSS's named Béziers, ends fixed, ease-in-out symmetric, a straight Bézier linear", () => {
    for (const e of ["linear", "ease-in", "ease-out", "ease-in-out"] as const) {
      expect([ease(e, 0), ease(e, 1)]).toEqual([0, 1]);
    }
    expect(ease("linear", 0.3)).toBe(0.3);
    expect(ease("ease-in-out", 0.5)).toBeCloseTo(0.5, 12);
    expect(ease("ease-in", 0.5)).toBeCloseTo(0.3153, 3);
    expect(ease("ease-out", 0.5)).toBeCloseTo(1 - 0.3153, 3);
    expect(ease([0.25, 0.25, 0.75, 0.75], 0.4)).toBe(0.4);
    expect(ease([0.5, 2, 0.5, 2], 0.5)).toBe(1); // a y beyond 1 is clamped
  });

  // decision 280
  it("both engines put every control point at K + fraction · (L − K) when given a fraction", () => {
    const frame = (x: number): EngineFrame => ({
      image: createImage(64, 16),
      names: ["p"],
      points: Float64Array.of(x, 8),
      cuts: [],
    });
    const params = { inbetweens: 3, radiusCorrection: 8, cutBand: 3 };
    const shares = [0.1, 0.5, 0.95];
    for (const engine of [CLASSIC_ENGINE, IMPROVED_ENGINE]) {
      const t = engine.begin(frame(5), frame(45), params);
      const xs = shares.map((f, i) => t.next(3 - i, f).points[0]!);
      expect(xs.map((x) => Math.round(x * 1e6) / 1e6)).toEqual([9, 25, 43]);
    }
  });
});

describe("pre-emption, queue policies, coalescing, held signals, dropped triggers", () => {
  const wow: Rule = { ...on("wow", "surprise", 5), queue: "replace" };

  // decision 276
  it("a higher-priority replace rule retargets the running greet from the in-between shown", async () => {
    const { records, points, begins, fired } = await play(
      [on("greet", "smile"), wow],
      [greet(120), { atMs: 500, event: "wow" }],
      33,
    );
    expect(records.map(short)).toEqual([
      ...keys("neutral", 4),
      ...ibs("neutral", "smile", 19, 7), // ticks 4–10: СПК 19 … 13
      "I:neutral>surprise:19!smile",
      ...ibs("neutral", "surprise", 19).slice(1),
      "K:surprise",
      "K:neutral",
      "K:neutral",
    ]);
    expect(fired[10]).toEqual(["wow → surprise"]);
    // The new transition starts from the picture shown at tick 10 (the in-between of СПК 13).
    expect(begins[1]).toMatchObject({ grey: 13, x: 7 / 20, to: 30 });
    // No pop: the first new in-between is 1/20 of the way on from there.
    expect(points[10]).toBeCloseTo(7 / 20, 12);
    expect(points[11]).toBeCloseTo(7 / 20 + (2 - 7 / 20) / 20, 12);
  });

  it("taking over on a key frame: the queued rest is replaced, the frame shown is not repeated", async () => {
    const up: Rule = { ...on("up", "smileBlink", 5), queue: "replace" };
    const { records } = await play(
      [on("go", "chain"), up],
      [
        { atMs: 0, event: "go" },
        { atMs: 1000, event: "up" },
      ],
      42,
    );
    // go: smile at tick 20 (1000 ms), where up takes over: surprise and blink are replaced by blink.
    expect(records.map(short).slice(19)).toEqual([
      "I:neutral>smile:1",
      "K:smile",
      "I:smile>blink:19!surprise",
      ...ibs("smile", "blink").slice(1),
      "K:blink",
      "K:neutral",
    ]);
  });

  it("a replace rule of no higher priority waits as the default does", async () => {
    const low: Rule = { ...on("wow", "surprise", 0), queue: "replace" };
    const { records } = await play(
      [on("greet", "smile", 1), low],
      [greet(120), { atMs: 500, event: "wow" }],
      26,
    );
    expect(records.map(short).slice(22, 25)).toEqual([
      "I:neutral>smile:1",
      "K:smile",
      "I:smile>surprise:19",
    ]);
  });

  it("enqueue appends behind what waits; drop plays only when nothing plays; wait drops when L has a follower", async () => {
    const rules = (queue: Rule["queue"]): Rule[] => [
      on("go", "chain"),
      { ...on("wow", "surprise"), ...(queue ? { queue } : {}) },
    ];
    const inputs: ExternalInput[] = [
      { atMs: 0, event: "go" },
      { atMs: 100, event: "wow" },
    ];
    const enq = await play(rules("enqueue"), inputs, 82);
    expect(enq.records.map(short).slice(60, 82)).toEqual([
      "K:blink",
      ...ibs("blink", "surprise"),
      "K:surprise",
      "K:neutral",
    ]);
    for (const queue of ["drop", undefined] as const) {
      const r = await play(rules(queue), inputs, 62);
      expect(r.records.map(short)[61]).toBe("K:neutral");
      expect(r.dropped).toEqual([{ tick: 2, trigger: "wow", story: "surprise", reason: "busy" }]);
    }
  });

  // decision 276
  it("a second greet is coalesced: no smile → smile freeze, recorded as 'same'", async () => {
    const { records, dropped, fired } = await play(
      [on("greet", "smile")],
      [greet(120), greet(500), greet(1140)],
      26,
    );
    expect(records.map(short)).toEqual([
      ...keys("neutral", 4),
      ...ibs("neutral", "smile"),
      "K:smile",
      "K:neutral",
      "K:neutral",
    ]);
    expect(firedAt(fired)).toEqual([3]);
    expect(dropped).toEqual([
      { tick: 10, trigger: "greet", story: "smile", reason: "same" },
      { tick: 23, trigger: "greet", story: "smile", reason: "same" },
    ]);
  });

  // decision 277
  it("a signal rise refused while busy is held: surprise fires once the line frees, while loud stays high", async () => {
    const loud: Rule = {
      trigger: { kind: "signal", signal: "loud", op: ">", value: 0.8 },
      story: "surprise",
      priority: 0,
      cooldownMs: 0,
    };
    const { fired, dropped, records } = await play(
      [on("go", "chain"), loud],
      [
        { atMs: 0, event: "go" },
        { atMs: 200, signal: "loud", value: 0.9 },
      ],
      50,
    );
    expect(dropped).toEqual([
      { tick: 4, trigger: "loud > 0.8", story: "surprise", reason: "busy" },
    ]);
    expect(firedAt(fired)).toEqual([0, 41]);
    expect(records.map(short)[41]).toBe("I:surprise>blink:19");
  });

  it("a rise that falls before it could play is forgotten; a cooling event is recorded", async () => {
    const loud: Rule = {
      trigger: { kind: "signal", signal: "loud", op: ">", value: 0.8 },
      story: "surprise",
      priority: 0,
      cooldownMs: 0,
    };
    const { fired, dropped } = await play(
      [on("go", "chain"), loud, on("hi", "blink", 0, 5000)],
      [
        { atMs: 0, event: "go" },
        { atMs: 200, signal: "loud", value: 0.9 },
        { atMs: 400, signal: "loud", value: 0.1 },
        { atMs: 3500, event: "hi" },
        { atMs: 3600, event: "hi" },
      ],
      80,
    );
    expect(firedAt(fired)).toEqual([0, 70]);
    expect(dropped.map((d) => `${d.tick} ${d.trigger} ${d.reason}`)).toEqual([
      "4 loud > 0.8 busy",
      "72 hi cooldown",
    ]);
  });
});

describe("a randomised idle (decision 278)", () => {
  const blinkRule = (seed?: number): Rule => ({
    trigger: { kind: "idle", ms: 200, maxMs: 600, ...(seed === undefined ? {} : { seed }) },
    story: "blink",
    priority: 0,
    cooldownMs: 0,
  });

  /** The ticks the idle rule fired at, and how long the player stood idle before each. */
  async function blinks(seed?: number) {
    const { fired, records } = await play([blinkRule(seed)], [], 400, { blink: { inbetweens: 1 } });
    const at = firedAt(fired);
    const waits = at.map((t) => {
      let s = t;
      while (s > 0 && short(records[s - 1]!) === "K:neutral") s--;
      return (t - s) * 50;
    });
    return { at, waits };
  }

  // decision 278
  it("waits drawn from the range, reproducible for a seed, different for another", async () => {
    const a = await blinks(7);
    expect(a.at.length).toBeGreaterThan(20);
    for (const w of a.waits) {
      expect(w).toBeGreaterThanOrEqual(200);
      expect(w).toBeLessThanOrEqual(650); // the first tick at or after the wait
    }
    expect(new Set(a.waits).size).toBeGreaterThan(3);
    expect((await blinks(7)).at).toEqual(a.at);
    expect((await blinks(8)).at).not.toEqual(a.at);
    expect((await blinks()).at).toEqual((await blinks(1)).at);
  });
});
