/**
 * What the Live workspace takes from `src/live`, in one place: the scene
 * reader and its one-point writer, PNG decoding, GIF encoding, the engines
 * and the player. Every other file of the workspace imports these from here.
 *
 * STAND-INS: `decodePng` and `encodeGif` below are minimal versions written
 * while `src/live/png.ts` and `gif.ts` are being written; each is swapped
 * for a re-export when its module lands.
 */
import { decode } from "fast-png";
import type { Diagnostic } from "../../../src/core/diagnostics.js";
import type { RgbaImage } from "../../../src/live/image.js";

export { ENGINES } from "../../../src/live/engines.js";
export { Player } from "../../../src/live/player/index.js";
export { readScene, updatePoint } from "../../../src/live/scene/index.js";

/** Decodes a PNG into RGBA8: the picture, or diagnostics. */
export function decodePng(bytes: Uint8Array): {
  image?: RgbaImage;
  diagnostics: readonly Diagnostic[];
} {
  let png: ReturnType<typeof decode>;
  try {
    png = decode(bytes);
  } catch (e) {
    const message = (e as Error).message;
    return { diagnostics: [{ code: "PNG000", severity: "error", message, start: 0, end: 0 }] };
  }
  const { width, height } = png;
  const out = new Uint8ClampedArray(width * height * 4);
  const src = png.data;
  const channels = png.palette ? 1 : png.channels;
  const shift = png.depth === 16 ? 8 : 0;
  for (let i = 0, n = width * height; i < n; i++) {
    const o = i * 4;
    if (png.palette) {
      const c = png.palette[src[i]!] ?? [0, 0, 0, 255];
      out[o] = c[0]!;
      out[o + 1] = c[1]!;
      out[o + 2] = c[2]!;
      out[o + 3] = c[3] ?? 255;
      continue;
    }
    const s = i * channels;
    const grey = channels < 3;
    out[o] = src[s]! >> shift;
    out[o + 1] = (grey ? src[s]! : src[s + 1]!) >> shift;
    out[o + 2] = (grey ? src[s]! : src[s + 2]!) >> shift;
    out[o + 3] =
      channels === 4 ? src[s + 3]! >> shift : channels === 2 ? src[s + 1]! >> shift : 255;
  }
  return { image: { width, height, data: out }, diagnostics: [] };
}

/** A GIF of `frames` (all of one size), each shown for `delayMs`. */
export async function encodeGif(
  frames: readonly RgbaImage[],
  delayMs: number,
): Promise<Uint8Array> {
  // @ts-expect-error gifenc has no types until src/live/gif.ts lands
  const gifenc = (await import("gifenc")) as unknown as GifencModule;
  const gif = gifenc.GIFEncoder();
  for (const f of frames) {
    const palette = gifenc.quantize(f.data, 256);
    const index = gifenc.applyPalette(f.data, palette);
    gif.writeFrame(index, f.width, f.height, { palette, delay: delayMs });
  }
  gif.finish();
  return gif.bytes();
}

interface GifencModule {
  GIFEncoder(): {
    writeFrame(index: Uint8Array, w: number, h: number, o: object): void;
    finish(): void;
    bytes(): Uint8Array;
  };
  quantize(data: Uint8ClampedArray, colours: number): number[][];
  applyPalette(data: Uint8ClampedArray, palette: number[][]): Uint8Array;
}
