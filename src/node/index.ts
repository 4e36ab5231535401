/** Node-only helpers at the edge: atomic file writes, model folders, bulge projects and large `.agr` files on disk. */
export { type ReadAgrFileOptions, readAgrFile } from "./agr-file.js";
export { fileByteSource, openLargeAgr } from "./agr-frames.js";
export * from "./atomic-write.js";
export * from "./bulge-project.js";
export * from "./files.js";
export * from "./mixed-folder.js";
