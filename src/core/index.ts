/** Deforma's isomorphic core: diagnostics, tokenizer, affine matrices, number formatting. */
export * from "./affine.js";
export * from "./diagnostics.js";
export * from "./numbers.js";
export * from "./token-reader.js";
export * from "./tokenizer.js";
