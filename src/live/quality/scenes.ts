/**
 * Synthetic scenes whose true in-betweens are known: a procedural picture K
 * moved by a known field (smooth, or torn along a cut), L = K moved by the
 * whole field, the truth at t = K moved by t times it. Control points are
 * sampled from the field at feature spots, so C(t) = (1 − t)·K_j + t·L_j
 * lies on the true motion. Everything is drawn from the continuous picture:
 * the truth is never resampled.
 */
import type { EngineFrame } from "../engine.js";
import { createImage, type RgbaImage } from "../image.js";
import { inside, texture } from "./texture.js";

/** A scene of the quality measurement. */
export interface QualityScene {
  readonly name: string;
  /** One line: what moves. */
  readonly description: string;
  readonly k: EngineFrame;
  readonly l: EngineFrame;
  /** The true picture at time t (0 = K, 1 = L); drawn once per t and kept (do not modify it). */
  truth(t: number): RgbaImage;
}

/** A picture as a function of the continuous position: writes R, G, B (0–255, not rounded) into out. */
export type Paint = (x: number, y: number, out: Float64Array) => void;

/** How a scene moves: where screen point (x, y) at time t comes from in K. */
export interface Motion {
  /** Writes the source into src[0..1]; false when (x, y) shows the revealed inside instead. */
  source(x: number, y: number, t: number, src: Float64Array): boolean;
  /** The picture K at a point: the texture, plus what the scene draws on it (a closed slit). */
  paint(x: number, y: number, out: Float64Array): void;
}

export interface Spot {
  readonly name: string;
  readonly k: readonly [number, number];
  readonly l: readonly [number, number];
}

/** Draws the picture of `motion` at time t. */
function draw(motion: Motion, width: number, height: number, t: number): RgbaImage {
  const image = createImage(width, height);
  const src = new Float64Array(2);
  const rgb = new Float64Array(3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (motion.source(x, y, t, src)) motion.paint(src[0]!, src[1]!, rgb);
      else inside(x, y, rgb);
      const o = (y * width + x) * 4;
      image.data[o] = Math.round(rgb[0]!);
      image.data[o + 1] = Math.round(rgb[1]!);
      image.data[o + 2] = Math.round(rgb[2]!);
      image.data[o + 3] = 255;
    }
  }
  return image;
}

export function scene(
  name: string,
  description: string,
  motion: Motion,
  width: number,
  height: number,
  spots: readonly Spot[],
  cuts: readonly (readonly string[])[],
): QualityScene {
  const names = spots.map((s) => s.name);
  /** Truths already drawn, by t (the same t is asked once per engine). */
  const truths = new Map<number, RgbaImage>();
  const frame = (image: RgbaImage, at: "k" | "l"): EngineFrame => ({
    image,
    names,
    points: Float64Array.from(spots.flatMap((s) => [...s[at]])),
    cuts: cuts.map((c) => c.map((n) => names.indexOf(n))),
  });
  return {
    name,
    description,
    k: frame(draw(motion, width, height, 0), "k"),
    l: frame(draw(motion, width, height, 1), "l"),
    truth: (t) => {
      let image = truths.get(t);
      if (!image) {
        image = draw(motion, width, height, t);
        truths.set(t, image);
      }
      return image;
    },
  };
}

const SCRATCH = new Float64Array(2);

/** Solves x = y − t·F(x) by fixed-point iteration (F a smooth forward field with |∇F| < 1). */
function invert(
  field: (x: number, y: number, d: Float64Array) => void,
  x: number,
  y: number,
  t: number,
  src: Float64Array,
): void {
  const d = SCRATCH;
  let sx = x;
  let sy = y;
  for (let i = 0; i < 20; i++) {
    field(sx, sy, d);
    sx = x - t * d[0]!;
    sy = y - t * d[1]!;
  }
  src[0] = sx;
  src[1] = sy;
}

/** Gaussian bumps (centre x, centre y, sigma, shift x, shift y; fractions of the width/height). */
export function bumpsScene(
  name: string,
  description: string,
  bumps: readonly (readonly [number, number, number, number, number])[],
  width: number,
  height: number,
  paint: Paint = (x, y, out) => texture(x, y, width, height, out),
): QualityScene {
  const b = bumps.map(([cx, cy, s, ax, ay]) => [
    cx * width,
    cy * height,
    s * width,
    ax * width,
    ay * width,
  ]);
  const field = (x: number, y: number, d: Float64Array) => {
    d[0] = 0;
    d[1] = 0;
    for (const [cx, cy, s, ax, ay] of b) {
      const g = Math.exp(-((x - cx!) ** 2 + (y - cy!) ** 2) / (2 * s! * s!));
      d[0] += ax! * g;
      d[1] += ay! * g;
    }
  };
  const motion: Motion = {
    source: (x, y, t, src) => {
      invert(field, x, y, t, src);
      return true;
    },
    paint,
  };
  const d = new Float64Array(2);
  const spots: Spot[] = [];
  const at = (name: string, x: number, y: number) => {
    field(x, y, d);
    spots.push({ name, k: [x, y], l: [x + d[0]!, y + d[1]!] });
  };
  b.forEach(([cx, cy, s], i) => {
    at(`c${i}`, cx!, cy!);
    for (let j = 0; j < 4; j++) {
      const a = 0.4 + i + (j * Math.PI) / 2;
      at(`c${i}_${j}`, cx! + 1.3 * s! * Math.cos(a), cy! + 1.3 * s! * Math.sin(a));
    }
  });
  return scene(name, description, motion, width, height, spots, []);
}

/** A closed mouth slit that opens: above it moves up, below it down, the inside shows between. */
export function mouthScene(
  width: number,
  height: number,
  base: Paint = (x, y, out) => texture(x, y, width, height, out),
  name = "mouth",
): QualityScene {
  const xc = 0.5 * width;
  const y0 = Math.round(0.6 * height) + 0.5;
  const hw = 0.22 * width;
  const dmax = 0.06 * width;
  const sigma = 0.09 * width;
  const open = (x: number) => (Math.abs(x - xc) < hw ? dmax * (1 - ((x - xc) / hw) ** 2) : 0);
  const fall = (dy: number) => Math.exp(-(dy * dy) / (2 * sigma * sigma));
  const motion: Motion = {
    source: (x, y, t, src) => {
      const d = t * open(x);
      src[0] = x;
      if (y < y0 - d) {
        let s = y;
        for (let i = 0; i < 20; i++) s = y + d * fall(s - y0);
        src[1] = Math.min(s, y0 - 1e-9);
        return true;
      }
      if (y > y0 + d) {
        let s = y;
        for (let i = 0; i < 20; i++) s = y - d * fall(s - y0);
        src[1] = Math.max(s, y0 + 1e-9);
        return true;
      }
      src[1] = y;
      return d === 0;
    },
    paint: (x, y, out) => {
      base(x, y, out);
      // The closed lips: a dark line along the slit.
      const taper = open(x) / dmax;
      const k = 1 - 0.6 * taper * Math.exp(-((y - y0) ** 2) / 2);
      for (let c = 0; c < 3; c++) out[c] = out[c]! * k;
    },
  };
  const spots: Spot[] = [
    { name: "left", k: [xc - hw, y0], l: [xc - hw, y0] },
    { name: "right", k: [xc + hw, y0], l: [xc + hw, y0] },
  ];
  for (const [i, f] of [-0.5, 0, 0.5].entries()) {
    const x = xc + f * hw;
    const d = open(x);
    spots.push({ name: `up${i}`, k: [x, y0], l: [x, y0 - d] });
    spots.push({ name: `low${i}`, k: [x, y0], l: [x, y0 + d] });
    for (const side of [-1, 1]) {
      const y = y0 + side * 1.2 * sigma;
      spots.push({
        name: `${side < 0 ? "cheek" : "chin"}${i}`,
        k: [x, y],
        l: [x, y + side * d * fall(y - y0)],
      });
    }
  }
  for (const [i, [fx, fy]] of [
    [0.2, 0.25],
    [0.8, 0.25],
    [0.5, 0.2],
    [0.15, 0.85],
    [0.85, 0.85],
  ].entries()) {
    spots.push({
      name: `still${i}`,
      k: [fx! * width, fy! * height],
      l: [fx! * width, fy! * height],
    });
  }
  const cuts = [
    ["left", "up0", "up1", "up2", "right"],
    ["left", "low0", "low1", "low2", "right"],
  ];
  return scene(
    name,
    "a slit opens: above moves up, below down, the inside shows (cut)",
    motion,
    width,
    height,
    spots,
    cuts,
  );
}

/** A straight cut; the picture left of it slides up along it, the right side stays. */
export function shearScene(
  width: number,
  height: number,
  paint: Paint = (x, y, out) => texture(x, y, width, height, out),
  name = "shear",
): QualityScene {
  const xc = Math.round(0.5 * width) + 0.5;
  const ya = 0.2 * height;
  const yb = 0.8 * height;
  const dmax = 0.05 * width;
  const sigma = 0.1 * width;
  const slide = (y: number) =>
    y > ya && y < yb ? dmax * Math.sin((Math.PI * (y - ya)) / (yb - ya)) ** 2 : 0;
  const fall = (x: number) => (x < xc ? Math.exp(-((x - xc) ** 2) / (2 * sigma * sigma)) : 0);
  const motion: Motion = {
    source: (x, y, t, src) => {
      const g = t * fall(x);
      let s = y;
      for (let i = 0; i < 20; i++) s = y + g * slide(s);
      src[0] = x;
      src[1] = s;
      return true;
    },
    paint,
  };
  const spots: Spot[] = [
    { name: "top", k: [xc, ya], l: [xc, ya] },
    { name: "bottom", k: [xc, yb], l: [xc, yb] },
  ];
  for (const [i, f] of [0.25, 0.5, 0.75].entries()) {
    const y = ya + f * (yb - ya);
    for (const dx of [-2, -1.5 * sigma]) {
      const x = xc + dx;
      spots.push({
        name: `left${i}_${dx < -2 ? "far" : "near"}`,
        k: [x, y],
        l: [x, y - slide(y) * fall(x)],
      });
    }
    spots.push({ name: `right${i}`, k: [xc + 2, y], l: [xc + 2, y] });
  }
  for (const [i, [fx, fy]] of [
    [0.15, 0.1],
    [0.85, 0.1],
    [0.15, 0.9],
    [0.85, 0.9],
    [0.8, 0.5],
  ].entries()) {
    spots.push({
      name: `still${i}`,
      k: [fx! * width, fy! * height],
      l: [fx! * width, fy! * height],
    });
  }
  return scene(
    name,
    "the left of a straight cut slides along it, the right stays (cut)",
    motion,
    width,
    height,
    spots,
    [["top", "bottom"]],
  );
}

/** The quality scenes at width × height (the tests use a small size; the docs' table 320 × 240). */
export function qualityScenes(width = 256, height = 192): QualityScene[] {
  return [
    bumpsScene(
      "bumps",
      "three Gaussian bumps push the picture (smooth, no cut)",
      [
        [0.35, 0.4, 0.12, 0.05, 0.03],
        [0.65, 0.55, 0.14, -0.04, 0.05],
        [0.5, 0.3, 0.1, 0.02, -0.05],
      ],
      width,
      height,
    ),
    bumpsScene(
      "swirl",
      "four bumps turning around the centre (smooth, no cut)",
      [
        [0.4, 0.4, 0.1, 0.04, -0.04],
        [0.6, 0.4, 0.1, 0.04, 0.04],
        [0.6, 0.6, 0.1, -0.04, 0.04],
        [0.4, 0.6, 0.1, -0.04, -0.04],
      ],
      width,
      height,
    ),
    mouthScene(width, height),
    shearScene(width, height),
  ];
}
