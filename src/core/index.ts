/** Deforma's isomorphic core: diagnostics, the format registry, tokenizer and token reader, byte helpers, affine matrices, number formatting. */
export * from "./affine.js";
export * from "./bytes.js";
export * from "./colormap.js";
export * from "./diagnostics.js";
export * from "./formats/index.js";
export * from "./numbers.js";
export * from "./report.js";
export * from "./token-reader.js";
export * from "./tokenizer.js";
