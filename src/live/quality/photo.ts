/**
 * Quality scenes made from a photograph (docs/live-engines.md, "Quality"):
 * the photograph is K, taken as a continuous picture by bilinear
 * interpolation of its pixels (so K is the photograph exactly); L and the
 * truth at every t are it moved by a known field, drawn from the continuous
 * picture (sampled once, never resampled). The caller supplies the
 * photograph (the tests and the bench read scikit-image's `astronaut`).
 */
import type { RgbaImage } from "../image.js";
import { sample } from "./baselines.js";
import {
  bumpsScene,
  type Motion,
  mouthScene,
  type Paint,
  type QualityScene,
  type Spot,
  scene,
  shearScene,
} from "./scenes.js";

/** The photograph as a continuous picture: bilinear between pixel centres, edge-clamped. */
export function photoPaint(photo: RgbaImage): Paint {
  return (x, y, out) => {
    for (let c = 0; c < 3; c++) out[c] = sample(photo, x, y, c);
  };
}

/** A compactly supported bump: 1 at its centre, (1 − r²/R²)³ inside radius R, exactly 0 outside. */
function bump(dx: number, dy: number, radius: number): number {
  const q = 1 - (dx * dx + dy * dy) / (radius * radius);
  return q > 0 ? q * q * q : 0;
}

/**
 * A local change: one bump of radius `r` (fraction of the width) moves a
 * small part of the picture; everything farther than r stays exactly still.
 */
function localScene(photo: RgbaImage, paint: Paint): QualityScene {
  const { width, height } = photo;
  const cx = 0.62 * width;
  const cy = 0.4 * height;
  const r = 0.16 * width;
  const ax = 0.035 * width;
  const ay = -0.045 * width;
  const field = (x: number, y: number, d: Float64Array) => {
    const g = bump(x - cx, y - cy, r);
    d[0] = ax * g;
    d[1] = ay * g;
  };
  const d = new Float64Array(2);
  const motion: Motion = {
    source: (x, y, t, src) => {
      let sx = x;
      let sy = y;
      for (let i = 0; i < 30; i++) {
        field(sx, sy, d);
        sx = x - t * d[0]!;
        sy = y - t * d[1]!;
      }
      src[0] = sx;
      src[1] = sy;
      return true;
    },
    paint,
  };
  const spots: Spot[] = [];
  const at = (name: string, x: number, y: number) => {
    field(x, y, d);
    spots.push({ name, k: [x, y], l: [x + d[0]!, y + d[1]!] });
  };
  at("c", cx, cy);
  for (let j = 0; j < 6; j++) {
    const a = (j * Math.PI) / 3;
    at(`in${j}`, cx + 0.5 * r * Math.cos(a), cy + 0.5 * r * Math.sin(a));
    at(`out${j}`, cx + 1.05 * r * Math.cos(a + 0.5), cy + 1.05 * r * Math.sin(a + 0.5));
  }
  for (const [i, [fx, fy]] of [
    [0.2, 0.2],
    [0.2, 0.8],
    [0.8, 0.85],
    [0.5, 0.75],
  ].entries()) {
    at(`still${i}`, fx! * width, fy! * height);
  }
  return scene(
    "photo-local",
    "a bump moves a small part of the photograph; the rest stays exactly still",
    motion,
    width,
    height,
    spots,
    [],
  );
}

/** The photograph scenes: a smooth warp, a local change, an opening slit, a shear along a cut. */
export function photoScenes(photo: RgbaImage): QualityScene[] {
  const { width, height } = photo;
  const paint = photoPaint(photo);
  return [
    bumpsScene(
      "photo-smooth",
      "three Gaussian bumps push the photograph (smooth, no cut)",
      [
        [0.35, 0.4, 0.12, 0.05, 0.03],
        [0.65, 0.55, 0.14, -0.04, 0.05],
        [0.5, 0.3, 0.1, 0.02, -0.05],
      ],
      width,
      height,
      paint,
    ),
    localScene(photo, paint),
    mouthScene(width, height, paint, "photo-slit"),
    shearScene(width, height, paint, "photo-shear"),
  ];
}
