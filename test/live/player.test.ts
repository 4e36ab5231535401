import { describe, expect, it } from "vitest";
import type { ExternalInput, TickRecord, TickResult } from "../../src/live/player/index.js";
import { Player, runPlayer, VirtualClock } from "../../src/live/player/index.js";
import type { Rule } from "../../src/live/scene/model.js";
import { COUNTER_ENGINE, on, testImages, testScene } from "./player-fixtures.js";

/** Runs a player on the virtual clock for `ticks` ticks with `inputs`; returns every tick's record and first pixel. */
async function play(rules: Rule[], inputs: ExternalInput[], ticks: number, params = {}) {
  const player = new Player(testScene(rules, params), testImages(), { engine: COUNTER_ENGINE });
  for (const i of inputs) player.send(i);
  const records: TickRecord[] = [];
  const grey: number[] = [];
  const fired: string[][] = [];
  await runPlayer(player, new VirtualClock(), {
    ticks,
    onTick: (r: TickResult) => {
      records.push(r.record);
      grey.push(r.image.data[0]!);
      fired.push([...r.fired]);
    },
  });
  return { player, records, grey, fired };
}

/** Short form of a record: `K:name` or `I:from>to:counter`. */
function short(r: TickRecord): string {
  return r.kind === "key" ? `K:${r.frame}` : `I:${r.from}>${r.to}:${r.counter}`;
}

/** The expected short forms: `n` key ticks of `frame`. */
function keys(frame: string, n: number): string[] {
  return Array.from({ length: n }, () => `K:${frame}`);
}

function inbetweens(from: string, to: string, count = 19): string[] {
  return Array.from({ length: count }, (_, i) => `I:${from}>${to}:${count - i}`);
}

describe("player: the spec's worked example", () => {
  it("greet at 120 ms: ticks 0–3 neutral, 4–22 in-betweens 19…1, 23 smile, 24 neutral", async () => {
    const { records, grey } = await play(
      [on("greet", "smile")],
      [{ atMs: 120, event: "greet" }],
      26,
    );
    expect(records.map(short)).toEqual([
      ...keys("neutral", 4),
      ...inbetweens("neutral", "smile"),
      "K:smile",
      "K:neutral",
      "K:neutral",
    ]);
    expect(records.map((r) => r.timeMs)).toEqual(records.map((_, i) => i * 50));
    expect(records.map((r) => r.tick)).toEqual(records.map((_, i) => i));
    // The pictures shown are the frames' and the engine's, at the tick they belong to.
    expect(grey.slice(0, 4)).toEqual([10, 10, 10, 10]);
    expect(grey.slice(4, 23)).toEqual(Array.from({ length: 19 }, (_, i) => 19 - i));
    expect(grey[23]).toBe(20);
    expect(grey[24]).toBe(10);
    // The timeline records are exactly docs/design.md's shape.
    expect(records[0]).toEqual({ tick: 0, timeMs: 0, kind: "key", frame: "neutral" });
    expect(records[4]).toEqual({
      tick: 4,
      timeMs: 200,
      kind: "inbetween",
      from: "neutral",
      to: "smile",
      counter: 19,
    });
  });

  it("an event exactly on a tick is seen at that tick; one just after waits for the next", async () => {
    const at150 = await play([on("greet", "smile")], [{ atMs: 150, event: "greet" }], 6);
    expect(at150.records.map(short).slice(3, 5)).toEqual(["K:neutral", "I:neutral>smile:19"]);
    const at151 = await play([on("greet", "smile")], [{ atMs: 151, event: "greet" }], 6);
    expect(at151.records.map(short).slice(3, 6)).toEqual([
      "K:neutral",
      "K:neutral",
      "I:neutral>smile:19",
    ]);
  });

  it("at 0 ms: the in-betweens start at tick 1", async () => {
    const { records } = await play([on("greet", "smile")], [{ atMs: 0, event: "greet" }], 22);
    expect(records.map(short)).toEqual([
      "K:neutral",
      ...inbetweens("neutral", "smile"),
      "K:smile",
      "K:neutral",
    ]);
  });
});

describe("player: variations", () => {
  it("two events: the second, after the first story ended, plays its own story", async () => {
    const { records } = await play(
      [on("greet", "smile"), on("wow", "surprise")],
      [
        { atMs: 120, event: "greet" },
        { atMs: 1300, event: "wow" },
      ],
      49,
    );
    // wow at 1300 ms is seen at tick 26 (neutral shown at 24, 25, 26).
    expect(records.map(short)).toEqual([
      ...keys("neutral", 4),
      ...inbetweens("neutral", "smile"),
      "K:smile",
      ...keys("neutral", 3),
      ...inbetweens("neutral", "surprise"),
      "K:surprise",
      ...keys("neutral", 2),
    ]);
  });

  it("an event during the in-betweens extends the story line: smile → surprise without the zero frame", async () => {
    const { records, fired } = await play(
      [on("greet", "smile"), on("wow", "surprise")],
      [
        { atMs: 120, event: "greet" },
        { atMs: 500, event: "wow" },
      ],
      46,
    );
    expect(records.map(short)).toEqual([
      ...keys("neutral", 4),
      ...inbetweens("neutral", "smile"),
      "K:smile",
      ...inbetweens("smile", "surprise"),
      "K:surprise",
      "K:neutral",
      "K:neutral",
    ]);
    expect(fired[3]).toEqual(["greet → smile"]);
    expect(fired[10]).toEqual(["wow → surprise"]);
  });

  it("a story of several key frames plays them in order, 19 in-betweens each, then the zero frame", async () => {
    const { records } = await play([on("go", "chain")], [{ atMs: 0, event: "go" }], 62);
    expect(records.map(short)).toEqual([
      "K:neutral",
      ...inbetweens("neutral", "smile"),
      "K:smile",
      ...inbetweens("smile", "surprise"),
      "K:surprise",
      ...inbetweens("surprise", "blink"),
      "K:blink",
      "K:neutral",
    ]);
  });

  // decision 92
  it("a trigger while a story is queued beyond L is dropped; priority picks among triggers of one tick", async () => {
    const { records, fired } = await play(
      [on("a", "smile", 0), on("b", "surprise", 5), on("go", "chain")],
      [
        { atMs: 0, event: "a" },
        { atMs: 0, event: "b" },
        { atMs: 100, event: "go" },
      ],
      22,
    );
    expect(fired[0]).toEqual(["b → surprise"]);
    // go at tick 2: L (surprise) is the only thing queued, so go appends its chain.
    expect(fired[2]).toEqual(["go → chain"]);
    expect(records.map(short)[20]).toBe("K:surprise");
    expect(records.map(short)[21]).toBe("I:surprise>smile:19");
  });

  it("cooldown: a rule does not fire again within its cooldown", async () => {
    const rules = [on("greet", "smile", 0, 2000)];
    const inputs: ExternalInput[] = [
      { atMs: 0, event: "greet" },
      { atMs: 1200, event: "greet" },
      { atMs: 2100, event: "greet" },
    ];
    const { fired } = await play(rules, inputs, 50);
    expect(fired.flatMap((f, i) => (f.length ? [i] : []))).toEqual([0, 42]);
  });

  // decision 93
  it("signal rules fire on the edge, not while the signal stays high", async () => {
    const rule: Rule = {
      trigger: { kind: "signal", signal: "loud", op: ">", value: 0.8 },
      story: "surprise",
      priority: 0,
      cooldownMs: 0,
    };
    const { fired } = await play(
      [rule],
      [
        { atMs: 100, signal: "loud", value: 0.9 },
        { atMs: 1500, signal: "loud", value: 0.95 },
        { atMs: 1600, signal: "loud", value: 0.2 },
        { atMs: 1700, signal: "loud", value: 0.85 },
      ],
      40,
    );
    expect(fired.flatMap((f, i) => (f.length ? [i] : []))).toEqual([2, 34]);
  });

  // decision 94
  it("idle rule: fires after standing on the zero frame without events, not during a story", async () => {
    const idle: Rule = {
      trigger: { kind: "idle", ms: 500 },
      story: "blink",
      priority: 0,
      cooldownMs: 0,
    };
    const { records, fired } = await play(
      [idle, on("greet", "smile")],
      [{ atMs: 200, event: "greet" }],
      60,
    );
    // greet at tick 4 resets idleness; smile shown at 24, neutral from 25 on; idle after 500 ms → tick 35.
    expect(fired.flatMap((f, i) => (f.length ? [i] : []))).toEqual([4, 35]);
    expect(short(records[36]!)).toBe("I:neutral>blink:19");
  });

  it("returnToZero morph: in-betweens back to the zero frame", async () => {
    const { records } = await play([on("greet", "smile")], [{ atMs: 0, event: "greet" }], 42, {
      returnToZero: "morph",
    });
    expect(records.map(short)).toEqual([
      "K:neutral",
      ...inbetweens("neutral", "smile"),
      "K:smile",
      ...inbetweens("smile", "neutral"),
      "K:neutral",
      "K:neutral",
    ]);
  });

  it("other rates and in-between counts: tick n at n·1000/rate ms, counter from inbetweens", async () => {
    const { records } = await play([on("greet", "smile")], [{ atMs: 0, event: "greet" }], 6, {
      rateHz: 10,
      inbetweens: 3,
    });
    expect(records.map(short)).toEqual([
      "K:neutral",
      ...inbetweens("neutral", "smile", 3),
      "K:smile",
      "K:neutral",
    ]);
    expect(records.map((r) => r.timeMs)).toEqual([0, 100, 200, 300, 400, 500]);
  });
});

describe("player: the hook, the clock and dropped ticks", () => {
  it("the hook sees events, signals and state, and may extend the story line", async () => {
    const seen: string[] = [];
    const player = new Player(testScene([]), testImages(), {
      engine: COUNTER_ENGINE,
      hook: (c) => {
        for (const e of c.events) seen.push(`${c.tick}:${e.name}:${c.signals.get("loud") ?? "-"}`);
        if (c.events.some((e) => e.name === "poke")) expect(c.extend(["blink"])).toBe(true);
        if (c.events.some((e) => e.name === "bad")) expect(c.extend(["nope"])).toBe(false);
      },
    });
    player.send({ atMs: 40, signal: "loud", value: 0.5 });
    player.send({ atMs: 50, event: "poke" });
    player.send({ atMs: 60, event: "bad" });
    const r = [player.tick(), player.tick(), player.tick()];
    expect(seen).toEqual(["1:poke:0.5", "2:bad:0.5"]);
    expect(r.map((x) => short(x.record))).toEqual(["K:neutral", "K:neutral", "I:neutral>blink:19"]);
    expect(player.state.storyLine).toEqual(["blink"]);
    // СПК as the seed has it now: the next in-between (18) is already prepared.
    expect(player.state.counter).toBe(18);
  });

  it("a tick whose work overruns waits for the next multiple and is counted as dropped; no frame is skipped", async () => {
    const player = new Player(testScene([on("greet", "smile")]), testImages(), {
      engine: COUNTER_ENGINE,
    });
    player.send({ atMs: 0, event: "greet" });
    const clock = new VirtualClock();
    const records: TickRecord[] = [];
    await runPlayer(player, clock, {
      ticks: 10,
      onTick: (r) => {
        records.push(r.record);
        clock.advance(r.record.tick === 2 ? 70 : 10); // tick 2's work takes 70 ms
      },
    });
    expect(records.map((r) => r.tick)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9]);
    expect(records.map(short).slice(0, 5)).toEqual([
      "K:neutral",
      "I:neutral>smile:19",
      "I:neutral>smile:18",
      "I:neutral>smile:17",
      "I:neutral>smile:16",
    ]);
    expect(player.state.dropped).toBe(1);
  });

  it("control points of an in-between and L's as the target", () => {
    const player = new Player(testScene([on("greet", "smile")]), testImages(), {
      engine: COUNTER_ENGINE,
    });
    player.send({ atMs: 0, event: "greet" });
    expect([...player.tick().points]).toEqual([0, 1]);
    const r = player.tick();
    expect([...r.points]).toEqual([0.05, 1]);
    expect([...(r.target ?? [])]).toEqual([1, 1]);
  });

  it("refuses a tick that is not after the last, and missing pictures", () => {
    const player = new Player(testScene([]), testImages(), { engine: COUNTER_ENGINE });
    player.tick(3);
    expect(() => player.tick(3)).toThrow(/not after/);
    const images = testImages();
    images.delete("blink");
    expect(() => new Player(testScene([]), images, { engine: COUNTER_ENGINE })).toThrow(/blink/);
  });
});
