/** The live player: steps 1–9 of the seed, the situation program, the runner. */
export * from "./inputs.js";
export * from "./player.js";
export * from "./rules.js";
export * from "./run.js";
export type * from "./types.js";
