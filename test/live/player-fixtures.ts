/** Scenes and a trivial engine for the player's tests (the player does not care how in-betweens look). */
import type { Engine } from "../../src/live/engine.js";
import { createImage, type RgbaImage } from "../../src/live/image.js";
import {
  DEFAULT_PARAMS,
  type Rule,
  type Scene,
  type SceneParams,
} from "../../src/live/scene/model.js";

/** A 4×2 picture filled with one grey level. */
export function flat(level: number): RgbaImage {
  const image = createImage(4, 2);
  for (let i = 0; i < image.data.length; i += 4) image.data.set([level, level, level, 255], i);
  return image;
}

/** Engine whose in-between n has grey level = its counter (and points on the straight line). */
export const COUNTER_ENGINE: Engine = {
  name: "classic",
  begin(k, l, params) {
    const image = createImage(k.image.width, k.image.height);
    const points = new Float64Array(k.points.length);
    return {
      next(counter) {
        image.data.fill(counter);
        const t = (params.inbetweens + 1 - counter) / (params.inbetweens + 1);
        for (let i = 0; i < points.length; i++)
          points[i] = k.points[i]! + t * (l.points[i]! - k.points[i]!);
        return { image, points };
      },
    };
  },
};

const FRAMES = ["neutral", "smile", "surprise", "blink"];

/** A scene of four frames (grey 10, 20, 30, 40), one point `p` moving right, with `rules` and stories named after frames. */
export function testScene(rules: Rule[], params: Partial<SceneParams> = {}): Scene {
  return {
    version: 1,
    width: 4,
    height: 2,
    frames: FRAMES.map((name, i) => ({
      name,
      image: `${name}.png`,
      points: new Map([["p", { x: i, y: 1 }]]),
      cuts: [],
    })),
    zeroFrame: "neutral",
    stories: new Map([
      ...FRAMES.map((f): [string, string[]] => [f, [f]]),
      ["chain", ["smile", "surprise", "blink"]],
    ]),
    rules,
    signals: [{ name: "loud", min: 0, max: 1 }],
    params: { ...DEFAULT_PARAMS, ...params },
  };
}

/** The pictures of {@link testScene}. */
export function testImages(): Map<string, RgbaImage> {
  return new Map(FRAMES.map((name, i) => [name, flat((i + 1) * 10)]));
}

/** An event rule with defaults. */
export function on(event: string, story: string, priority = 0, cooldownMs = 0): Rule {
  return { trigger: { kind: "event", event }, story, priority, cooldownMs };
}
