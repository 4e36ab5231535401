/** Regions that act at once, signal-driven positions and pins (issue 20; docs/live-player.md, "Regions"). */
import { describe, expect, it } from "vitest";
import { timelineText } from "../../src/cli/commands/live-render.js";
import type { Engine } from "../../src/live/engine.js";
import { createImage, type RgbaImage } from "../../src/live/image.js";
import { Player, type TickResult } from "../../src/live/player/index.js";
import { rasterMask } from "../../src/live/player/mask.js";
import { driveStep, driveTarget } from "../../src/live/player/regions.js";
import {
  DEFAULT_PARAMS,
  type Drive,
  type Region,
  type Rule,
  readScene,
  type Scene,
  type StoryOptions,
  writeScene,
} from "../../src/live/scene/index.js";
import { COUNTER_ENGINE, on } from "./player-fixtures.js";
import { regionText as text } from "./region-cases.js";

const W = 8;
const H = 4;
const FRAMES = ["neutral", "open", "wide", "shut"];

/** A picture with a horizontal gradient plus `level`. */
function picture(level: number): RgbaImage {
  const image = createImage(W, H);
  for (let q = 0; q < W * H; q++)
    image.data.set([level + (q % W) * 3, level, 200 - level, 255], q * 4);
  return image;
}

const box = (x0: number, x1: number, feather = 0): Region["mask"] => ({
  polygon: [
    { x: x0, y: -1 },
    { x: x1, y: -1 },
    { x: x1, y: H },
    { x: x0, y: H },
  ],
  feather,
});

/** Two regions: `left` (x 0…3, point a) and `right` (x 4…7, point b); stories named `<frame>L` / `<frame>R`. */
function scene(
  rules: Rule[],
  options: [string, StoryOptions][] = [],
  extra: Partial<Scene> = {},
): Scene {
  const stories = new Map<string, string[]>(FRAMES.map((f) => [f, [f]]));
  const storyOptions = new Map<string, StoryOptions>();
  for (const [name, o] of options) {
    storyOptions.set(name, o);
    stories.set(name, [name.slice(0, -1)]);
  }
  return {
    version: 1,
    width: W,
    height: H,
    frames: FRAMES.map((name, i) => ({
      name,
      image: `${name}.png`,
      points: new Map([
        ["a", { x: 1, y: i }],
        ["b", { x: 6, y: i }],
      ]),
      cuts: [],
    })),
    zeroFrame: "neutral",
    stories,
    storyOptions,
    rules,
    signals: [],
    params: { ...DEFAULT_PARAMS, inbetweens: 3 },
    regions: [
      { name: "left", points: ["a"], mask: box(-1, 3.5) },
      { name: "right", points: ["b"], mask: box(3.5, W) },
    ],
    ...extra,
  };
}

const images = () => new Map(FRAMES.map((f, i) => [f, picture(i * 40)]));

/** `whole/left/right` of a tick: the record kinds with frame or counter; `-` for a resting region. */
function line(r: TickResult): string {
  const one = (
    x: TickResult["record"] | NonNullable<TickResult["regions"]>[string] | undefined,
  ) => {
    if (!x) return "-";
    if (x.kind === "key") return x.frame;
    if (x.kind === "driven") return `${x.story}@${x.share.toFixed(3)}`;
    return `${x.to}${x.counter}${x.preempted ? `!${x.preempted}` : ""}`;
  };
  return [one(r.record), one(r.regions?.left), one(r.regions?.right)].join("/");
}

describe("regions that act at once", () => {
  // decision 315
  it("runs two regions' stories of different lengths at once, pre-empting in one while the other runs", () => {
    const rules: Rule[] = [
      on("l", "openL"),
      on("r", "wideR"),
      { ...on("r2", "shutR", 1), queue: "replace" },
    ];
    const p = new Player(
      scene(rules, [
        ["openL", { region: "left", inbetweens: 2 }],
        ["wideR", { region: "right", inbetweens: 4 }],
        ["shutR", { region: "right", inbetweens: 2 }],
      ]),
      images(),
      { engine: COUNTER_ENGINE },
    );
    p.send({ atMs: 0, event: "l" });
    p.send({ atMs: 0, event: "r" });
    p.send({ atMs: 150, event: "r2" });
    const ticks = Array.from({ length: 9 }, () => line(p.tick()));
    expect(ticks).toEqual([
      "neutral/-/-",
      "neutral/open2/wide4",
      "neutral/open1/wide3",
      "neutral/open/wide2",
      "neutral/-/shut2!wide",
      "neutral/-/shut1",
      "neutral/-/shut",
      "neutral/-/-",
      "neutral/-/-",
    ]);
  });

  it("a scene's whole-face story still plays under the regions, and the rules fired in each are reported", () => {
    const p = new Player(
      scene([on("g", "open"), on("l", "wideL")], [["wideL", { region: "left" }]]),
      images(),
      {
        engine: COUNTER_ENGINE,
      },
    );
    p.send({ atMs: 0, event: "g" });
    p.send({ atMs: 0, event: "l" });
    const first = p.tick();
    expect(first.fired).toEqual(["g → open", "l → wideL"]);
    expect(line(p.tick())).toBe("open3/wide3/-");
  });

  // decision 316
  it("a driven story's share follows the smoothed signal exactly, while the other region blinks", () => {
    const drive: Drive = { signal: "loud", from: 0.1, to: 0.9, attackMs: 60, releaseMs: 150 };
    const seen: number[] = [];
    const engine: Engine = {
      name: "classic",
      begin(k, l, params) {
        const t = COUNTER_ENGINE.begin(k, l, params);
        return {
          next(counter, fraction) {
            if (fraction !== undefined) seen.push(fraction);
            return t.next(counter, fraction);
          },
        };
      },
    };
    const s = scene(
      [on("blink", "shutL")],
      [
        ["openR", { region: "right", drive }],
        ["shutL", { region: "left", inbetweens: 2 }],
      ],
    );
    const p = new Player(s, images(), { engine });
    const values = [0, 0.5, 0.5, 1, 1, 0.2, 0, 0, 0, 0.9];
    values.forEach((v, i) => {
      p.send({ atMs: i * 50, signal: "loud", value: v });
    });
    p.send({ atMs: 100, event: "blink" });
    let share = 0;
    for (let i = 0; i < values.length; i++) {
      const r = p.tick();
      share = driveStep(drive, share, driveTarget(drive, values[i]!), 50);
      const right = r.regions?.right;
      if (share < 1 / 512) expect(right).toBeUndefined();
      else
        expect(right).toMatchObject({ kind: "driven", story: "openR", share: Math.min(1, share) });
      if (i >= 3 && i <= 5) expect(r.regions?.left?.kind).not.toBe(undefined);
    }
    expect(seen.every((f) => f > 0 && f < 1)).toBe(true);
    expect(seen.length).toBeGreaterThan(4);
  });

  it("a driven share at 1 shows its key frame's picture inside the mask, and the zero frame's outside", () => {
    const drive: Drive = { signal: "loud", from: 0, to: 1, attackMs: 0, releaseMs: 0 };
    const p = new Player(scene([], [["wideR", { region: "right", drive }]]), images(), {
      engine: COUNTER_ENGINE,
    });
    p.send({ atMs: 0, signal: "loud", value: 1 });
    const r = p.tick();
    const wide = picture(80);
    const zero = picture(0);
    for (let q = 0; q < W * H; q++) {
      const from = q % W < 4 ? zero : wide;
      expect([...r.image.data.slice(q * 4, q * 4 + 4)]).toEqual([
        ...from.data.slice(q * 4, q * 4 + 4),
      ]);
    }
  });
});

describe("compositing without seams", () => {
  // decision 317
  it("equals the region's render where its mask is 1, the frame outside, and steps no more than its neighbours", () => {
    const W2 = 48;
    const H2 = 8;
    const renders = new Map<number, Uint8ClampedArray>();
    const engine: Engine = {
      name: "classic",
      begin(k) {
        const image = createImage(W2, H2);
        return {
          next(counter) {
            for (let q = 0; q < W2 * H2; q++) {
              const v = 30 + (((q % W2) * 4 + counter * 17) % 200);
              image.data.set([v, 255 - v, (q * 7) % 256, 255], q * 4);
            }
            renders.set(counter, new Uint8ClampedArray(image.data));
            return { image, points: new Float64Array(k.points) };
          },
        };
      },
    };
    const mask = {
      polygon: [
        { x: 10, y: -1 },
        { x: 38, y: -1 },
        { x: 38, y: H2 },
        { x: 10, y: H2 },
      ],
      feather: 8,
    };
    const base = createImage(W2, H2);
    for (let q = 0; q < W2 * H2; q++) base.data.set([(q % W2) * 5, 90, 40, 255], q * 4);
    const s: Scene = {
      ...scene([on("go", "openM")], [["openM", { region: "mid", inbetweens: 5 }]]),
      width: W2,
      height: H2,
      regions: [{ name: "mid", points: ["a"], mask }],
    };
    const p = new Player(s, new Map(FRAMES.map((f) => [f, base])), { engine });
    p.send({ atMs: 0, event: "go" });
    p.tick();
    const w = rasterMask(mask, W2, H2);
    expect(w.some((x) => x > 0 && x < 1)).toBe(true);
    for (let t = 0; t < 5; t++) {
      const r = p.tick();
      const shown = r.regions?.mid;
      expect(shown?.kind).toBe("inbetween");
      const own = renders.get(shown?.kind === "inbetween" ? shown.counter : -1)!;
      const c = r.image.data;
      for (let q = 0; q < W2 * H2; q++) {
        for (let ch = 0; ch < 4; ch++) {
          const o = q * 4 + ch;
          if (w[q] === 1) expect(c[o]).toBe(own[o]);
          if (w[q] === 0) expect(c[o]).toBe(base.data[o]);
          if (q % W2 === W2 - 1) continue;
          const step = Math.abs(c[o]! - c[o + 4]!);
          const a = Math.abs(base.data[o]! - base.data[o + 4]!);
          const b = Math.abs(own[o]! - own[o + 4]!);
          const gap = Math.max(
            Math.abs(own[o]! - base.data[o]!),
            Math.abs(own[o + 4]! - base.data[o + 4]!),
          );
          const dw = Math.abs(w[q]! - w[q + 1]!) * gap;
          expect(step).toBeLessThanOrEqual(Math.max(a, b) + dw + 1);
        }
      }
    }
  });
});

describe("pins", () => {
  // decision 318
  it("keeps still-pinned pixels exactly as K in every in-between, free ones inside them move", () => {
    const still = box(-1, 5);
    const free = box(-1, 1.5);
    const s: Scene = {
      ...scene([on("go", "open")]),
      pins: [
        { kind: "still", mask: still },
        { kind: "free", mask: free },
      ],
    };
    delete (s as { regions?: unknown }).regions;
    const p = new Player(s, images(), { engine: COUNTER_ENGINE });
    p.send({ atMs: 0, event: "go" });
    const k = picture(0);
    p.tick();
    for (let t = 0; t < 3; t++) {
      const r = p.tick();
      expect(r.record.kind).toBe("inbetween");
      for (let q = 0; q < W * H; q++) {
        const x = q % W;
        const got = [...r.image.data.slice(q * 4, q * 4 + 4)];
        if (x >= 2 && x <= 4) expect(got).toEqual([...k.data.slice(q * 4, q * 4 + 4)]);
        else expect(got).toEqual([3 - t, 3 - t, 3 - t, 3 - t]);
      }
    }
  });
});

describe("the format", () => {
  it("reads regions, driven stories and pins, and writes them back", () => {
    const t = text(
      `,\n    "mouth": { "points": ["b", "c"], "mask": { "polygon": [[0, 20], [30, 20], [30, 29]] } }`,
      `, "lip": { "frames": ["o"], "region": "mouth", "drive": { "signal": "loud", "to": 0.8, "attackMs": 40 } }`,
      "",
      `,\n  "pins": [{ "kind": "still", "polygon": [[30, 0], [39, 0], [39, 9]] }]`,
    );
    const r = readScene(t);
    expect(r.diagnostics).toEqual([]);
    const m = r.model!;
    expect(m.regions?.map((x) => [x.name, x.points, x.mask.feather])).toEqual([
      ["eyes", ["a"], 2],
      ["mouth", ["b", "c"], 6],
    ]);
    expect(m.storyOptions?.get("lip")).toEqual({
      region: "mouth",
      drive: { signal: "loud", from: 0, to: 0.8, attackMs: 40, releaseMs: 0 },
    });
    expect(m.pins?.[0]?.kind).toBe("still");
    expect(readScene(writeScene(m)).model).toEqual(m);
  });
});

describe("timeline.json", () => {
  it("carries each active region's record on its tick's line, and nothing for a tick without one", () => {
    const key = { tick: 3, timeMs: 150, kind: "key", frame: "neutral" } as const;
    const regions = {
      mouth: { tick: 3, timeMs: 150, kind: "driven", story: "lip", share: 0.5 },
    } as const;
    expect(
      timelineText([key, { ...key, tick: 4, regions }])
        .split("\n")
        .slice(1, 3),
    ).toEqual([
      '  {"tick":3,"timeMs":150,"kind":"key","frame":"neutral"},',
      '  {"tick":4,"timeMs":150,"kind":"key","frame":"neutral","regions":{"mouth":{"tick":3,"timeMs":150,"kind":"driven","story":"lip","share":0.5}}}',
    ]);
  });
});
