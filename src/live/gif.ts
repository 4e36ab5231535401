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
 * opaque); the animation loops forever. {@link GifStream} encodes frame by
 * frame with a palette quantized up front, and hands out the bytes encoded so
 * far ({@link GifStream.take}), so a long animation streams to disk.
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
 * milliseconds (GIF stores hundredths of a second: 50 ms → 5), with one
 * palette quantized on a sample of the frames. Throws `RangeError` on no
 * frames or frames of different sizes (a caller's bug).
 */
export function encodeGif(
  frames: readonly RgbaImage[],
  delayMs: number,
  options: GifOptions = {},
): Uint8Array {
  const gif = new GifStream(frames, delayMs, options);
  for (const f of frames) gif.add(f);
  return gif.finish();
}

/**
 * A GIF written frame by frame, for animations too long to hold as pictures
 * (`live render`): the palette is quantized up front on `paletteFrames`
 * (e.g. a scene's key frames, whose colours every in-between mixes).
 */
export class GifStream {
  private readonly palette: gifenc.Palette;
  /** Manual mode: the header is written once, and `reset` only empties the bytes held. */
  private readonly encoder = lib.GIFEncoder({ auto: false });
  private readonly width: number;
  private readonly height: number;
  private count = 0;

  /** Throws `RangeError` when `paletteFrames` is empty or of mixed sizes. */
  constructor(
    paletteFrames: readonly RgbaImage[],
    private readonly delayMs: number,
    options: GifOptions = {},
  ) {
    const first = paletteFrames[0];
    if (!first) throw new RangeError("GIF: no frames to take the palette from");
    this.width = first.width;
    this.height = first.height;
    for (const f of paletteFrames) this.checkSize(f);
    const n = options.sampleFrames ?? GIF_DEFAULTS.sampleFrames;
    this.palette = lib.quantize(sample(paletteFrames, n), options.colors ?? GIF_DEFAULTS.colors);
  }

  /** Appends one frame (of the palette frames' size; else `RangeError`). */
  add(frame: RgbaImage): void {
    this.checkSize(frame);
    const index = lib.applyPalette(ownBuffer(frame.data), this.palette);
    const first = this.count === 0;
    if (first) this.encoder.writeHeader();
    this.encoder.writeFrame(
      index,
      this.width,
      this.height,
      first
        ? { first, palette: this.palette, delay: this.delayMs, repeat: 0 }
        : { delay: this.delayMs },
    );
    this.count++;
  }

  /**
   * The bytes encoded since the last call (the header with the first frame),
   * which the stream then no longer holds: write them out after each
   * {@link add}, and {@link finish} gives the rest.
   */
  take(): Uint8Array {
    const bytes = this.encoder.bytes();
    this.encoder.reset();
    return bytes;
  }

  /** Bytes the stream holds (encoded, not yet taken). */
  get held(): number {
    return this.encoder.bytesView().length;
  }

  /** The size of `frame` encoded as one more frame (not added): for estimates before a long render. */
  encodedSize(frame: RgbaImage): number {
    this.checkSize(frame);
    const scratch = lib.GIFEncoder({ auto: false });
    const index = lib.applyPalette(ownBuffer(frame.data), this.palette);
    scratch.writeFrame(index, this.width, this.height, { delay: this.delayMs });
    return scratch.bytesView().length;
  }

  /** Frames added so far. */
  get frames(): number {
    return this.count;
  }

  /** The GIF file (or its end after {@link take}); throws `RangeError` when no frame was added. */
  finish(): Uint8Array {
    if (this.count === 0) throw new RangeError("GIF: no frames added");
    this.encoder.finish();
    return this.encoder.bytes();
  }

  private checkSize(f: RgbaImage): void {
    if (f.width !== this.width || f.height !== this.height) {
      throw new RangeError(
        `GIF: a ${f.width}×${f.height} frame among ${this.width}×${this.height} ones`,
      );
    }
  }
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
