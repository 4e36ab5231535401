/** The Alias bulge system: the `bulge_types` catalogue and the rig format. */
export * from "./catalogue/index.js";
export * from "./formats.js";
export * from "./rig/index.js";
