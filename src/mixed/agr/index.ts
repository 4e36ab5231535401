/** The `.agr` mesh animation format: model, text and binary encodings, checks, summary, surface. */

export { ArrayPool } from "./array-pool.js";
export {
  type AgrFrameSpan,
  type AgrHeader,
  agrFrameSpans,
  agrHeaderBytes,
  readAgrHeader,
} from "./binary-header.js";
export {
  AGR_HEADER_BYTES,
  AGR_MAGIC,
  AGR_TEXT_MAGIC,
  type AgrLayout,
  agrLayout,
} from "./binary-layout.js";
export { AGR } from "./codes.js";
export * from "./format.js";
export {
  AgrFrameCache,
  type AgrStreamOpen,
  FRAME_CACHE_DEFAULTS,
  type FrameCacheOptions,
  openAgrStream,
  type ParamRef,
  type RangeReader,
} from "./frame-stream.js";
export {
  AgrFrameSource,
  type AgrFramesOptions,
  type AgrFramesResult,
  type ByteSource,
  bytesSource,
  DEFAULT_FRAME_BUDGET,
  openAgrFrames,
  readAllFrames,
} from "./frames.js";
export { type AgrInfo, type AgrParamInfo, agrInfo } from "./info.js";
export * from "./model.js";
export { type AgrReadResult, readAgr, readAgrChunks } from "./read.js";
export { type AgrBinaryOptions, agrValueRanges, readAgrBinary } from "./read-binary.js";
export { type FrameRun, readAgrInTwo, readFrameRun } from "./read-frames.js";
export {
  extractSurface,
  extractSurfaceCells,
  keepSurfaceCells,
  type SurfaceCells,
  surfaceCellsOf,
} from "./surface.js";
export { validateAgr } from "./validate.js";
export { writeAgrBinary, writeAgrBinaryTo, writeAgrText } from "./write.js";
