/** The live scene `*.scene.json`: model, reader, checks, writer, text edits, diagnostic codes. */
export * from "./codes.js";
export * from "./condition.js";
export * from "./edit.js";
export * from "./format.js";
export * from "./model.js";
export * from "./paths.js";
export * from "./read.js";
export * from "./spans.js";
export * from "./validate.js";
export * from "./write.js";
