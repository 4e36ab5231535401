import { describe, expect, it } from "vitest";
import {
  CLASSIC_ENGINE,
  ClassicTransition,
  ClassicWork,
  segmentsCross,
} from "../../src/live/classic/index.js";
import type { EngineFrame, EngineParams } from "../../src/live/engine.js";
import { createImage, type RgbaImage } from "../../src/live/image.js";

/** The seed's worked variations, tick by tick, in the literal whole-pixel reading. */
const PARAMS: EngineParams = {
  inbetweens: 19,
  radiusCorrection: 8,
  cutBand: 3,
  classicReading: "literal",
};
type Rgba = readonly [number, number, number, number];
const SKIN: Rgba = [230, 180, 150, 255];
const DARK: Rgba = [60, 20, 20, 255];

function filled(width: number, height: number, colour: Rgba): RgbaImage {
  const image = createImage(width, height);
  for (let i = 0; i < width * height; i++) image.data.set(colour, i * 4);
  return image;
}

function put(image: RgbaImage, x: number, y: number, colour: Rgba): void {
  image.data.set(colour, (y * image.width + x) * 4);
}

function at(image: RgbaImage, x: number, y: number): number[] {
  const o = (y * image.width + x) * 4;
  return Array.from(image.data.subarray(o, o + 4));
}

/** Pixels of `colour`, as [x, y]. */
function find(image: RgbaImage, colour: Rgba): [number, number][] {
  const out: [number, number][] = [];
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const p = at(image, x, y);
      if (p.every((v, c) => v === colour[c])) out.push([x, y]);
    }
  return out;
}

function bytes(image: RgbaImage): Uint8Array {
  return new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length);
}

function frame(image: RgbaImage, xy: number[], cuts: number[][] = []): EngineFrame {
  return {
    image,
    names: xy.filter((_, i) => i % 2 === 0).map((_, i) => `p${i}`),
    points: Float64Array.from(xy),
    cuts,
  };
}

/** All 19 in-betweens (copies). */
function run(k: EngineFrame, l: EngineFrame, params = PARAMS) {
  const t = CLASSIC_ENGINE.begin(k, l, params);
  const out = [];
  for (let c = params.inbetweens; c >= 1; c--) {
    const r = t.next(c);
    out.push({
      image: { ...r.image, data: new Uint8ClampedArray(r.image.data) },
      points: Float64Array.from(r.points),
    });
  }
  return out;
}

describe("segmentsCross (the seed's k1/k2 test, step 13)", () => {
  it("finds a proper crossing and rejects disjoint segments", () => {
    expect(segmentsCross(0, 0, 10, 10, 0, 10, 10, 0)).toBe(true);
    expect(segmentsCross(0, 0, 4, 4, 0, 10, 10, 0)).toBe(false); // k2 in range, k1 > 1
    expect(segmentsCross(0, 0, 10, 10, 20, 0, 30, -10)).toBe(false);
    expect(segmentsCross(0, 0, 10, 0, 5, 1, 5, 10)).toBe(false); // k1 in range, k2 < 0
  });
  it("counts touching ends as crossing (0 ≤ k ≤ 1 inclusive)", () => {
    expect(segmentsCross(0, 0, 10, 0, 10, 0, 10, 5)).toBe(true); // shared end
    expect(segmentsCross(0, 0, 10, 0, 5, 0, 5, 5)).toBe(true); // T: end of AB on PL
    expect(segmentsCross(5, 0, 5, 5, 0, 0, 10, 0)).toBe(true); // T: P on AB
    expect(segmentsCross(0, 0, 10, 0, 5, 1e-9, 5, 5)).toBe(false); // just short
  });
  it("handles parallel and collinear segments", () => {
    expect(segmentsCross(0, 0, 10, 0, 0, 1, 10, 1)).toBe(false); // parallel, apart
    expect(segmentsCross(0, 0, 10, 0, 5, 0, 15, 0)).toBe(true); // collinear overlap
    expect(segmentsCross(0, 0, 10, 0, 15, 0, 12, 0)).toBe(false); // collinear, apart
    expect(segmentsCross(0, 0, 10, 0, 10, 0, 12, 0)).toBe(true); // collinear, touching
    expect(segmentsCross(0, 0, 10, 10, 12, 12, -2, -2)).toBe(true); // AB contains PL
  });
  it("handles a segment of zero length (a point)", () => {
    expect(segmentsCross(3, 0, 3, 0, 0, 0, 10, 0)).toBe(true);
    expect(segmentsCross(3, 1, 3, 1, 0, 0, 10, 0)).toBe(false);
    expect(segmentsCross(0, 0, 10, 0, 11, 0, 11, 0)).toBe(false);
    expect(segmentsCross(2, 2, 2, 2, 2, 2, 2, 2)).toBe(true);
  });
});

describe("classic engine", () => {
  // decision 95
  it("moves control points in 20 equal steps on straight lines", () => {
    const image = filled(200, 200, SKIN);
    const kxy = [30, 30, 150, 150, 150, 40];
    const lxy = [50, 40, 130, 171, 150, 40];
    const frames = run(frame(image, kxy), frame(image, lxy));
    expect(frames).toHaveLength(19);
    frames.forEach((f, i) => {
      const n = i + 1;
      for (let c = 0; c < kxy.length; c++)
        expect(f.points[c]).toBeCloseTo(kxy[c]! + (n / 20) * (lxy[c]! - kxy[c]!), 9);
    });
    // One more step (the divisor 1 of СПК = 0) lands on L.
    const t = CLASSIC_ENGINE.begin(frame(image, kxy), frame(image, lxy), PARAMS);
    for (let c = 19; c >= 1; c--) t.next(c);
    const last = t.next(0).points;
    for (let c = 0; c < kxy.length; c++) expect(last[c]).toBeCloseTo(lxy[c]!, 9);
  });

  it("shifts a small square toward L_j with its disc", () => {
    const image = filled(160, 120, SKIN);
    for (let y = 58; y <= 62; y++) for (let x = 38; x <= 42; x++) put(image, x, y, DARK);
    const frames = run(frame(image, [40, 60]), frame(image, [80, 60]));
    // Each step moves the centre 2 px; early on the whole square goes with it, intact.
    frames.slice(0, 8).forEach((f, i) => {
      const cx = 40 + 2 * (i + 1);
      const square: [number, number][] = [];
      for (let y = 58; y <= 62; y++) for (let x = cx - 2; x <= cx + 2; x++) square.push([x, y]);
      expect(find(f.image, DARK)).toEqual(square);
    });
    // Later the shrinking disc squeezes it (the literal "last write wins" loses pixels), but it keeps going.
    const centroids = frames.map((f) => {
      const px = find(f.image, DARK);
      expect(px.length).toBeGreaterThan(5);
      return px.reduce((s, [x]) => s + x, 0) / px.length;
    });
    for (let i = 1; i < centroids.length; i++)
      expect(centroids[i]!).toBeGreaterThan(centroids[i - 1]!);
    expect(centroids[18]!).toBeGreaterThan(70);
  });

  it("keeps a pixel across a cut from L_j in place and moves one on L_j's side", () => {
    const ABOVE: Rgba = [0, 0, 255, 255];
    const BELOW: Rgba = [0, 255, 0, 255];
    const image = filled(100, 120, SKIN);
    put(image, 50, 36, ABOVE);
    put(image, 50, 44, BELOW);
    // Point 0 moves down across nothing; the cut (points 1–2, still) runs at y = 40 above it.
    const k = [50, 50, 20, 40, 80, 40];
    const l = [50, 90, 20, 40, 80, 40];
    const step = (cuts: number[][]) =>
      CLASSIC_ENGINE.begin(frame(image, k, cuts), frame(image, l, cuts), PARAMS).next(19).image;
    const cut = step([[1, 2]]);
    expect(find(cut, ABOVE)).toEqual([[50, 36]]);
    expect(find(cut, BELOW)[0]![1]).toBeGreaterThan(44);
    const free = step([]);
    expect(find(free, ABOVE)[0]![1]).toBeGreaterThan(36);
    expect(find(free, BELOW)[0]![1]).toBeGreaterThan(44);
  });

  it("fills the holes of stretching: no transparent pixel in an opaque picture", () => {
    const image = createImage(120, 100);
    for (let y = 0; y < 100; y++)
      for (let x = 0; x < 120; x++) put(image, x, y, [x * 2, y * 2, (x + y) % 256, 255]);
    const k = [60, 50, 30, 30, 90, 70, 40, 80, 80, 80];
    const l = [60, 20, 10, 40, 100, 95, 30, 90, 90, 85];
    const t = new ClassicTransition(frame(image, k, [[3, 4]]), frame(image, l, [[3, 4]]), PARAMS);
    for (let c = 19; c >= 1; c--) {
      const r = t.next(c);
      let transparent = 0;
      for (let i = 3; i < r.image.data.length; i += 4) if (r.image.data[i] !== 255) transparent++;
      expect(transparent).toBe(0);
    }
  });

  it("leaves holes after a stretching move, and its fills close them", () => {
    const work = new ClassicWork(80, 80, 0, 0);
    work.data.set(filled(80, 80, SKIN).data);
    work.moveDisc(40, 40, 40, 10, 19, 2);
    const holes = work.empty.reduce((s, v) => s + v, 0);
    expect(holes).toBeGreaterThan(0);
    work.fillDisc(40, 40, 19);
    expect(work.empty.reduce((s, v) => s + v, 0)).toBeLessThan(holes);
    // A hole wider than the 3×3 neighbourhood is closed only by the beyond-the-seed passes.
    for (let y = 10; y < 15; y++) for (let x = 10; x < 15; x++) work.empty[y * 80 + x] = 1;
    work.fillDisc(12, 12, 3);
    expect(work.empty[12 * 80 + 12]).toBe(1);
    expect(work.fillRest()).toBeGreaterThanOrEqual(1);
    expect(work.empty.every((v) => v === 0)).toBe(true);
    expect(Array.from(work.data.subarray((12 * 80 + 12) * 4, (12 * 80 + 12) * 4 + 4))).toEqual([
      ...SKIN,
    ]);
  });

  // decision 383
  it("averages a band's hole from its own side of the cut under classicBandHoles ownSide, else leaves it for L", () => {
    // Skin above a cut along y = 20.5, a dark lip below; one hole each side of it.
    const make = (ownSide: boolean) => {
      const work = new ClassicWork(40, 40, 1, 2);
      for (let y = 0; y < 40; y++)
        for (let x = 0; x < 40; x++) work.data.set(y <= 20 ? SKIN : DARK, (y * 40 + x) * 4);
      work.setBands(Float64Array.from([0, 20.5, 39, 20.5]), [[0, 1]], 3);
      for (const i of [20 * 40 + 20, 21 * 40 + 20]) {
        work.empty[i] = 1;
        work.data.fill(0, i * 4, i * 4 + 4);
      }
      work.ownSide = ownSide;
      work.fillDisc(20, 20, 5);
      return work;
    };
    const own = make(true);
    expect(Array.from(own.data.subarray((20 * 40 + 20) * 4, (20 * 40 + 20) * 4 + 4))).toEqual([
      ...SKIN,
    ]);
    expect(Array.from(own.data.subarray((21 * 40 + 20) * 4, (21 * 40 + 20) * 4 + 4))).toEqual([
      ...DARK,
    ]);
    const fromL = make(false);
    expect(fromL.empty[20 * 40 + 20]).toBe(1);
    expect(fromL.empty[21 * 40 + 20]).toBe(1);
  });

  // decision 96
  it("fills the empty pixels of a cut band from L (an opening mouth shows L's colour)", () => {
    const kImage = filled(160, 120, SKIN);
    const lImage = filled(160, 120, SKIN);
    for (let y = 0; y < 120; y++)
      for (let x = 0; x < 160; x++)
        if (((x - 80) / 28) ** 2 + ((y - 60) / 14) ** 2 <= 1) put(lImage, x, y, DARK);
    // Points: mouth corners (the cut), upper lip, lower lip.
    const k = [50, 60, 110, 60, 80, 58, 80, 62];
    const l = [50, 60, 110, 60, 80, 44, 80, 76];
    const frames = run(frame(kImage, k, [[0, 1]]), frame(lImage, l, [[0, 1]]));
    const first = frames.findIndex((f) => find(f.image, DARK).length > 0);
    expect(first).toBeGreaterThanOrEqual(0);
    // Where they first appear, L's pixels are inside K*'s band (rows 57–63, columns 47–113).
    for (const [x, y] of find(frames[first]!.image, DARK)) {
      expect(y).toBeGreaterThanOrEqual(57);
      expect(y).toBeLessThanOrEqual(63);
      expect(x).toBeGreaterThanOrEqual(47);
      expect(x).toBeLessThanOrEqual(113);
    }
    expect(find(frames[18]!.image, DARK).length).toBeGreaterThan(
      find(frames[first]!.image, DARK).length,
    );
    // The same transition with no cut drags the lips without opening onto L.
    const plain = run(frame(kImage, k), frame(lImage, l));
    expect(plain.every((f) => find(f.image, DARK).length === 0)).toBe(true);
  });

  it("is deterministic", () => {
    const image = createImage(90, 70);
    for (let i = 0; i < 90 * 70; i++)
      image.data.set([i % 251, (i * 7) % 253, (i * 13) % 255, 255], i * 4);
    const k = frame(image, [20, 20, 60, 40, 45, 35, 70, 35], [[2, 3]]);
    const l = frame(image, [30, 25, 50, 55, 45, 30, 75, 40], [[2, 3]]);
    const a = run(k, l);
    const b = run(k, l);
    a.forEach((f, i) => {
      expect(Buffer.compare(bytes(f.image), bytes(b[i]!.image))).toBe(0);
      expect(f.points).toEqual(b[i]!.points);
    });
    expect(Buffer.compare(bytes(a[18]!.image), bytes(image))).not.toBe(0);
  });
});
