/**
 * Deforma's isomorphic core: diagnostics, the format registry, tokenizer and
 * token reader, byte helpers, affine matrices, quaternions, frame cursors,
 * paths, the injected file reader, XML and base64, number formatting, colour
 * maps.
 */
export * from "./affine.js";
export * from "./base64.js";
export * from "./byte-tokenizer.js";
export * from "./bytes.js";
export * from "./colormap.js";
export * from "./control-chars.js";
export * from "./diagnostics.js";
export * from "./file-source.js";
export * from "./formats/index.js";
export * from "./frame-cursor.js";
export * from "./inflate.js";
export * from "./json-spans.js";
export * from "./message.js";
export * from "./natural.js";
export * from "./numbers.js";
export * from "./path.js";
export * from "./quaternion.js";
export * from "./report.js";
export * from "./token-reader.js";
export * from "./tokenizer.js";
export * from "./xml.js";
