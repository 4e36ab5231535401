/**
 * The pictures whose bytes the improved engine's speed work must not change
 * (test/live/improved-speed.test.ts): in-betweens of the demo face, of the
 * bench's 640 × 480 face and of a photograph scene, each set hashed.
 */
import { createHash } from "node:crypto";
import { drawFace } from "../../scripts/demo/face-draw.js";
import { CUTS, controlPoints, EXPRESSIONS } from "../../scripts/demo/face-model.js";
import type { EngineFrame } from "../../src/live/engine.js";
import { createImage, type RgbaImage } from "../../src/live/image.js";
import { ImprovedMorph } from "../../src/live/improved/index.js";

/**
 * A demo face key frame (drawn as scripts/make-demo.ts draws it, in
 * memory), with the points the pins were made with: the scene's since
 * decision 366 also has `lipShade`, left out here so that the pins stay
 * the engine's (decision 337), not the scene's.
 */
export function demoFrame(name: keyof typeof EXPRESSIONS): EngineFrame {
  const points = controlPoints(EXPRESSIONS[name]).filter(([n]) => n !== "lipShade");
  const names = points.map(([n]) => n);
  return {
    image: drawFace(EXPRESSIONS[name]),
    names,
    points: Float64Array.from(points.flatMap(([, p]) => [p.x, p.y])),
    cuts: CUTS.map((c) => c.map((n) => names.indexOf(n))),
  };
}

/** The SHA-256 (first 16 hex digits) of the in-betweens of K → L at each t, with the SIMD kernel or not. */
export function inbetweenHash(
  k: EngineFrame,
  l: EngineFrame,
  ts: readonly number[],
  simd = true,
): string {
  const morph = new ImprovedMorph(k, l, { simd });
  const hash = createHash("sha256");
  for (const t of ts) {
    morph.prepare(t);
    const image: RgbaImage = morph.render();
    hash.update(image.data);
  }
  return hash.digest("hex").slice(0, 16);
}

/** A deterministic noise picture (every byte, alpha included, varies). */
export function noise(width: number, height: number, seed: number): RgbaImage {
  const image = createImage(width, height);
  let s = seed;
  for (let i = 0; i < image.data.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    image.data[i] = s >>> 24;
  }
  return image;
}
