/**
 * Bench row `classic-inbetween-vs-tick`: one in-between of the classic engine
 * at 320×240 against the player's 50 ms tick. The scene is a synthetic face
 * drawn here (the demo face is made elsewhere): 15 control points (brows,
 * eye corners and lids, mouth corners and lips, chin), 3 cuts (two eye
 * slits, the mouth), K neutral and L a wide smile with the mouth open, so the
 * discs of the first in-between have radii from 4 (still points) to 30.5 px. A round is one whole
 * transition (`begin` and the 19 in-betweens); its ratio is the mean time of
 * one in-between ÷ 50 ms. The answer is checked: the control points are on
 * their straight lines, the picture changed, and no pixel is left transparent.
 */
import { CLASSIC_ENGINE } from "../src/live/classic/index.js";
import type { EngineFrame, EngineParams } from "../src/live/engine.js";
import { createImage, type RgbaImage } from "../src/live/image.js";

const W = 320;
const H = 240;
const TICK_MS = 50;
const PARAMS: EngineParams = { inbetweens: 19, radiusCorrection: 8, cutBand: 3 };

/** Control points: name, K (neutral) and L (smile). */
const POINTS: readonly (readonly [string, number, number, number, number])[] = [
  ["brow_l_out", 100, 78, 96, 58],
  ["brow_l_in", 140, 74, 140, 44],
  ["brow_r_in", 180, 74, 180, 44],
  ["brow_r_out", 220, 78, 224, 58],
  ["eye_l_out", 106, 102, 106, 102],
  ["eye_l_in", 140, 102, 140, 102],
  ["eye_l_lid", 123, 96, 123, 86],
  ["eye_r_in", 180, 102, 180, 102],
  ["eye_r_out", 214, 102, 214, 102],
  ["eye_r_lid", 197, 96, 197, 86],
  ["mouth_l", 128, 172, 98, 146],
  ["mouth_r", 192, 172, 222, 146],
  ["lip_up", 160, 167, 160, 156],
  ["lip_low", 160, 177, 160, 230],
  ["chin", 160, 212, 160, 238],
];
const CUTS = [
  ["eye_l_out", "eye_l_in"],
  ["eye_r_in", "eye_r_out"],
  ["mouth_l", "mouth_r"],
];

type Rgb = readonly [number, number, number];

/** Inside the ellipse centred (cx, cy) with half-axes rx, ry? */
function inEllipse(x: number, y: number, cx: number, cy: number, rx: number, ry: number): boolean {
  return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
}

/** The face with its features where `at` puts them; `open` is the mouth's opening (px). */
function drawFace(at: (name: string) => readonly [number, number], open: number): RgbaImage {
  const image = createImage(W, H);
  const [mlx, mly] = at("mouth_l");
  const [mrx, mry] = at("mouth_r");
  const [, upy] = at("lip_up");
  const [, lowy] = at("lip_low");
  const mcx = (mlx + mrx) / 2;
  const mcy = (mly + mry) / 2;
  const mrxh = (mrx - mlx) / 2;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let c: Rgb = [70 + y / 6, 110 + y / 8, 160 - y / 8];
      if (inEllipse(x, y, 160, 128, 96, 112)) {
        const shade = 1 - 0.25 * (((x - 150) / 96) ** 2 + ((y - 110) / 112) ** 2);
        c = [235 * shade, 188 * shade, 158 * shade];
      }
      for (const side of ["l", "r"]) {
        const [ox, oy] = at(`eye_${side}_${side === "l" ? "out" : "in"}`);
        const [ix] = at(`eye_${side}_${side === "l" ? "in" : "out"}`);
        const [, lidy] = at(`eye_${side}_lid`);
        const ecx = (ox + ix) / 2;
        if (inEllipse(x, y, ecx, oy, (ix - ox) / 2, 9) && y >= lidy - 1) {
          c = inEllipse(x, y, ecx, oy + 1, 6, 6) ? [60, 90, 50] : [245, 245, 240];
          if (inEllipse(x, y, ecx, oy + 1, 2.5, 2.5)) c = [15, 15, 20];
        }
        const [box, boy] = at(`brow_${side}_out`);
        const [bix, biy] = at(`brow_${side}_in`);
        if (inEllipse(x, y, (box + bix) / 2, (boy + biy) / 2, Math.abs(bix - box) / 2 + 4, 4)) {
          c = [80, 55, 40];
        }
      }
      if (inEllipse(x, y, 160, 140, 7, 14)) c = [c[0] * 0.9, c[1] * 0.88, c[2] * 0.88];
      if (inEllipse(x, y, mcx, (upy + lowy) / 2, mrxh, (lowy - upy) / 2 + 4)) c = [180, 70, 80];
      if (open > 0 && inEllipse(x, y, mcx, (upy + lowy) / 2, mrxh - 6, open / 2)) {
        c = y < (upy + lowy) / 2 - open / 2 + 5 ? [240, 240, 235] : [70, 20, 25];
      } else if (open === 0 && Math.abs(y - mcy) < 1 && x > mlx && x < mrx) c = [90, 30, 35];
      image.data.set([c[0], c[1], c[2], 255], (y * W + x) * 4);
    }
  }
  return image;
}

/** K (neutral) and L (smile) of the synthetic face. */
export function syntheticFace(): { k: EngineFrame; l: EngineFrame } {
  const names = POINTS.map((p) => p[0]);
  const index = new Map(names.map((n, i) => [n, i]));
  const cuts = CUTS.map((c) => c.map((n) => index.get(n)!));
  const frame = (o: 1 | 3, open: number): EngineFrame => {
    const pos = (name: string) => {
      const p = POINTS[index.get(name)!]!;
      return [p[o] as number, p[o + 1] as number] as const;
    };
    return {
      image: drawFace(pos, open),
      names,
      points: Float64Array.from(POINTS.flatMap((p) => [p[o] as number, p[o + 1] as number])),
      cuts,
    };
  };
  return { k: frame(1, 0), l: frame(3, 56) };
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
function transition(k: EngineFrame, l: EngineFrame, check: boolean): void {
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
  const { k, l } = syntheticFace();
  transition(k, l, true);
  transition(k, l, false);
  const ratios: number[] = [];
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t = performance.now();
    transition(k, l, false);
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
