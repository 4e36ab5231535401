/**
 * The bulge commands: `bulge lint|fmt|init|merge|rm|apply` and `rig check`.
 * Each summary is defined here only; implementations load on use.
 */
import type { AnyCommand, CommandGroup } from "../command.js";

/** Where `bulge apply` lives (the deformation engine's command); a variable, so a build without it still compiles. */
const APPLY_MODULE = "../commands/bulge-apply.js";

/** Loads `bulge apply`, or a stand-in that says it is not in this build. */
async function loadApply(): Promise<AnyCommand> {
  try {
    const m = (await import(/* @vite-ignore */ APPLY_MODULE)) as { bulgeApply: AnyCommand };
    return m.bulgeApply;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    const message = e instanceof Error ? e.message : "";
    if (code !== "ERR_MODULE_NOT_FOUND" && !message.includes("bulge-apply")) throw e;
    return (await import("../commands/bulge-apply-missing.js")).bulgeApplyMissing;
  }
}

/** Command groups of the bulge system, in help order. */
export const BULGE_GROUPS: Readonly<Record<string, CommandGroup>> = {
  bulge: {
    lint: {
      summary: "list a bulge_types catalogue's definitions and its error log",
      load: async () => (await import("../commands/bulge-lint.js")).bulgeLint,
    },
    fmt: {
      summary: "lay a bulge_types catalogue out canonically (stdout, or --write in place)",
      load: async () => (await import("../commands/bulge-lint.js")).bulgeFmt,
    },
    init: {
      summary: "give a project the default misc_data/bulge_types (never overwrites)",
      load: async () => (await import("../commands/bulge-edit.js")).bulgeInit,
    },
    merge: {
      summary: "merge two bulge catalogues, reassigning codes that collide",
      load: async () => (await import("../commands/bulge-edit.js")).bulgeMerge,
    },
    rm: {
      summary: "remove a bulge definition, unless a rig of the project uses its code",
      load: async () => (await import("../commands/bulge-rm.js")).bulgeRm,
    },
    apply: {
      summary: "deform a mesh (.obj, .glb) with a rig and its bulges in a pose",
      load: loadApply,
    },
  },
  rig: {
    check: {
      summary: "check a rig (.rig.json) and its bulge codes against the project's catalogue",
      load: async () => (await import("../commands/rig-check.js")).rigCheck,
    },
  },
};
