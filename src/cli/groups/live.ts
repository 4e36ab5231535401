/**
 * The live commands: `live check|render`. Each summary is defined here
 * only; implementations load on use.
 */
import type { CommandGroup } from "../command.js";

/** Command groups of the live system, in help order. */
export const LIVE_GROUPS: Readonly<Record<string, CommandGroup>> = {
  live: {
    check: {
      summary: "check a live scene (.scene.json) and its key-frame pictures",
      load: async () => (await import("../commands/live-check.js")).liveCheck,
    },
    render: {
      summary:
        "play a live scene on a virtual clock with timed events; write PNG frames and timeline.json",
      load: async () => (await import("../commands/live-render.js")).liveRender,
    },
  },
};
