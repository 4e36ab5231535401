/** Node-only helpers at the edge: atomic file writes, model folders and bulge projects on disk. */
export * from "./atomic-write.js";
export * from "./bulge-project.js";
export * from "./files.js";
export * from "./mixed-folder.js";
