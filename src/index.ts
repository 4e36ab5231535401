/**
 * Deforma's library: the isomorphic core and the FRUND mixed-animation area.
 * Subpaths: `deforma/core`, `deforma/mixed`, `deforma/bulge`, `deforma/live` (live
 * modeling: scenes, pictures, engines), `deforma/node` (Node-only I/O).
 */
export * from "./core/index.js";
export * from "./formats.js";
export * from "./mixed/index.js";
