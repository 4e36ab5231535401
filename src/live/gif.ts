/**
 * Animated GIF out, through `gifenc` (https://github.com/mattdesl/gifenc):
 * its PnnQuant quantizer, palette mapping and LZW encoder.
 *
 * One global palette for the whole animation, quantized once on a sample of
 * the frames (up to {@link GIF_DEFAULTS}`.sampleFrames`, evenly spaced, first
 * and last included): a character's frames share their colours, so one
 * palette keeps a colour from flickering between frames (a per-frame palette
 * would map the same skin to slightly different entries) and the file
 * smaller (no local colour tables). Alpha is ignored (a GIF frame here is
 * opaque); the animation loops forever.
 */
import * as gifenc from "gifenc";
import type { RgbaImage } from "./image.js";

/** Options of {@link encodeGif}. */
export interface GifOptions {
  /** How many frames the palette is quantized on. */
  readonly sampleFrames?: number;
  /** Palette size (2 … 256). */
  readonly colors?: number;
}

/** Defaults of {@link GifOptions}. */
export const GIF_DEFAULTS = { sampleFrames: 8, colors: 256 } as const;

/** The library's functions: named exports (ESM build) or the CommonJS `default` (Node). */
const lib: gifenc.Gifenc =
  typeof (gifenc as Partial<gifenc.Gifenc>).quantize === "function"
    ? (gifenc as unknown as gifenc.Gifenc)
    : (gifenc.default as gifenc.Gifenc);

/**
 * The GIF of `frames` (all of one size; at least one), each shown `delayMs`
 * milliseconds (GIF stores hundredths of a second: 50 ms → 5). Throws
 * `RangeError` on no frames or frames of different sizes (a caller's bug).
 */
export function encodeGif(
  frames: readonly RgbaImage[],
  delayMs: number,
  options: GifOptions = {},
): Uint8Array {
  const first = frames[0];
  if (!first) throw new RangeError("encodeGif: no frames");
  const { width, height } = first;
  for (const f of frames) {
    if (f.width !== width || f.height !== height) {
      throw new RangeError(
        `encodeGif: a ${f.width}×${f.height} frame among ${width}×${height} ones`,
      );
    }
  }
  const palette = lib.quantize(
    sample(frames, options.sampleFrames ?? GIF_DEFAULTS.sampleFrames),
    options.colors ?? GIF_DEFAULTS.colors,
  );
  const gif = lib.GIFEncoder();
  frames.forEach((f, i) => {
    const index = lib.applyPalette(ownBuffer(f.data), palette);
    gif.writeFrame(
      index,
      width,
      height,
      i === 0 ? { palette, delay: delayMs, repeat: 0 } : { delay: delayMs },
    );
  });
  gif.finish();
  return gif.bytes();
}

/** The pixels of up to `count` evenly spaced frames, one after another. */
function sample(frames: readonly RgbaImage[], count: number): Uint8ClampedArray {
  const n = Math.max(1, Math.min(count, frames.length));
  const size = frames[0]!.data.length;
  const out = new Uint8ClampedArray(size * n);
  for (let k = 0; k < n; k++) {
    const i = n === 1 ? 0 : Math.round((k * (frames.length - 1)) / (n - 1));
    out.set(frames[i]!.data, k * size);
  }
  return out;
}

/** `data` itself when it spans its whole buffer (gifenc reads the buffer from offset 0), else a copy. */
function ownBuffer(data: Uint8ClampedArray): Uint8ClampedArray {
  return data.byteOffset === 0 && data.buffer.byteLength === data.byteLength
    ? data
    : new Uint8ClampedArray(data);
}
