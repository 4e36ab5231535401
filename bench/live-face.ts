/**
 * The bench's in-between: a face-like layout of control points and cuts at
 * 640 × 480 (18 points: mouth corners and lips, eye corners and lids, brows,
 * cheeks; six cuts along the lips and lids, like the demo face), K the
 * quality harness's procedural picture, L the same picture shifted, and the
 * points of L those of a "surprise": mouth and eyes open, brows up.
 */

import { CUTS } from "../scripts/demo/face-model.js";
import type { EngineFrame } from "../src/live/engine.js";
import { createImage, type RgbaImage } from "../src/live/image.js";
import { texture } from "../src/live/quality/texture.js";

/** Name, K position, L − K, on a 320 × 240 face (scaled to the picture). */
const FACE: readonly (readonly [string, number, number, number, number])[] = [
  ["mouthL", 130, 168, 15, 4],
  ["mouthR", 190, 168, -15, 4],
  ["lipTop", 160, 172, 0, -13],
  ["lipBottom", 160, 172, 0, 19],
  ["eyeLOuter", 97, 112, -1, 0],
  ["eyeLInner", 139, 112, 1, 0],
  ["eyeLTop", 118, 100, 0, -5],
  ["eyeLBottom", 118, 121, 0, 4],
  ["eyeROuter", 223, 112, 1, 0],
  ["eyeRInner", 181, 112, -1, 0],
  ["eyeRTop", 202, 100, 0, -5],
  ["eyeRBottom", 202, 121, 0, 4],
  ["browLInner", 140, 84, 0, -13],
  ["browLOuter", 96, 84, 0, -7],
  ["browRInner", 180, 84, 0, -13],
  ["browROuter", 224, 84, 0, -7],
  ["cheekL", 92, 150, 0, 0],
  ["cheekR", 228, 150, 0, 0],
];

function picture(width: number, height: number, shift: number): RgbaImage {
  const image = createImage(width, height);
  const rgb = new Float64Array(3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      texture(x + shift, y, width, height, rgb);
      const o = (y * width + x) * 4;
      image.data[o] = rgb[0]!;
      image.data[o + 1] = rgb[1]!;
      image.data[o + 2] = rgb[2]!;
      image.data[o + 3] = 255;
    }
  }
  return image;
}

/** K and L of the bench face at width × height. */
export function benchFace(width = 640, height = 480): { k: EngineFrame; l: EngineFrame } {
  const sx = width / 320;
  const sy = height / 240;
  const names = FACE.map((p) => p[0]);
  const cuts = CUTS.map((c) => c.map((n) => names.indexOf(n)));
  const k = Float64Array.from(FACE.flatMap(([, x, y]) => [x * sx, y * sy]));
  const l = Float64Array.from(FACE.flatMap(([, x, y, dx, dy]) => [(x + dx) * sx, (y + dy) * sy]));
  return {
    k: { image: picture(width, height, 0), names, points: k, cuts },
    l: { image: picture(width, height, 3), names, points: l, cuts },
  };
}
