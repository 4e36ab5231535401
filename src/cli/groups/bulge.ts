/**
 * The bulge commands: `bulge lint|fmt|init|merge|rm|apply|bake` and `rig check|from-gltf`.
 * Each summary is defined here only; implementations load on use.
 */
import type { CommandGroup } from "../command.js";

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
      load: async () => (await import("../commands/bulge-apply.js")).bulgeApply,
    },
    bake: {
      summary: "write a skinned .glb back with its bulges as morph targets driven by its clips",
      load: async () => (await import("../commands/bulge-bake.js")).bulgeBake,
    },
  },
  rig: {
    check: {
      summary: "check a rig (.rig.json) and its bulge codes against the project's catalogue",
      load: async () => (await import("../commands/rig-check.js")).rigCheck,
    },
    "from-gltf": {
      summary: "write a rig (.rig.json) from a glTF's skeleton (joints, parents, rest frames)",
      load: async () => (await import("../commands/rig-from-gltf.js")).rigFromGltfCommand,
    },
  },
};
