/**
 * Bench rows `quality-photo-*`: the improved engine's picture quality on the
 * photograph scenes (src/live/quality/photo.ts, scikit-image's astronaut at
 * 128 × 128, 256 × 256 in a full run), against the better of the two
 * baselines at each in-between: a thin-plate-spline warp + dissolve and a
 * piecewise-affine warp + dissolve (src/live/quality/baselines.ts, both in
 * TypeScript, the same control points plus the corners). The ratio is the
 * error's: MSE(ours) ÷ MSE(best baseline) against the truth; min and max
 * over the in-betweens, the row's ratio is the worst (max). The goal 0.79 is
 * "at least 1 dB better at every in-between" (10^(−1/10)).
 */
import type { EngineParams } from "../src/live/engine.js";
import { IMPROVED_ENGINE } from "../src/live/improved/index.js";
import { PIECEWISE_AFFINE, TPS_DISSOLVE } from "../src/live/quality/baselines.js";
import { measure } from "../src/live/quality/index.js";
import { photoScenes } from "../src/live/quality/photo.js";
import type { BenchRow } from "./harness.js";
import { astronaut } from "./photo.js";

/** 1 dB better: the error's ratio at most 10^(−0.1). */
export const QUALITY_GOAL = 0.79;
const NAMES = ["photo-smooth", "photo-local", "photo-slit", "photo-shear"] as const;
const PEER =
  "better of TPS + dissolve and piecewise-affine + dissolve at each in-between (TypeScript)";

/** The four rows; `quick` runs 64 × 64 with 9 in-betweens. */
export function qualityBench(quick: boolean): BenchRow[] {
  const size = quick ? 64 : 256;
  const params: EngineParams = { inbetweens: quick ? 9 : 19, radiusCorrection: 8, cutBand: 3 };
  const photo = astronaut(size);
  if (typeof photo === "string") {
    return NAMES.map((name) => ({
      name: `quality-${name}`,
      peer: PEER,
      ratio: null,
      min: null,
      max: null,
      goal: QUALITY_GOAL,
      note: `peer skipped: no photograph (scikit-image's astronaut): ${photo}`,
    }));
  }
  const db = (v: number) => v.toFixed(1);
  return photoScenes(photo).map((s) => {
    const ours = measure(IMPROVED_ENGINE, s, params);
    const tps = measure(TPS_DISSOLVE, s, params);
    const pa = measure(PIECEWISE_AFFINE, s, params);
    // MSE ratio from the PSNR difference: 10^(−(ours − best)/10).
    const ratios = ours.psnr.map((v, i) => 10 ** (-(v - Math.max(tps.psnr[i]!, pa.psnr[i]!)) / 10));
    const margins = ratios.map((r) => -10 * Math.log10(r));
    return {
      name: `quality-${s.name}`,
      peer: PEER,
      ratio: Math.max(...ratios),
      min: Math.min(...ratios),
      max: Math.max(...ratios),
      goal: QUALITY_GOAL,
      note: `${size}×${size}, ${params.inbetweens} in-betweens; PSNR mean (worst) dB: ours ${db(ours.meanPsnr)} (${db(ours.worstPsnr)}), TPS ${db(tps.meanPsnr)} (${db(tps.worstPsnr)}), piecewise-affine ${db(pa.meanPsnr)} (${db(pa.worstPsnr)}); margin over the better one ${db(Math.min(...margins))}–${db(Math.max(...margins))} dB; per in-between (t = 1/${params.inbetweens + 1} …): ${margins.map((m) => m.toFixed(2)).join(" ")}`,
    };
  });
}
