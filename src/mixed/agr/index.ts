/** The `.agr` mesh animation format: model, text and binary encodings, checks, summary, surface. */
export { AGR_MAGIC, AGR_TEXT_MAGIC } from "./binary-layout.js";
export { AGR } from "./codes.js";
export * from "./format.js";
export { type AgrInfo, type AgrParamInfo, agrInfo } from "./info.js";
export * from "./model.js";
export { type AgrReadResult, readAgr } from "./read.js";
export { extractSurface } from "./surface.js";
export { validateAgr } from "./validate.js";
export { writeAgrBinary, writeAgrText } from "./write.js";
