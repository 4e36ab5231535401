/**
 * Types of the parts of `gifenc` 1.x (https://github.com/mattdesl/gifenc, no
 * types of its own) that `gif.ts` uses. Its Node entry is CommonJS (the
 * namespace has only `default`), its browser entry ESM with named exports;
 * `gif.ts` takes whichever it gets.
 */
declare module "gifenc" {
  /** A colour table: up to 256 `[r, g, b]` (or `[r, g, b, a]`) entries, bytes. */
  export type Palette = number[][];

  /** Options of {@link quantize}. */
  export interface QuantizeOptions {
    format?: "rgb565" | "rgb444" | "rgba4444";
    oneBitAlpha?: boolean | number;
    clearAlpha?: boolean;
    clearAlphaThreshold?: number;
    clearAlphaColor?: number;
  }

  /** Options of one frame. */
  export interface FrameOptions {
    palette?: Palette;
    first?: boolean;
    transparent?: boolean;
    transparentIndex?: number;
    /** Milliseconds (stored as hundredths of a second). */
    delay?: number;
    /** −1 once, 0 forever, n times. */
    repeat?: number;
    dispose?: number;
  }

  /** An encoding stream. */
  export interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, options?: FrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
    bytesView(): Uint8Array;
    reset(): void;
    /** Writes the `GIF89a` signature (manual mode: `auto: false`). */
    writeHeader(): void;
  }

  /** The module's functions (named exports in ESM; `default` of the CommonJS namespace). */
  export interface Gifenc {
    GIFEncoder(options?: { auto?: boolean; initialCapacity?: number }): Encoder;
    /** Pairwise-nearest-neighbour quantization of RGBA bytes (whole `buffer`, from offset 0). */
    quantize(
      rgba: Uint8Array | Uint8ClampedArray,
      maxColors: number,
      options?: QuantizeOptions,
    ): Palette;
    /** Index of the nearest palette colour of each pixel (whole `buffer`, from offset 0). */
    applyPalette(
      rgba: Uint8Array | Uint8ClampedArray,
      palette: Palette,
      format?: string,
    ): Uint8Array;
  }

  export const GIFEncoder: Gifenc["GIFEncoder"];
  export const quantize: Gifenc["quantize"];
  export const applyPalette: Gifenc["applyPalette"];
  const defaultExport: unknown;
  export default defaultExport;
}
