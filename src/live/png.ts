/**
 * PNG pictures in and out, isomorphic (files: `png/`): {@link decodePng}
 * (any PNG → RGBA8 through fast-png; never throws), {@link decodePngBounded}
 * (the same after checking that the compressed data does not inflate past its
 * declared size: what files from outside should go through),
 * {@link encodePng} (RGBA8 → PNG), the code table and the registry descriptor.
 */
export { decodePngBounded, pngDataLength } from "./png/bounded.js";
export { PNG, type PngCode, type PngKind } from "./png/codes.js";
export {
  decodePng,
  PNG_DECODE_DEFAULTS,
  type PngDecodeOptions,
  type PngDecodeResult,
} from "./png/decode.js";
export { encodePng } from "./png/encode.js";
export { PNG_FORMAT } from "./png/format.js";
