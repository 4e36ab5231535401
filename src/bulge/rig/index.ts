/** The rig file `*.rig.json`: model, reader, checks, writer, diagnostic codes. */
export * from "./catalogue-check.js";
export * from "./codes.js";
export * from "./format.js";
export * from "./model.js";
export * from "./read.js";
export * from "./validate.js";
export * from "./write.js";
