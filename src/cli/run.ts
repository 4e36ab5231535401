/**
 * The `deforma` command table and dispatcher. Sub-commands load lazily, so
 * `deforma amx validate` loads only what `.amx` checking needs.
 */
import { type CommandEntry, runCommand } from "./command.js";
import { type CliIo, ExitCode } from "./io.js";

/** Command groups and their sub-commands, in help order. */
export const COMMANDS: Readonly<Record<string, Readonly<Record<string, CommandEntry>>>> = {
  check: {
    "": {
      summary: "check files of any known format (by name and content)",
      load: async () => (await import("./commands/check.js")).check,
    },
  },
  amx: {
    validate: {
      summary: "check an .amx and the files next to it",
      load: async () => (await import("./commands/amx-validate.js")).amxValidate,
    },
    show: {
      summary: "print an .amx's model (text or --json)",
      load: async () => (await import("./commands/amx-show.js")).amxShow,
    },
    fmt: {
      summary: "lay an .amx out canonically (stdout, or --write in place)",
      load: async () => (await import("./commands/amx-fmt.js")).amxFmt,
    },
    create: {
      summary: "make an .amx whose matrices come from CAD_Matrixes.dat",
      load: async () => (await import("./commands/amx-create.js")).amxCreate,
    },
  },
  cad: {
    show: {
      summary: "print a CAD_Matrixes.dat (text or --json)",
      load: async () => (await import("./commands/cad.js")).cadShow,
    },
    validate: {
      summary: "check a CAD_Matrixes.dat",
      load: async () => (await import("./commands/cad.js")).cadValidate,
    },
  },
  agr: {
    info: {
      summary: "summarize a mesh animation (.agr)",
      load: async () => (await import("./commands/agr.js")).agrInfoCommand,
    },
    validate: {
      summary: "check a mesh animation (.agr)",
      load: async () => (await import("./commands/agr.js")).agrValidate,
    },
    convert: {
      summary: "convert an .agr between its text and binary encodings",
      load: async () => (await import("./commands/agr.js")).agrConvert,
    },
    "from-vtk": {
      summary: "make an .agr from a VTK time series (.vtu files or a .pvd)",
      load: async () => (await import("./commands/agr-from-vtk.js")).agrFromVtk,
    },
  },
  amb: {
    info: {
      summary: "summarize an MBS animation (.amb)",
      load: async () => (await import("./commands/amb.js")).ambInfoCommand,
    },
    validate: {
      summary: "check an MBS animation (.amb)",
      load: async () => (await import("./commands/amb.js")).ambValidate,
    },
    convert: {
      summary: "convert an .amb between its text and binary encodings",
      load: async () => (await import("./commands/amb.js")).ambConvert,
    },
  },
  mixed: {
    export: {
      summary: "export a mixed animation to glTF (.glb) or a VTK series (ParaView)",
      load: async () => (await import("./commands/mixed-export.js")).mixedExport,
    },
  },
  demo: {
    "": {
      summary: "validate and summarize the bundled demo model (what `npm start` runs)",
      load: async () => (await import("./commands/demo.js")).demo,
    },
  },
  studio: {
    "": {
      summary: "serve the web studio over a project folder (default: the bundled demo)",
      load: async () => (await import("./commands/studio.js")).studio,
    },
  },
};

/** Text of `deforma --help`. */
export function mainHelp(): string {
  const lines = [
    "deforma — animate deformable bodies: FRUND mixed animation, bulges, live characters",
    "",
    "Usage: deforma <command> [options]     (every command takes --help)",
    "",
    "Commands:",
  ];
  for (const [group, subs] of Object.entries(COMMANDS)) {
    for (const [name, entry] of Object.entries(subs)) {
      lines.push(`  ${`${group}${name ? ` ${name}` : ""}`.padEnd(16)} ${entry.summary}`);
    }
  }
  lines.push(
    "",
    "Exit codes: 0 ok, 1 problems found, 2 usage error.",
    'Checking commands take --json and then print {"ok":…,"diagnostics":[…]}.',
  );
  return `${lines.join("\n")}\n`;
}

/** Runs one `deforma` invocation; returns its exit code. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const [group, sub, ...rest] = argv;
  if (group === undefined || group === "--help" || group === "-h" || group === "help") {
    (group === undefined ? io.err : io.out)(mainHelp());
    return group === undefined ? ExitCode.Usage : ExitCode.Ok;
  }
  if (group === "--version" || group === "-v") {
    io.out("deforma 0.1.0\n");
    return ExitCode.Ok;
  }
  const subs = COMMANDS[group];
  if (!subs) {
    io.err(`deforma: unknown command '${group}'\n\n${mainHelp()}`);
    return ExitCode.Usage;
  }
  const single = subs[""];
  if (single) return runCommand(await single.load(), sub === undefined ? [] : [sub, ...rest], io);
  if (sub === undefined || sub === "--help" || sub === "-h") {
    const lines = [`Usage: deforma ${group} <command> [options]`, "", "Commands:"];
    for (const [name, entry] of Object.entries(subs))
      lines.push(`  ${name.padEnd(10)} ${entry.summary}`);
    (sub === undefined ? io.err : io.out)(`${lines.join("\n")}\n`);
    return sub === undefined ? ExitCode.Usage : ExitCode.Ok;
  }
  const entry = subs[sub];
  if (!entry) {
    io.err(`deforma: unknown command '${group} ${sub}' (see 'deforma ${group} --help')\n`);
    return ExitCode.Usage;
  }
  return runCommand(await entry.load(), rest, io);
}
