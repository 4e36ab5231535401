/** Node-only helpers at the edge: atomic file writes and model folders on disk. */
export * from "./atomic-write.js";
export * from "./files.js";
export * from "./mixed-folder.js";
