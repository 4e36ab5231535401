/** Commands that span the systems: checking any file, the demo summary and the web studio. Summaries are defined here only. */
import type { CommandGroup } from "../command.js";

/** The general command groups, in help order. */
export const TOOL_GROUPS: Readonly<Record<string, CommandGroup>> = {
  check: {
    "": {
      summary: "check files of any known format (recognised by name and content)",
      load: async () => (await import("../commands/check.js")).check,
    },
  },
  demo: {
    "": {
      summary: "check and summarize the models in a folder (default: the bundled demo)",
      load: async () => (await import("../commands/demo.js")).demo,
    },
  },
  share: {
    "": {
      summary:
        "write a file as one HTML page that plays it offline in any browser (a live scene, a mixed model or mesh series, a rig)",
      load: async () => (await import("../commands/share.js")).share,
    },
  },
  studio: {
    "": {
      summary: "serve the web studio over a project folder (default: a copy of the bundled demo)",
      load: async () => (await import("../commands/studio.js")).studio,
    },
  },
};
