/** Commands that span the systems: the demo summary and the web studio. Summaries are defined here only. */
import type { CommandGroup } from "../command.js";

/** The general command groups, in help order. */
export const TOOL_GROUPS: Readonly<Record<string, CommandGroup>> = {
  demo: {
    "": {
      summary: "check and summarize the models in a folder (default: the bundled demo)",
      load: async () => (await import("../commands/demo.js")).demo,
    },
  },
  studio: {
    "": {
      summary: "serve the web studio over a project folder (default: the bundled demo)",
      load: async () => (await import("../commands/studio.js")).studio,
    },
  },
};
