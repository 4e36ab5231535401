/**
 * The quality measurement: an engine's in-betweens of a synthetic scene
 * against the truth (PSNR, dB, on R, G, B), and the jump into L (the last
 * in-between against L). Pure: engines and scenes in, numbers out.
 */
import type { Engine, EngineParams } from "../engine.js";
import type { RgbaImage } from "../image.js";
import type { QualityScene } from "./scenes.js";

/** Mean squared difference of R, G and B (alpha ignored) of two pictures of one size. */
export function mse(a: RgbaImage, b: RgbaImage): number {
  if (a.width !== b.width || a.height !== b.height) return Number.NaN;
  let sum = 0;
  const n = a.width * a.height;
  for (let i = 0; i < n * 4; i += 4) {
    for (let c = 0; c < 3; c++) {
      const d = a.data[i + c]! - b.data[i + c]!;
      sum += d * d;
    }
  }
  return sum / (n * 3);
}

/** Peak signal-to-noise ratio (dB) for 8-bit channels; Infinity for identical pictures. */
export function psnr(a: RgbaImage, b: RgbaImage): number {
  return 10 * Math.log10((255 * 255) / mse(a, b));
}

/** One engine on one scene. */
export interface QualityResult {
  readonly scene: string;
  readonly engine: string;
  /** PSNR of each in-between against the truth, first (counter = inbetweens) to last. */
  readonly psnr: readonly number[];
  readonly meanPsnr: number;
  readonly worstPsnr: number;
  /** The jump into L: RMSE (grey levels) and PSNR of the last in-between against L. */
  readonly jumpRmse: number;
  readonly jumpPsnr: number;
  /** The same for the truth at the last in-between's t (the jump a perfect engine makes). */
  readonly trueJumpRmse: number;
  /** Pixels with alpha 0 in any in-between (a hole) — none for an opaque scene. */
  readonly emptyPixels: number;
}

/** The parameters the measurement runs with (the seed's defaults). */
export const QUALITY_PARAMS: EngineParams = { inbetweens: 19, radiusCorrection: 8, cutBand: 3 };

/** Runs `engine` over `scene` and measures it against the truth. */
export function measure(
  engine: Engine,
  scene: QualityScene,
  params: EngineParams = QUALITY_PARAMS,
): QualityResult {
  const steps = params.inbetweens + 1;
  const transition = engine.begin(scene.k, scene.l, params);
  const values: number[] = [];
  let last: RgbaImage | null = null;
  let empty = 0;
  for (let counter = params.inbetweens; counter >= 1; counter--) {
    const { image } = transition.next(counter);
    const truth = scene.truth((steps - counter) / steps);
    values.push(psnr(image, truth));
    for (let i = 3; i < image.data.length; i += 4) if (image.data[i] === 0) empty++;
    if (counter === 1) last = { ...image, data: new Uint8ClampedArray(image.data) };
  }
  const jump = last ? mse(last, scene.l.image) : Number.NaN;
  const trueJump = mse(scene.truth(params.inbetweens / steps), scene.l.image);
  return {
    scene: scene.name,
    engine: engine.name,
    psnr: values,
    meanPsnr: values.reduce((s, v) => s + v, 0) / values.length,
    worstPsnr: Math.min(...values),
    jumpRmse: Math.sqrt(jump),
    jumpPsnr: 10 * Math.log10((255 * 255) / jump),
    trueJumpRmse: Math.sqrt(trueJump),
    emptyPixels: empty,
  };
}

/** A Markdown table of results (one row per scene and engine). */
export function qualityTable(results: readonly QualityResult[]): string {
  const f = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "∞");
  const lines = [
    "| scene | engine | PSNR mean (dB) | PSNR worst (dB) | jump into L: RMSE | jump: PSNR (dB) | true jump RMSE |",
    "|---|---|---:|---:|---:|---:|---:|",
  ];
  for (const r of results) {
    lines.push(
      `| ${r.scene} | ${r.engine} | ${f(r.meanPsnr)} | ${f(r.worstPsnr)} | ${r.jumpRmse.toFixed(2)} | ${f(r.jumpPsnr)} | ${r.trueJumpRmse.toFixed(2)} |`,
    );
  }
  return lines.join("\n");
}
