/**
 * PNG pictures in and out, isomorphic (files: `png/`): {@link decodePng}
 * (any PNG → RGBA8 through fast-png; never throws), {@link encodePng}
 * (RGBA8 → PNG), the code table and the registry descriptor.
 */
export { PNG, type PngCode, type PngKind } from "./png/codes.js";
export {
  decodePng,
  PNG_DECODE_DEFAULTS,
  type PngDecodeOptions,
  type PngDecodeResult,
} from "./png/decode.js";
export { encodePng } from "./png/encode.js";
export { PNG_FORMAT } from "./png/format.js";
