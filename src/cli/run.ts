/**
 * The `deforma` command table and dispatcher. Sub-commands load lazily, so
 * `deforma amx validate` loads only what `.amx` checking needs.
 */

import { escapeControls } from "../core/control-chars.js";
import { type CommandGroup, runCommand } from "./command.js";
import { BULGE_GROUPS } from "./groups/bulge.js";
import { LIVE_GROUPS } from "./groups/live.js";
import { MIXED_GROUPS } from "./groups/mixed.js";
import { TOOL_GROUPS } from "./groups/tools.js";
import { type CliIo, ExitCode } from "./io.js";
import { nearest } from "./options.js";

/** Command groups and their sub-commands, in help order: each system's groups, then the tools. */
export const COMMANDS: Readonly<Record<string, CommandGroup>> = {
  check: TOOL_GROUPS.check!,
  ...MIXED_GROUPS,
  ...BULGE_GROUPS,
  ...LIVE_GROUPS,
  ...TOOL_GROUPS,
};

/** Text of `deforma --help`. */
export function mainHelp(): string {
  const lines = [
    "deforma — animate deformable bodies: FRUND mixed animation, bulges, live characters",
    "",
    "Usage: deforma <command> [options]     (every command takes --help; or: deforma help <command>)",
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
    "A FILE of '-' is standard input. More: docs/cli.md.",
  );
  return `${lines.join("\n")}\n`;
}

/** Options every invocation understands before a command: for "did you mean" on a misspelt one. */
const TOP_OPTIONS = ["--help", "--version"];

/** `deforma help [GROUP [COMMAND]]` as the equivalent `--help` command line, or the text of a usage error. */
function helpArgv(topic: readonly string[]): readonly string[] | string {
  const [group, sub] = topic;
  if (group === undefined) return ["--help"];
  if (!COMMANDS[group]) {
    const guess = nearest(group, Object.keys(COMMANDS));
    return `deforma help: unknown command '${group}'${guess ? ` (did you mean '${guess}'?)` : ""}; see 'deforma --help'\n`;
  }
  return sub === undefined ? [group, "--help"] : [group, sub, "--help"];
}

/** The usage error for a first word that is no command: the nearest command or top-level option, then the main help. */
function unknownCommand(group: string): string {
  const guess = nearest(group, group.startsWith("-") ? TOP_OPTIONS : Object.keys(COMMANDS));
  const what = group.startsWith("-") ? "option" : "command";
  const hint = guess ? ` (did you mean '${guess}'?)` : "";
  return `deforma: unknown ${what} '${group}'${hint}\n\n${mainHelp()}`;
}

/** The help of command group `group` (its sub-commands). */
function groupHelp(group: string, subs: CommandGroup): string {
  const lines = [`Usage: deforma ${group} <command> [options]`, "", "Commands:"];
  for (const [name, entry] of Object.entries(subs))
    lines.push(`  ${name.padEnd(10)} ${entry.summary}`);
  return `${lines.join("\n")}\n`;
}

/**
 * Runs one `deforma` invocation; returns its exit code. Standard error never
 * carries control characters from a file (they are shown escaped).
 */
export async function run(argv: readonly string[], given: CliIo): Promise<number> {
  const io: CliIo = { ...given, err: (t) => given.err(escapeControls(t)) };
  if (argv[0] === "help" && argv.length > 1) {
    const asked = helpArgv(argv.slice(1));
    if (typeof asked === "string") {
      io.err(asked);
      return ExitCode.Usage;
    }
    return run(asked, given);
  }
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
    io.err(unknownCommand(group));
    return ExitCode.Usage;
  }
  const single = subs[""];
  if (single) {
    const argv = sub === undefined ? [] : [sub, ...rest];
    return runCommand(await single.load(), single.summary, argv, io);
  }
  if (sub === undefined || sub === "--help" || sub === "-h" || sub === "help") {
    (sub === undefined ? io.err : io.out)(groupHelp(group, subs));
    return sub === undefined ? ExitCode.Usage : ExitCode.Ok;
  }
  const entry = subs[sub];
  if (!entry) {
    const guess = nearest(sub, sub.startsWith("-") ? ["--help"] : Object.keys(subs));
    const hint = guess
      ? `did you mean '${guess.startsWith("-") ? "" : `${group} `}${guess}'? `
      : "";
    const what = sub.startsWith("-") ? "option" : "command";
    io.err(`deforma: unknown ${what} '${group} ${sub}' (${hint}see 'deforma ${group} --help')\n`);
    return ExitCode.Usage;
  }
  return runCommand(await entry.load(), entry.summary, rest, io);
}
