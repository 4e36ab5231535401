/**
 * The Live workspace's keep-time option, classic reading and discs overlay
 * (issue 20, items 3–4), and what `#/live` alone opens, without a page.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Engine, EngineParams } from "../../src/live/engine.js";
import { createImage, type RgbaImage } from "../../src/live/image.js";
import { DEFAULT_PARAMS, type Scene } from "../../src/live/scene/model.js";
import { firstPlayable, type LoadResult, sceneCandidates } from "../../web/src/live/loader.js";
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

/** An engine that fills in-between `counter` with grey `counter` and remembers its parameters. */
function counting(name: string, seen: EngineParams[]): Engine {
  return {
    name,
    begin: (k, _l, params) => {
      seen.push(params);
      const image = picture(0);
      return {
        next: (counter: number) => {
          image.data.fill(counter);
          return { image, points: new Float64Array(k.points) };
        },
      };
    },
  };
}

function loaded(): LoadedScene {
  const pts = (x: number) => new Map([["a", { x, y: 2 }]]);
  const scene: Scene = {
    version: 1,
    width: 8,
    height: 6,
    frames: [
      { name: "neutral", image: "n.png", points: pts(1), cuts: [] },
      { name: "smile", image: "s.png", points: pts(2), cuts: [] },
    ],
    zeroFrame: "neutral",
    stories: new Map([["smile", ["smile"]]]),
    rules: [
      { trigger: { kind: "event", event: "greet" }, story: "smile", priority: 0, cooldownMs: 0 },
    ],
    signals: [],
    params: DEFAULT_PARAMS,
  };
  const images = new Map([
    ["neutral", picture(10)],
    ["smile", picture(200)],
  ]);
  return { path: "face.scene.json", text: "{}", scene, images };
}

describe("LiveSession keeping time", () => {
  // decision 288
  it("drops frames when ticks pile up, so the story keeps its timing; the default waits", () => {
    const run = (keep: boolean) => {
      const src = new FakeFrames();
      const seen: EngineParams[] = [];
      const engines = { classic: counting("classic", seen), improved: counting("improved", seen) };
      const s = new LiveSession(loaded(), src, engines);
      s.setKeepTime(keep);
      s.sendEvent("greet");
      s.play();
      src.frame(50); // tick 1: greet fires
      src.frame(500); // ticks 2–11 due at once
      return s;
    };
    const keep = run(true);
    // On time: tick 11 shows in-between 20 − (11 − 1) = 10 (the in-betweens start at tick 2).
    expect(keep.result?.record).toMatchObject({ tick: 11, kind: "inbetween", counter: 10 });
    expect(keep.result?.image.data[0]).toBe(10);
    expect(keep.state.dropped).toBe(9);
    expect(keep.keepTime).toBe(true);
    const wait = run(false);
    expect(wait.result?.record).toMatchObject({ tick: 11, kind: "inbetween", counter: 19 });
    expect(wait.state.dropped).toBe(9);
  });
});

describe("LiveSession and the classic engine", () => {
  // decision 290
  it("passes its classic reading to the classic engine from the next transition; discs only with classic", () => {
    const seen: EngineParams[] = [];
    const engines = { classic: counting("classic", seen), improved: counting("improved", seen) };
    const s = new LiveSession(loaded(), new FakeFrames(), engines);
    expect(s.classicReading).toBe("fraction");
    s.setClassicReading("carry");
    s.sendEvent("greet");
    s.step();
    s.step();
    expect(seen.at(-1)?.classicReading).toBe("carry");
    expect(s.view()?.classic).toBe(true);
    // The discs are K's in the fraction reading (its in-betweens are made from K), else the in-between's.
    expect(s.view()?.discCentres).toBeUndefined();
    s.setClassicReading("fraction");
    expect(Array.from(s.view()?.discCentres ?? [])).toEqual([1, 2]);
    s.setEngine("improved");
    expect(s.view()?.classic).toBe(false);
  });
});

describe("#/live alone", () => {
  afterEach(() => vi.unstubAllGlobals());

  const result = (ok: boolean): LoadResult =>
    ok ? { ok, loaded: loaded(), report: [] } : { ok, message: "cannot be played", report: [] };

  // decision 291
  it("opens the demo's face first, else the first scene in path order that loads", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(
          JSON.stringify({
            root: "p",
            formats: [],
            files: ["a-broken.scene.json", "demo/live/face.scene.json", "b.scene.json"].map(
              (path) => ({ path, format: "live-scene", size: 1 }),
            ),
          }),
        ),
    );
    expect(await sceneCandidates()).toEqual([
      "demo/live/face.scene.json",
      "a-broken.scene.json",
      "b.scene.json",
    ]);
    const tried: string[] = [];
    const load = async (p: string) => {
      tried.push(p);
      return result(p === "b.scene.json");
    };
    const found = await firstPlayable(
      ["a-broken.scene.json", "c.scene.json", "b.scene.json"],
      load,
    );
    expect(found?.path).toBe("b.scene.json");
    expect(tried).toEqual(["a-broken.scene.json", "c.scene.json", "b.scene.json"]);
    // None loads: the first, with its problems.
    const none = await firstPlayable(["x.scene.json", "y.scene.json"], async () => result(false));
    expect(none?.path).toBe("x.scene.json");
    expect(none?.result.ok).toBe(false);
    expect(await firstPlayable([], load)).toBeUndefined();
  });
});
