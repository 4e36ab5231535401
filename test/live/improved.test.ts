import { describe, expect, it } from "vitest";
import type { EngineFrame, EngineParams } from "../../src/live/engine.js";
import { createImage, type RgbaImage } from "../../src/live/image.js";
import { FieldEvaluator } from "../../src/live/improved/field.js";
import { FieldGeometry } from "../../src/live/improved/geometry.js";
import { fitCount, IMPROVED_ENGINE, ImprovedMorph } from "../../src/live/improved/index.js";
import { mse, qualityScenes } from "../../src/live/quality/index.js";

const PARAMS: EngineParams = { inbetweens: 19, radiusCorrection: 8, cutBand: 3 };
const SCENES = qualityScenes(160, 120);
const scene = (name: string) => SCENES.find((s) => s.name === name)!;

/** Bytes that differ between two pictures' data. */
function differing(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

/** A textured opaque picture: every pixel differs from its neighbours. */
function textured(width: number, height: number): RgbaImage {
  const image = createImage(width, height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      image.data[o] = (x * 7 + y * 3) & 255;
      image.data[o + 1] = (x * 13) ^ (y * 5);
      image.data[o + 2] = 128 + 100 * Math.sin(x / 3 + y / 5);
      image.data[o + 3] = 255;
    }
  return image;
}

function frame(image: RgbaImage, xy: number[], cuts: number[][] = []): EngineFrame {
  return {
    image,
    names: xy.filter((_, i) => i % 2 === 0).map((_, i) => `p${i}`),
    points: Float64Array.from(xy),
    cuts,
  };
}

/** Every in-between of a transition (copies), counter inbetweens … 1. */
function all(k: EngineFrame, l: EngineFrame, params = PARAMS) {
  const transition = IMPROVED_ENGINE.begin(k, l, params);
  const out: { image: RgbaImage; points: Float64Array; t: number }[] = [];
  for (let counter = params.inbetweens; counter >= 1; counter--) {
    const r = transition.next(counter);
    out.push({
      image: { ...r.image, data: new Uint8ClampedArray(r.image.data) },
      points: Float64Array.from(r.points),
      t: (params.inbetweens + 1 - counter) / (params.inbetweens + 1),
    });
  }
  return out;
}

/** The source in K of pixel (x, y) at time t. */
function sourceInK(
  k: EngineFrame,
  l: EngineFrame,
  t: number,
  x: number,
  y: number,
): [number, number] {
  // The control points' field alone: the refined flow registers the pictures, and these are one picture.
  const morph = new ImprovedMorph(k, l, { refine: false });
  morph.prepare(t);
  const n = k.image.width * k.image.height;
  const planes = [0, 1, 2, 3].map(() => new Float32Array(n));
  morph.maps(planes[0]!, planes[1]!, planes[2]!, planes[3]!);
  const i = y * k.image.width + x;
  return [planes[0]![i]!, planes[1]![i]!];
}

describe("improved engine", () => {
  it("leaves no empty or transparent pixel in an opaque picture", () => {
    for (const name of ["mouth", "swirl"]) {
      const s = scene(name);
      for (const { image } of all(s.k, s.l)) {
        let transparent = 0;
        for (let i = 3; i < image.data.length; i += 4) if (image.data[i] !== 255) transparent++;
        expect(transparent).toBe(0);
      }
    }
  });

  it("gives K exactly at t = 0 (counter inbetweens + 1), with a cut", () => {
    const s = scene("mouth");
    const r = IMPROVED_ENGINE.begin(s.k, s.l, PARAMS).next(PARAMS.inbetweens + 1);
    expect(differing(r.image.data, s.k.image.data)).toBe(0);
    expect(Array.from(r.points)).toEqual(Array.from(s.k.points));
  });

  // decision 83
  it("puts every control point exactly on its straight line, at t = n/20", () => {
    const s = scene("mouth");
    const frames = all(s.k, s.l);
    frames.forEach(({ points, t }, n) => {
      expect(t).toBeCloseTo((n + 1) / 20, 12);
      for (let i = 0; i < points.length; i++) {
        expect(points[i]).toBe((1 - t) * s.k.points[i]! + t * s.l.points[i]!);
      }
    });
  });

  it("ends one step from L: the last in-between is much closer to L than to K", () => {
    for (const name of ["bumps", "mouth"]) {
      const s = scene(name);
      const last = all(s.k, s.l).at(-1)!.image;
      const toL = Math.sqrt(mse(last, s.l.image));
      const kToL = Math.sqrt(mse(s.k.image, s.l.image));
      expect(toL).toBeLessThan(0.2 * kToL);
      // And no farther from L than the truth at the same t is.
      expect(toL).toBeLessThan(1.1 * Math.sqrt(mse(s.truth(19 / 20), s.l.image)));
    }
  });

  // decision 85
  it("does not pull a pixel across a cut (compared with the same scene without it)", () => {
    const image = textured(120, 100);
    // p0 moves 20 px right; p1, p2 are the ends of a vertical cut at x = 70, fixed.
    const k = [50, 50, 70, 20, 70, 80];
    const l = [70, 50, 70, 20, 70, 80];
    const withCut = [frame(image, k, [[1, 2]]), frame(image, l, [[1, 2]])] as const;
    const without = [frame(image, k), frame(image, l)] as const;
    for (const t of [0.25, 0.5, 0.95]) {
      const [cx, cy] = sourceInK(withCut[0], withCut[1], t, 80, 50);
      const [fx] = sourceInK(without[0], without[1], t, 80, 50);
      expect(Math.abs(cx - 80)).toBeLessThan(0.05);
      expect(Math.abs(cy - 50)).toBeLessThan(0.05);
      expect(80 - fx).toBeGreaterThan(1);
      // The same side of the cut as p0 is pulled either way.
      const [nx] = sourceInK(withCut[0], withCut[1], t, 60, 50);
      expect(60 - nx).toBeGreaterThan(1);
    }
  });

  it("carries each control point: its sources are K_j and L_j", () => {
    const s = scene("bumps");
    const { width, height } = s.k.image;
    const morph = new ImprovedMorph(s.k, s.l);
    const g = new FieldGeometry(s.k, s.l, width, height);
    const field = new FieldEvaluator(g);
    const u = new Float64Array(2);
    const p = [0, 1, 2, 3].map(() => new Float32Array(width * height));
    for (const t of [0.25, 0.5, 0.75]) {
      morph.prepare(t);
      morph.maps(p[0]!, p[1]!, p[2]!, p[3]!);
      g.update(t);
      for (let j = 0; j < s.k.names.length; j++) {
        const cx = morph.points[2 * j]!;
        const cy = morph.points[2 * j + 1]!;
        // Exactly at C_j(t): the motion is L_j − K_j, so the sources are K_j and L_j.
        field.eval(cx, cy, u, 0);
        expect(cx - t * u[0]!).toBeCloseTo(s.k.points[2 * j]!, 9);
        expect(cy - t * u[1]!).toBeCloseTo(s.k.points[2 * j + 1]!, 9);
        expect(cx + (1 - t) * u[0]!).toBeCloseTo(s.l.points[2 * j]!, 9);
        expect(cy + (1 - t) * u[1]!).toBeCloseTo(s.l.points[2 * j + 1]!, 9);
        // At the nearest pixel, the rendered sources are off by about the rounding.
        const x = Math.round(cx);
        const y = Math.round(cy);
        const i = y * width + x;
        expect(
          Math.hypot(
            p[0]![i]! - (s.k.points[2 * j]! + x - cx),
            p[1]![i]! - (s.k.points[2 * j + 1]! + y - cy),
          ),
        ).toBeLessThan(1);
        expect(
          Math.hypot(
            p[2]![i]! - (s.l.points[2 * j]! + x - cx),
            p[3]![i]! - (s.l.points[2 * j + 1]! + y - cy),
          ),
        ).toBeLessThan(1);
      }
    }
  });

  // decision 87
  it("is deterministic, and its WebAssembly and JavaScript kernels give the same bytes", () => {
    const s = scene("mouth");
    const a = all(s.k, s.l);
    const b = all(s.k, s.l);
    a.forEach((f, i) => {
      expect(differing(f.image.data, b[i]!.image.data)).toBe(0);
    });
    const simd = new ImprovedMorph(s.k, s.l);
    const js = new ImprovedMorph(s.k, s.l, { simd: false });
    expect(js.simd).toBe(false);
    // Node has WebAssembly SIMD: the kernel module must compile, or both sides would be JavaScript.
    expect(simd.simd).toBe(true);
    for (const t of [0.05, 0.5, 0.95]) {
      simd.prepare(t);
      js.prepare(t);
      expect(differing(simd.render().data, js.render().data)).toBe(0);
    }
  });

  it("interpolates the field within a fraction of a pixel of its exact value, cuts included", () => {
    // What the picture feels of an error δu in the motion: K's source moves by t·δu with
    // weight 1 − t, L's by (1 − t)·δu with weight t, so 2t(1 − t)·|δu| in all.
    for (const name of ["mouth", "shear", "bumps", "swirl"]) {
      const s = scene(name);
      const { width, height } = s.k.image;
      for (const t of [0.1, 0.5, 0.9]) {
        // The control points' field on the grid (the refined flow and the cuts' bands,
        // decision 367, replace it by design).
        const morph = new ImprovedMorph(s.k, s.l, { refine: false, bands: false });
        morph.prepare(t);
        const p = [0, 1, 2, 3].map(() => new Float32Array(width * height));
        morph.maps(p[0]!, p[1]!, p[2]!, p[3]!);
        const g = new FieldGeometry(s.k, s.l, width, height);
        g.update(t);
        const field = new FieldEvaluator(g);
        const u = new Float64Array(2);
        const errors = new Float64Array(width * height);
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++) {
            field.eval(x, y, u, 0);
            const i = y * width + x;
            // The grid's motion, from its source in L: v + (1 − t)·u.
            const gx = (p[2]![i]! - x) / (1 - t);
            const gy = (p[3]![i]! - y) / (1 - t);
            errors[i] = 2 * t * (1 - t) * Math.hypot(u[0]! - gx, u[1]! - gy);
          }
        errors.sort();
        expect(errors.reduce((a, b) => a + b, 0) / errors.length).toBeLessThan(0.04);
        expect(errors[Math.floor(errors.length * 0.99)]).toBeLessThan(0.3);
        // The worst pixels lie in the sliver of a mouth just opening (a pixel high), where
        // the motion turns from the upper lip's to the lower lip's within that pixel.
        expect(errors.at(-1)).toBeLessThan(2);
      }
    }
  });

  it("takes the picture as it is where nothing moves", () => {
    const image = textured(64, 48);
    const k = frame(image, [20, 20, 40, 30]);
    const frames = all(k, k);
    for (const f of frames) expect(differing(f.image.data, image.data)).toBe(0);
  });

  // decision 84
  it("pins the picture's corners: a point's move does not drag the frame", () => {
    const image = textured(64, 48);
    const pixel = (d: Uint8ClampedArray, x: number, y: number) => [
      ...d.subarray((y * 64 + x) * 4, (y * 64 + x) * 4 + 4),
    ];
    const corners = [
      [0, 0],
      [63, 0],
      [0, 47],
      [63, 47],
    ] as const;
    const frames = all(frame(image, [32, 24]), frame(image, [44, 30]));
    for (const f of frames)
      for (const [x, y] of corners)
        expect(pixel(f.image.data, x, y)).toEqual(pixel(image.data, x, y));
    expect(differing(frames[9]!.image.data, image.data)).toBeGreaterThan(1000);
  });

  // decision 86
  it("ignores radiusCorrection and cutBand, the classic engine's parameters", () => {
    const image = textured(64, 48);
    const k = frame(image, [20, 20, 40, 30], [[0, 1]]);
    const l = frame(image, [24, 22, 38, 34], [[0, 1]]);
    const a = all(k, l);
    const b = all(k, l, { ...PARAMS, radiusCorrection: 24, cutBand: 9 });
    expect(a.map((f, i) => differing(f.image.data, b[i]!.image.data))).toEqual(a.map(() => 0));
    expect(differing(a[9]!.image.data, image.data)).toBeGreaterThan(0);
  });
});

describe("a recurring pair of key frames", () => {
  // decision 295
  // The fit of K → L (the refined flow and the still pixels) is made once per
  // pair of frames: the studio's player begins the same transitions again and
  // again (a blink, the smile back) on its main thread.
  it("is fitted once, and its in-betweens are the same as a first fit's", () => {
    const s = SCENES[0]!;
    const first = all(s.k, s.l);
    const before = fitCount();
    const again = all(s.k, s.l);
    expect(fitCount()).toBe(before);
    const copy = (f: EngineFrame): EngineFrame => ({ ...f, points: Float64Array.from(f.points) });
    const fresh = all(copy(s.k), copy(s.l));
    expect(fitCount()).toBe(before + 1);
    first.forEach((f, i) => {
      expect(differing(f.image.data, again[i]!.image.data)).toBe(0);
      expect(differing(f.image.data, fresh[i]!.image.data)).toBe(0);
    });
  });
});
