/**
 * Bench row `classic-inbetween-vs-tick`: one in-between of the classic engine
 * at 320×240 on the demo scene (`demo/live/face.scene.json`, `neutral` →
 * `smile`, its own parameters) against the player's 50 ms tick. A round is
 * one whole transition (`begin` and the 19 in-betweens); its ratio is the
 * mean time of one in-between ÷ 50 ms. The answer is checked: the control
 * points are on their straight lines, the picture changed, and no pixel is
 * left transparent.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CLASSIC_ENGINE } from "../src/live/classic/index.js";
import { type EngineFrame, type EngineParams, engineFrame } from "../src/live/engine.js";
import { decodePng } from "../src/live/png.js";
import { readScene } from "../src/live/scene/index.js";

const TICK_MS = 50;
const SCENE = fileURLToPath(new URL("../demo/live/face.scene.json", import.meta.url));

/** The demo face's `neutral` and `smile` as engine frames, and the scene's parameters. */
export function demoFace(): { k: EngineFrame; l: EngineFrame; params: EngineParams } {
  const scene = readScene(readFileSync(SCENE, "utf8")).model;
  if (!scene) throw new Error("classic bench: the demo scene does not read");
  const names = [...scene.frames[0]!.points.keys()];
  const frame = (name: string): EngineFrame => {
    const f = scene.frames.find((x) => x.name === name)!;
    const image = decodePng(readFileSync(join(dirname(SCENE), f.image))).image;
    if (!image) throw new Error(`classic bench: ${f.image} does not decode`);
    return engineFrame(image, names, f.points, f.cuts);
  };
  return { k: frame("neutral"), l: frame("smile"), params: scene.params };
}

/** What the row reports: per-round ratios (in-between ms ÷ 50 ms) and times. */
export interface ClassicBench {
  readonly ratio: number;
  readonly min: number;
  readonly max: number;
  /** Median time of one in-between (ms). */
  readonly ms: number;
  readonly tickMs: number;
  /** Largest disc radius of the first in-between (px). */
  readonly maxRadius: number;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** One transition; throws when the answer is wrong. */
function transition(k: EngineFrame, l: EngineFrame, PARAMS: EngineParams, check: boolean): void {
  const t = CLASSIC_ENGINE.begin(k, l, PARAMS);
  for (let c = PARAMS.inbetweens; c >= 1; c--) {
    const r = t.next(c);
    if (!check) continue;
    const n = PARAMS.inbetweens + 1 - c;
    for (let i = 0; i < k.points.length; i++) {
      const want = k.points[i]! + (n / (PARAMS.inbetweens + 1)) * (l.points[i]! - k.points[i]!);
      if (Math.abs(r.points[i]! - want) > 1e-9)
        throw new Error("classic bench: a control point is off its line");
    }
    let changed = 0;
    for (let i = 0; i < r.image.data.length; i += 4) {
      if (r.image.data[i + 3] !== 255)
        throw new Error("classic bench: a pixel was left transparent");
      if (r.image.data[i] !== k.image.data[i]) changed++;
    }
    if (changed === 0) throw new Error("classic bench: the in-between did not change the picture");
  }
}

/** Runs the bench: `rounds` transitions of 19 in-betweens each. */
export function classicBench(rounds: number): ClassicBench {
  const { k, l, params: PARAMS } = demoFace();
  transition(k, l, PARAMS, true);
  transition(k, l, PARAMS, false);
  const ratios: number[] = [];
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t = performance.now();
    transition(k, l, PARAMS, false);
    const ms = (performance.now() - t) / PARAMS.inbetweens;
    times.push(ms);
    ratios.push(ms / TICK_MS);
  }
  let maxRadius = 0;
  for (let j = 0; j < k.points.length / 2; j++) {
    const r = Math.hypot(
      l.points[2 * j]! - k.points[2 * j]!,
      l.points[2 * j + 1]! - k.points[2 * j + 1]!,
    );
    maxRadius = Math.max(maxRadius, (r + PARAMS.radiusCorrection) / 2);
  }
  return {
    ratio: median(ratios),
    min: Math.min(...ratios),
    max: Math.max(...ratios),
    ms: median(times),
    tickMs: TICK_MS,
    maxRadius,
  };
}
