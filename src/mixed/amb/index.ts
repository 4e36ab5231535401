/** The `.amb` MBS animation format: model, text and binary encodings, checks, summary. */
export { AMB_MAGIC, AMB_TEXT_MAGIC } from "./binary-layout.js";
export { AMB } from "./codes.js";
export * from "./format.js";
export { type AmbInfo, ambInfo } from "./info.js";
export * from "./model.js";
export { type AmbReadResult, readAmb } from "./read.js";
export { validateAmb } from "./validate.js";
export { writeAmbBinary, writeAmbText } from "./write.js";
