/** The bulge catalogue `bulge_types`: model, reader, checks, writer, error log, default catalogue, merge and remove. */
export * from "./codes.js";
export * from "./default.js";
export * from "./format.js";
export * from "./keep-codes.js";
export * from "./lexer.js";
export type * from "./model.js";
export * from "./ops.js";
export * from "./read.js";
export * from "./validate.js";
export * from "./write.js";
