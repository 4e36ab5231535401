/** The format registry: descriptors, recognition by name and magic, and checking any known file. */
export * from "./check.js";
export * from "./codes.js";
export * from "./descriptor.js";
export * from "./registry.js";
export * from "./reply.js";
export * from "./sniff.js";
export * from "./text.js";
