/**
 * The Live workspace's state without a page: the player on the shared clock
 * (several ticks in one animation frame show the next frame and count the
 * rest as dropped, never skip frames), single step, engine switch, picking a
 * key frame to edit, and the ring of shown frames for the GIF export.
 */
import { describe, expect, it } from "vitest";
import type { Engine } from "../../src/live/engine.js";
import { createImage, type RgbaImage } from "../../src/live/image.js";
import { DEFAULT_PARAMS, type Scene } from "../../src/live/scene/model.js";
import { FrameRing } from "../../web/src/live/frame-ring.js";
import { LiveSession, type LoadedScene } from "../../web/src/live/session.js";
import type { TimeSource } from "../../web/src/shell/clock.js";

class FakeFrames implements TimeSource {
  ms = 0;
  private pending: (() => void) | null = null;
  now(): number {
    return this.ms;
  }
  request(f: () => void): () => void {
    this.pending = f;
    return () => {
      if (this.pending === f) this.pending = null;
    };
  }
  frame(ms: number): void {
    this.ms += ms;
    const f = this.pending;
    this.pending = null;
    f?.();
  }
}

function picture(value: number): RgbaImage {
  const image = createImage(8, 6);
  image.data.fill(value);
  return image;
}

/** An engine whose in-betweens are filled with `value`. */
function fill(value: number): Engine {
  return {
    name: value === 50 ? "classic" : "improved",
    begin: (k) => {
      const image = picture(value);
      return { next: () => ({ image, points: new Float64Array(k.points) }) };
    },
  };
}

function loaded(): LoadedScene {
  const pts = (x: number) =>
    new Map([
      ["a", { x, y: 2 }],
      ["b", { x: x + 3, y: 3 }],
    ]);
  const scene: Scene = {
    version: 1,
    width: 8,
    height: 6,
    frames: [
      { name: "neutral", image: "n.png", points: pts(1), cuts: [{ points: ["a", "b"] }] },
      { name: "smile", image: "s.png", points: pts(2), cuts: [] },
    ],
    zeroFrame: "neutral",
    stories: new Map([["smile", ["smile"]]]),
    rules: [
      { trigger: { kind: "event", event: "greet" }, story: "smile", priority: 0, cooldownMs: 0 },
      { trigger: { kind: "event", event: "greet" }, story: "smile", priority: 0, cooldownMs: 0 },
      {
        trigger: { kind: "signal", signal: "loud", op: ">", value: 0.8 },
        story: "smile",
        priority: 0,
        cooldownMs: 0,
      },
    ],
    signals: [{ name: "loud", min: 0, max: 1 }],
    params: DEFAULT_PARAMS,
  };
  const images = new Map([
    ["neutral", picture(10)],
    ["smile", picture(200)],
  ]);
  return { path: "face.scene.json", text: "{}", scene, images };
}

describe("LiveSession", () => {
  it("shows tick 0 at once and lists the rules' events once each", () => {
    const s = new LiveSession(loaded(), new FakeFrames());
    expect(s.result?.record).toEqual({ tick: 0, timeMs: 0, kind: "key", frame: "neutral" });
    expect(s.events).toEqual(["greet"]);
    expect(s.ring.size).toBe(1);
    expect(s.playing).toBe(false);
  });

  // decision 88
  it("plays at the tick rate; ticks that pile up in one frame are dropped, frames are not skipped", () => {
    const src = new FakeFrames();
    const s = new LiveSession(loaded(), src);
    s.sendEvent("greet");
    s.play();
    src.frame(50);
    expect(s.result?.record.tick).toBe(1);
    expect(s.fired?.tick).toBe(1);
    // Three ticks due in one animation frame: the player shows tick 4, the first in-between.
    src.frame(150);
    expect(s.result?.record).toEqual({
      tick: 4,
      timeMs: 200,
      kind: "inbetween",
      from: "neutral",
      to: "smile",
      counter: 19,
    });
    expect(s.state.dropped).toBe(2);
    src.frame(50);
    expect(s.result?.record).toMatchObject({ tick: 5, counter: 18 });
    expect(s.state.dropped).toBe(2);
    // Every shown frame is in the ring (ticks 0, 1, 4, 5).
    expect(s.ring.size).toBe(4);
  });

  // decision 326
  it("hands each tick played to `ticked` before `shown` (the player element's events)", () => {
    const src = new FakeFrames();
    const s = new LiveSession(loaded(), src);
    const order: string[] = [];
    s.ticked.add((r) => order.push(`tick ${r.record.tick}${r.fired.length ? " fired" : ""}`));
    s.shown.add(() => order.push("shown"));
    s.sendEvent("greet");
    s.step();
    s.step();
    expect(order).toEqual(["tick 1 fired", "shown", "tick 2", "shown"]);
  });

  it("steps one tick at a time when paused, and play continues from there", () => {
    const src = new FakeFrames();
    const s = new LiveSession(loaded(), src);
    s.step();
    s.step();
    expect(s.result?.record.tick).toBe(2);
    expect(s.clock.time).toBeCloseTo(0.1, 9);
    s.play();
    src.frame(50);
    expect(s.result?.record.tick).toBe(3);
    expect(s.state.dropped).toBe(0);
    s.toggle();
    expect(s.playing).toBe(false);
  });

  // decision 89
  it("stamps inputs at the current tick: a signal over its threshold fires at the next tick", () => {
    const s = new LiveSession(loaded(), new FakeFrames());
    s.step();
    s.sendSignal("loud", 0.9);
    s.step();
    expect(s.fired).toEqual({ tick: 2, rules: [expect.stringContaining("loud")] });
    s.step();
    expect(s.result?.record).toMatchObject({ kind: "inbetween", counter: 19 });
  });

  // decision 279
  it("lists every trigger that played nothing, newest first, and forgets them on reset", () => {
    const s = new LiveSession(loaded(), new FakeFrames());
    expect(s.lost).toEqual({ dropped: 0, preempted: 0, recent: [] });
    s.sendEvent("greet");
    s.step();
    // Two greet rules: the first plays smile, the second's smile is already the target.
    expect(s.fired).toEqual({ tick: 1, rules: ["greet → smile"] });
    expect(s.lost).toEqual({
      dropped: 1,
      preempted: 0,
      recent: [{ tick: 1, kind: "dropped", trigger: "greet", story: "smile", reason: "same" }],
    });
    s.step();
    s.sendEvent("greet");
    s.step();
    expect(s.lost.dropped).toBe(3);
    expect(s.lost.recent.map((l) => l.tick)).toEqual([3, 3, 1]);
    s.reset();
    expect(s.lost).toEqual({ dropped: 0, preempted: 0, recent: [] });
  });

  it("only a paused key frame (or a picked one) is editable", () => {
    const src = new FakeFrames();
    const s = new LiveSession(loaded(), src);
    expect(s.view()?.editable).toBe("neutral");
    expect(s.view()?.cuts).toEqual([[0, 1]]);
    s.sendEvent("greet");
    s.step();
    s.step();
    expect(s.view()?.editable).toBeUndefined();
    expect(s.view()?.target).toEqual(new Float64Array([2, 2, 5, 3]));
    s.pick("smile");
    const v = s.view()!;
    expect(v.editable).toBe("smile");
    expect([...v.points]).toEqual([2, 2, 5, 3]);
    expect(v.image).toBe(s.loaded.images.get("smile"));
    s.play();
    expect(s.pickedFrame).toBeUndefined();
    src.frame(50);
    expect(s.view()?.editable).toBeUndefined();
  });

  it("switches the engine from the next transition and keeps it over a reload of the edited scene", () => {
    const s = new LiveSession(loaded(), new FakeFrames(), {
      classic: fill(50),
      improved: fill(99),
    });
    expect(s.engine).toBe("classic");
    s.sendEvent("greet");
    s.step();
    s.step();
    expect(s.result?.image.data[0]).toBe(50);
    expect(s.setEngine("improved")).toBe(true);
    s.step();
    // The transition under way keeps its engine.
    expect(s.result?.image.data[0]).toBe(50);
    s.pick("smile");
    s.replace(loaded());
    expect(s.engine).toBe("improved");
    expect(s.pickedFrame).toBe("smile");
    expect(s.result?.record.tick).toBe(0);
  });

  it("refuses an engine it does not have and falls back to classic for a scene that names one", () => {
    const scene = loaded();
    const improved = {
      ...scene,
      scene: { ...scene.scene, params: { ...DEFAULT_PARAMS, engine: "improved" as const } },
    };
    const s = new LiveSession(improved, new FakeFrames(), { classic: fill(50) });
    expect(s.engine).toBe("classic");
    expect(s.hasEngine("improved")).toBe(false);
    expect(s.setEngine("improved")).toBe(false);
    expect(s.engine).toBe("classic");
  });

  it("reset goes back to tick 0 and forgets the frames played", () => {
    const s = new LiveSession(loaded(), new FakeFrames());
    s.step();
    s.step();
    s.reset();
    expect(s.result?.record.tick).toBe(0);
    expect(s.ring.size).toBe(1);
    expect(s.state.dropped).toBe(0);
  });
});

describe("FrameRing", () => {
  it("keeps the last `capacity` frames, oldest first", () => {
    const ring = new FrameRing(3);
    for (let i = 0; i < 5; i++) ring.push(picture(i), false);
    expect(ring.frames().map((f) => f.data[0])).toEqual([2, 3, 4]);
  });

  it("copies in-betweens (the player reuses its buffer) and keeps key pictures by reference", () => {
    const ring = new FrameRing(10);
    const key = picture(1);
    const buffer = picture(7);
    ring.push(key, true);
    ring.push(buffer, false);
    buffer.data.fill(9);
    const [a, b] = ring.frames();
    expect(a).toBe(key);
    expect(b!.data[0]).toBe(7);
  });

  // decision 91
  it("drops the oldest copies past its byte budget; shared pictures cost nothing", () => {
    const size = 8 * 6 * 4;
    const ring = new FrameRing(100, size * 2);
    for (let i = 0; i < 5; i++) ring.push(picture(i), false);
    expect(ring.frames().map((f) => f.data[0])).toEqual([3, 4]);
    for (let i = 0; i < 5; i++) ring.push(picture(50), true);
    expect(ring.size).toBe(7);
    ring.clear();
    expect(ring.size).toBe(0);
  });
});

describe("LiveSession with regions (issue 20)", () => {
  it("gives the stage each region's polygon, active while its driven story plays", () => {
    const base = loaded();
    const polygon = [
      { x: 4, y: -1 },
      { x: 8, y: -1 },
      { x: 8, y: 6 },
      { x: 4, y: 6 },
    ];
    const scene: Scene = {
      ...base.scene,
      rules: [],
      stories: new Map([["lip", ["smile"]]]),
      storyOptions: new Map([
        [
          "lip",
          {
            region: "mouth",
            drive: { signal: "loud", from: 0, to: 1, attackMs: 0, releaseMs: 0 },
          },
        ],
      ]),
      regions: [{ name: "mouth", points: ["b"], mask: { polygon, feather: 0 } }],
    };
    const s = new LiveSession({ ...base, scene }, new FakeFrames());
    expect(s.view()?.regions).toEqual([{ name: "mouth", polygon, active: false }]);
    s.sendSignal("loud", 1);
    s.step();
    expect(s.result?.regions?.mouth).toMatchObject({ kind: "driven", story: "lip", share: 1 });
    expect(s.view()?.regions?.[0]?.active).toBe(true);
  });
});
