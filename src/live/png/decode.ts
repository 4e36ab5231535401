/**
 * PNG → RGBA8 through `fast-png` (https://github.com/image-js/fast-png): any
 * bit depth and colour type, palettes (with tRNS alpha), grey and RGB colour
 * keys; 16-bit samples are scaled to 8 bits by rounding v·255/65535. Never
 * throws: the decoder's exceptions become PNG002 diagnostics. The header's
 * size is checked first, so a hostile header cannot make the decoder
 * allocate a picture far beyond {@link PNG_DECODE_DEFAULTS}`.maxPixels`.
 */
import { convertIndexedToRgb, type DecodedPng, decode, hasPngSignature } from "fast-png";
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { createImage, type RgbaImage } from "../image.js";
import { PNG, type PngCode, type PngKind } from "./codes.js";

/** Options of {@link decodePng}. */
export interface PngDecodeOptions {
  /** Largest picture accepted, width × height (pixels). */
  readonly maxPixels?: number;
}

/** Defaults of {@link PngDecodeOptions}: 64 Mpx (256 MiB of RGBA). */
export const PNG_DECODE_DEFAULTS = { maxPixels: 1 << 26 } as const;

/** Result of {@link decodePng}: the picture, or diagnostics saying why there is none (byte offsets). */
export interface PngDecodeResult {
  readonly image?: RgbaImage;
  readonly diagnostics: Diagnostic<PngCode>[];
}

/** Offsets of the IHDR's width and height: signature (8), chunk length (4), type (4). */
const IHDR_WIDTH = 16;

/** Decodes a PNG file's bytes into an RGBA picture; see the module comment. */
export function decodePng(bytes: Uint8Array, options: PngDecodeOptions = {}): PngDecodeResult {
  const sink = new DiagnosticSink<PngKind>();
  if (!hasPngSignature(bytes)) {
    sink.report(
      PNG.signature,
      msg`not a PNG picture: no PNG signature at the start`,
      0,
      Math.min(8, bytes.length),
    );
    return { diagnostics: sink.items };
  }
  const maxPixels = options.maxPixels ?? PNG_DECODE_DEFAULTS.maxPixels;
  if (bytes.length >= IHDR_WIDTH + 8 && isIhdr(bytes)) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const width = view.getUint32(IHDR_WIDTH);
    const height = view.getUint32(IHDR_WIDTH + 4);
    if (width === 0 || height === 0 || width * height > maxPixels) {
      sink.report(
        PNG.tooLarge,
        msg`the header declares ${{ width }} × ${{ height }} pixels; accepted are 1 … ${{ max: maxPixels }} pixels`,
        IHDR_WIDTH,
        IHDR_WIDTH + 8,
      );
      return { diagnostics: sink.items };
    }
  }
  let png: DecodedPng;
  let rgba: RgbaImage;
  try {
    png = decode(bytes, { checkCrc: true });
    rgba = toRgba(png);
  } catch (e) {
    const words = e instanceof Error ? e.message.replace(/:$/, "") : String(e);
    const cause = e instanceof Error && e.cause instanceof Error ? ` (${e.cause.message})` : "";
    sink.report(
      PNG.corrupt,
      `cannot decode the PNG: ${words}${cause}`,
      0,
      Math.min(8, bytes.length),
    );
    return { diagnostics: sink.items };
  }
  return { image: rgba, diagnostics: sink.items };
}

/** Whether the first chunk is IHDR (its type at bytes 12–15). */
function isIhdr(bytes: Uint8Array): boolean {
  return bytes[12] === 0x49 && bytes[13] === 0x48 && bytes[14] === 0x44 && bytes[15] === 0x52;
}

/** The decoded PNG as RGBA8; throws (caught above) on data of the wrong size. */
function toRgba(png: DecodedPng): RgbaImage {
  const { width, height } = png;
  const image = createImage(width, height);
  if (png.palette) {
    const rgb = convertIndexedToRgb(png);
    const stride = png.palette[0]?.length ?? 3;
    copyChannels(rgb, stride, 255, 8, image.data, undefined);
    return image;
  }
  const { channels, depth } = png;
  const samples = depth < 8 ? unpackRows(png.data, width, height, depth) : png.data;
  if (samples.length !== width * height * channels) {
    throw new Error(
      `wrong data size: ${samples.length} samples for ${width} × ${height} × ${channels}`,
    );
  }
  const max = depth === 16 ? 65535 : (1 << Math.min(depth, 8)) - 1;
  copyChannels(samples, channels, max, depth, image.data, png.transparency);
  return image;
}

/** Unpacks 1-, 2- or 4-bit samples (rows padded to whole bytes) into one sample per byte. */
function unpackRows(
  data: ArrayLike<number>,
  width: number,
  height: number,
  depth: number,
): Uint8Array {
  const out = new Uint8Array(width * height);
  const rowBytes = Math.ceil((width * depth) / 8);
  const mask = (1 << depth) - 1;
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    for (let x = 0; x < width; x++) {
      const bit = x * depth;
      const byte = data[row + (bit >> 3)] ?? 0;
      out[y * width + x] = (byte >> (8 - depth - (bit & 7))) & mask;
    }
  }
  return out;
}

/**
 * Writes samples of `channels` (1 grey, 2 grey+alpha, 3 RGB, 4 RGBA) with
 * maximum `max` into RGBA8 `out`. `key` (tRNS of grey or RGB pictures) is the
 * colour that is transparent, in the samples' own scale.
 */
function copyChannels(
  samples: ArrayLike<number>,
  channels: number,
  max: number,
  depth: number,
  out: Uint8ClampedArray,
  key: Uint16Array | undefined,
): void {
  const n = out.length >> 2;
  const half = max >> 1;
  const grey = channels < 3;
  const hasAlpha = channels === 2 || channels === 4;
  const k0 = key?.[0] ?? -1;
  const k1 = key && !grey ? (key[1] ?? -1) : k0;
  const k2 = key && !grey ? (key[2] ?? -1) : k0;
  const scaled = depth !== 8 || max !== 255;
  for (let i = 0; i < n; i++) {
    const s = i * channels;
    const r = samples[s]!;
    const g = grey ? r : samples[s + 1]!;
    const b = grey ? r : samples[s + 2]!;
    const o = i * 4;
    if (scaled) {
      out[o] = ((r * 255 + half) / max) | 0;
      out[o + 1] = ((g * 255 + half) / max) | 0;
      out[o + 2] = ((b * 255 + half) / max) | 0;
    } else {
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
    }
    if (hasAlpha) {
      const a = samples[s + channels - 1]!;
      out[o + 3] = scaled ? ((a * 255 + half) / max) | 0 : a;
    } else out[o + 3] = key !== undefined && r === k0 && g === k1 && b === k2 ? 0 : 255;
  }
}
