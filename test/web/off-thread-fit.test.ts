/**
 * The improved engine's first fit of a pair off the page's thread (decision
 * 335): the protocol with a runner the test plays (it fits structured clones
 * of the frames, as the worker does, and posts the fit back transferred),
 * the stand-in in-betweens until the fit arrives, and the session using it.
 */
import { describe, expect, it } from "vitest";
import { CLASSIC_ENGINE } from "../../src/live/classic/index.js";
import type { EngineFrame, EngineParams } from "../../src/live/engine.js";
import { createImage, type RgbaImage } from "../../src/live/image.js";
import {
  adoptFit,
  fitCount,
  hasFit,
  IMPROVED_ENGINE,
  pairFit,
} from "../../src/live/improved/index.js";
import { qualityScenes } from "../../src/live/quality/index.js";
import { DEFAULT_PARAMS, type Scene } from "../../src/live/scene/model.js";
import { type FitRunner, offThreadFits } from "../../web/src/live/off-thread-fit.js";
import { LiveSession } from "../../web/src/live/session.js";

const PARAMS: EngineParams = { inbetweens: 19, radiusCorrection: 8, cutBand: 3 };

/** Fresh copies of a quality scene's frames (the fit cache is per frame object). */
function pair(): { k: EngineFrame; l: EngineFrame } {
  const s = qualityScenes(96, 72)[0]!;
  const copy = (f: EngineFrame): EngineFrame => ({ ...f, points: Float64Array.from(f.points) });
  return { k: copy(s.k), l: copy(s.l) };
}

/** A runner whose fits arrive when the test calls `deliver` (or fail with `fail`). */
function heldRunner() {
  const held: { k: EngineFrame; l: EngineFrame; done: () => void; failed: () => void }[] = [];
  const runner: FitRunner = {
    fit: (k, l) =>
      new Promise<void>((done, reject) =>
        held.push({ k, l, done, failed: () => reject(new Error("no worker")) }),
      ),
  };
  return {
    runner,
    held,
    /** Fits each held pair as the worker does (clones in, the fit posted back transferred). */
    async deliver() {
      for (const h of held.splice(0)) {
        const made = pairFit(structuredClone(h.k), structuredClone(h.l));
        adoptFit(h.k, h.l, structuredClone(made.fit, { transfer: made.transfer }));
        h.done();
      }
      await new Promise((r) => setTimeout(r, 0));
    },
    async fail() {
      for (const h of held.splice(0)) h.failed();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

const same = (a: RgbaImage, b: RgbaImage) => Buffer.from(a.data).equals(Buffer.from(b.data));

describe("the improved engine's first fit off the page's thread", () => {
  // decision 335
  it("shows the classic in-betweens until the fit arrives, then the improved ones; fits nothing on this thread", async () => {
    const { k, l } = pair();
    const held = heldRunner();
    const engine = offThreadFits(IMPROVED_ENGINE, CLASSIC_ENGINE, held.runner);
    const before = fitCount();
    const t = engine.begin(k, l, PARAMS);
    const classic = CLASSIC_ENGINE.begin(k, l, PARAMS);
    for (const counter of [19, 18, 17]) {
      const shown = t.next(counter);
      expect(same(shown.image, classic.next(counter).image)).toBe(true);
    }
    expect(fitCount()).toBe(before);
    expect(held.held).toHaveLength(1);
    await held.deliver();
    expect(hasFit(k, l)).toBe(true);
    // The fit as posted back makes the same in-betweens as one made here.
    const { k: k2, l: l2 } = pair();
    const local = IMPROVED_ENGINE.begin(k2, l2, PARAMS);
    for (const counter of [16, 10, 1]) {
      expect(same(t.next(counter).image, local.next(counter).image)).toBe(true);
    }
    // The next transition of the pair begins on the kept fit: nothing asked again.
    const again = engine.begin(k, l, PARAMS);
    again.next(19);
    expect(held.held).toHaveLength(0);
  });

  it("asks once per pair; a pair whose fit failed is fitted on this thread, as without a runner", async () => {
    const { k, l } = pair();
    const held = heldRunner();
    const engine = offThreadFits(IMPROVED_ENGINE, CLASSIC_ENGINE, held.runner);
    engine.begin(k, l, PARAMS).next(19);
    engine.begin(k, l, PARAMS).next(19);
    expect(held.held).toHaveLength(1);
    await held.fail();
    const before = fitCount();
    const local = engine.begin(k, l, PARAMS).next(10);
    expect(fitCount()).toBe(before + 1);
    expect(hasFit(k, l)).toBe(true);
    expect(local.image.width).toBe(96);
  });
});

/** A textured picture, shifted by `shift` pixels. */
function textured(shift: number): RgbaImage {
  const image = createImage(48, 36);
  for (let y = 0; y < 36; y++)
    for (let x = 0; x < 48; x++) {
      const o = (y * 48 + x) * 4;
      image.data[o] = ((x + shift) * 7 + y * 3) & 255;
      image.data[o + 1] = 128 + 100 * Math.sin((x + shift) / 3 + y / 5);
      image.data[o + 2] = 90;
      image.data[o + 3] = 255;
    }
  return image;
}

describe("the Live session with a fit runner", () => {
  // decision 335
  it("plays the first improved transition without fitting on the page's thread", async () => {
    const pts = (x: number) =>
      new Map([
        ["a", { x: 10 + x, y: 12 }],
        ["b", { x: 30, y: 20 + x }],
        ["c", { x: 20, y: 30 }],
      ]);
    const scene: Scene = {
      version: 1,
      width: 48,
      height: 36,
      frames: [
        { name: "neutral", image: "n.png", points: pts(0), cuts: [] },
        { name: "smile", image: "s.png", points: pts(3), cuts: [] },
      ],
      zeroFrame: "neutral",
      stories: new Map([["smile", ["smile"]]]),
      rules: [
        { trigger: { kind: "event", event: "greet" }, story: "smile", priority: 0, cooldownMs: 0 },
      ],
      signals: [],
      params: { ...DEFAULT_PARAMS, engine: "improved" },
    };
    const images = new Map([
      ["neutral", textured(0)],
      ["smile", textured(2)],
    ]);
    const held = heldRunner();
    const s = new LiveSession(
      { path: "face.scene.json", text: "{}", scene, images },
      undefined,
      undefined,
      held.runner,
    );
    const before = fitCount();
    s.sendEvent("greet");
    s.step();
    s.step();
    expect(s.result?.record).toMatchObject({ kind: "inbetween", counter: 19 });
    expect(fitCount()).toBe(before);
    await held.deliver();
    s.step();
    expect(s.result?.record).toMatchObject({ kind: "inbetween", counter: 18 });
    expect(fitCount()).toBe(before + 1);
    s.dispose();
  });
});
