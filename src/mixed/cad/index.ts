/** `CAD_Matrixes.dat`: model, reader, checks, writer, lookup, diagnostic codes. */
export * from "./codes.js";
export * from "./format.js";
export * from "./lookup.js";
export type * from "./model.js";
export * from "./read.js";
export * from "./validate.js";
export * from "./write.js";
