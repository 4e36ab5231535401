/**
 * The classic in-between engine: the seed's steps 10–24 with the spec's
 * decisions (docs/live-engines.md, "Classic engine"), in one of three
 * readings of step 14 (`params.classicReading`): `fraction` (the default)
 * makes each in-between from key frame K at its own fraction of the move;
 * `carry` and `literal` are iterative — the first in-between starts from K,
 * each later one from the previous in-between (its picture, its moved
 * control points and cuts) — `carry` keeping each pixel's sub-pixel
 * remainder, `literal` rounding every step to whole pixels.
 */
import type { Engine, EngineFrame, EngineParams, Inbetween, Transition } from "../engine.js";
import { createImage } from "../image.js";
import { type ClassicReading, DEFAULT_PARAMS } from "../scene/model.js";
import { ClassicWork } from "./work.js";

export { CutBands, segmentDistance2 } from "./bands.js";
export { crossesAny, segmentsCross } from "./segments.js";
export { ClassicWork } from "./work.js";

/** The classic engine. */
export const CLASSIC_ENGINE: Engine = {
  name: "classic",
  begin(k: EngineFrame, l: EngineFrame, params: EngineParams): Transition {
    return new ClassicTransition(k, l, params);
  },
};

/** What one in-between did, for tests and diagnostics. */
export interface ClassicStats {
  /** Pixels still empty after step 23, filled beyond the seed. */
  readonly leftAfterBands: number;
}

/** One K → L transition of the classic engine. */
export class ClassicTransition implements Transition {
  private readonly work: ClassicWork;
  /** Control points of the current frame (K, then each in-between). */
  private readonly points: Float64Array;
  /** Control points of the in-between being made (K*). */
  private readonly moved: Float64Array;
  private readonly out: Inbetween;
  private last: ClassicStats = { leftAfterBands: 0 };
  /** The eased share of the way shown by the last in-between (0 at K), when the story eases. */
  private share = 0;
  private readonly reading: ClassicReading;
  /** Per control point, the cuts its own disc may cross (`classicOwnCut: "passes"`), or undefined. */
  private readonly ownCuts: readonly (readonly number[])[] | undefined;
  /** The counter of the last in-between made (inbetweens + 1 before the first). */
  private previous: number;

  constructor(
    private readonly k: EngineFrame,
    private readonly l: EngineFrame,
    private readonly params: EngineParams,
  ) {
    const { width, height } = k.image;
    this.reading = params.classicReading ?? DEFAULT_PARAMS.classicReading;
    // Under `passes`, each control point's own cuts (decision 380).
    this.ownCuts =
      (params.classicOwnCut ?? DEFAULT_PARAMS.classicOwnCut) === "passes"
        ? ownCuts(k.points.length >> 1, k.cuts)
        : undefined;
    this.previous = params.inbetweens + 1;
    let segments = 0;
    let points = 0;
    for (const cut of k.cuts) {
      segments += Math.max(0, cut.length - 1);
      points += cut.length;
    }
    // A closing opening covers what it closes over (decision 389).
    const covers = (params.classicClosing ?? DEFAULT_PARAMS.classicClosing) === "covers";
    this.work = new ClassicWork(width, height, segments, points, this.reading === "carry", covers);
    this.work.data.set(k.image.data);
    // Step 17's band holes (decision 383).
    this.work.ownSide = (params.classicBandHoles ?? DEFAULT_PARAMS.classicBandHoles) === "ownSide";
    this.points = new Float64Array(k.points);
    this.moved = new Float64Array(k.points.length);
    this.out = { image: createImage(width, height), points: new Float64Array(k.points.length) };
  }

  /** Statistics of the last in-between. */
  get stats(): ClassicStats {
    return this.last;
  }

  /**
   * The in-between shown with counter `counter` (СПК after step 7). Iterative
   * readings take 1/(СПК + 1) of what is left from the previous one (when
   * in-betweens were dropped, (p − СПК)/p after the one of counter p);
   * `fraction` takes n = inbetweens + 1 − СПК parts of inbetweens + 1 of the
   * whole move from K. With an eased `fraction` (a story's easing), the
   * fraction reading takes that share of the whole move, and the iterative
   * ones move the remaining part (1 − previous) by this step's share
   * (fraction − previous): the seed's СПК + 1 again for a linear fraction.
   */
  next(counter: number, fraction?: number): Inbetween {
    const { work, points, moved, k, l } = this;
    let divisor = Math.max(1, counter + 1);
    let scale = 1;
    const p = this.previous;
    this.previous = counter;
    if (this.reading === "fraction") {
      if (fraction === undefined) {
        divisor = Math.max(1, this.params.inbetweens + 1);
        scale = Math.min(divisor, Math.max(0, divisor - counter));
      } else {
        divisor = 1;
        scale = Math.min(1, Math.max(0, fraction));
      }
      points.set(k.points);
      work.reset(k.image);
    } else if (fraction !== undefined) {
      divisor = Math.max(1, (1 - this.share) / Math.max(1e-9, fraction - this.share));
    } else if (counter >= 0 && counter < p - 1) {
      divisor = p;
      scale = p - counter;
    }
    if (fraction !== undefined) this.share = fraction;
    const lp = l.points;
    const count = Math.min(points.length, lp.length) >> 1;
    // Steps 15–16: each control point moves by its own disc's centre displacement.
    for (let j = 0; j < count; j++) {
      moved[j * 2] = points[j * 2]! + ((lp[j * 2]! - points[j * 2]!) * scale) / divisor;
      moved[j * 2 + 1] =
        points[j * 2 + 1]! + ((lp[j * 2 + 1]! - points[j * 2 + 1]!) * scale) / divisor;
    }
    work.setCuts(points, k.cuts);
    work.setBands(moved, k.cuts, this.params.cutBand);
    // Steps 10–19: the discs, one after another, in control-point order.
    for (let j = 0; j < count; j++) {
      const kx = points[j * 2]!;
      const ky = points[j * 2 + 1]!;
      const lx = lp[j * 2]!;
      const ly = lp[j * 2 + 1]!;
      if (Number.isNaN(kx + ky + lx + ly)) continue;
      const radius = (Math.hypot(lx - kx, ly - ky) + this.params.radiusCorrection) / 2;
      if (!(radius >= 0)) continue;
      work.passing = this.ownCuts?.[j] ?? NO_CUTS;
      work.moveDisc(kx, ky, lx, ly, radius, divisor, scale);
      work.fillDisc(kx, ky, radius);
    }
    // Steps 20–23, then the beyond-the-seed fill; step 24 hands K* over.
    work.fillBands(l.image);
    this.last = { leftAfterBands: work.fillRest() };
    points.set(moved);
    this.out.image.data.set(work.data);
    (this.out.points as Float64Array).set(points);
    return this.out;
  }
}

/** No cut passes (the seed's step 13 as written). */
const NO_CUTS: readonly number[] = [];

/** For each of `count` control points, the indices of the cuts that pass through it. */
function ownCuts(count: number, cuts: readonly (readonly number[])[]): number[][] {
  const own: number[][] = Array.from({ length: count }, () => []);
  cuts.forEach((cut, i) => {
    for (const p of new Set(cut)) if (p >= 0 && p < count) own[p]!.push(i);
  });
  return own;
}
