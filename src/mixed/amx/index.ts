/** The mixed animation file `*.amx`: model, reader, checks, writer, `create`, diagnostic codes. */
export * from "./codes.js";
export * from "./create.js";
export * from "./cross-check.js";
export * from "./format.js";
export type * from "./model.js";
export * from "./read.js";
export * from "./validate.js";
export * from "./write.js";
