/**
 * The FRUND mixed animation commands: `amx`, `cad`, `agr`, `amb`, `mixed`.
 * Each summary is defined here only; implementations load on use, so
 * `deforma amx validate` loads only what `.amx` checking needs.
 */
import type { CommandGroup } from "../command.js";

/** Command groups of the mixed animation system, in help order. */
export const MIXED_GROUPS: Readonly<Record<string, CommandGroup>> = {
  amx: {
    validate: {
      summary: "check an .amx and the files next to it",
      load: async () => (await import("../commands/amx-validate.js")).amxValidate,
    },
    show: {
      summary: "print an .amx's model (text or --json)",
      load: async () => (await import("../commands/amx-show.js")).amxShow,
    },
    fmt: {
      summary: "lay an .amx out canonically (stdout, or --write in place)",
      load: async () => (await import("../commands/amx-fmt.js")).amxFmt,
    },
    create: {
      summary: "make an .amx whose matrices come from CAD_Matrixes.dat",
      load: async () => (await import("../commands/amx-create.js")).amxCreate,
    },
  },
  cad: {
    show: {
      summary: "print a CAD_Matrixes.dat (text or --json)",
      load: async () => (await import("../commands/cad.js")).cadShow,
    },
    validate: {
      summary: "check a CAD_Matrixes.dat",
      load: async () => (await import("../commands/cad.js")).cadValidate,
    },
  },
  agr: {
    info: {
      summary: "summarize a mesh animation (.agr, text or binary)",
      load: async () => (await import("../commands/agr.js")).agrInfoCommand,
    },
    validate: {
      summary: "check a mesh animation (.agr)",
      load: async () => (await import("../commands/agr.js")).agrValidate,
    },
    convert: {
      summary: "convert an .agr between its text and binary encodings",
      load: async () => (await import("../commands/agr.js")).agrConvert,
    },
    from: {
      summary: "make an .agr from solver results (a VTK series, or another solver format)",
      load: async () => (await import("../commands/agr-from-vtk.js")).agrFromVtk,
    },
    "from-vtk": {
      summary: "the same as 'agr from' (its older name)",
      load: async () => (await import("../commands/agr-from-vtk.js")).agrFromVtk,
    },
  },
  amb: {
    info: {
      summary: "summarize an MBS animation (.amb, text or binary)",
      load: async () => (await import("../commands/amb.js")).ambInfoCommand,
    },
    validate: {
      summary: "check an MBS animation (.amb)",
      load: async () => (await import("../commands/amb.js")).ambValidate,
    },
    convert: {
      summary: "convert an .amb between its text and binary encodings",
      load: async () => (await import("../commands/amb.js")).ambConvert,
    },
  },
  mixed: {
    export: {
      summary: "export a mixed animation to glTF (.glb) or a VTK series (ParaView)",
      load: async () => (await import("../commands/mixed-export.js")).mixedExport,
    },
  },
};
