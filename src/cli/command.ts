/**
 * Commands as data: usage, typed options, positionals and `run`. The option
 * values `run` receives are typed from the declarations, so a misspelt option
 * name does not compile; the command line is parsed here, with the CLI's own
 * messages (nearest option, what a value must be), not `node:util`'s.
 */
import { reportFailure } from "./failure.js";
import { type CliIo, ExitCode, UsageError } from "./io.js";
import {
  expectation,
  looksNumeric,
  nearest,
  type OptionDecl,
  type OptionSpecs,
  type OptionValues,
  parseValue,
  placeholder,
} from "./options.js";

/** Parsed command line of a command with options `S`. */
export interface ParsedArgs<S extends OptionSpecs = OptionSpecs> {
  readonly options: OptionValues<S>;
  readonly positionals: readonly string[];
}

/** A leaf command such as `amx validate`; its one-line summary lives in its group's table. */
export interface Command<S extends OptionSpecs = OptionSpecs> {
  /** Usage line after `deforma`, e.g. `amx validate FILE [--json] [--no-files]`. */
  readonly usage: string;
  /** Longer help, shown by `--help` after the summary. */
  readonly description?: string;
  readonly options: S;
  /** Minimum and maximum number of positional arguments. */
  readonly positionals: readonly [min: number, max: number];
  /** Runs the command; returns the exit code. */
  run(args: ParsedArgs<S>, io: CliIo): Promise<number>;
}

/** Declares a command; `const` keeps the declarations literal so `run`'s option values are typed. */
export function defineCommand<const S extends OptionSpecs>(command: Command<S>): Command<S> {
  return command;
}

/** A command of any options, as a table holds it. */
// biome-ignore lint/suspicious/noExplicitAny: the table erases each command's own option types
export type AnyCommand = Command<any>;

/** An entry of a command table: the summary known up front, the implementation loaded on use. */
export interface CommandEntry {
  /** The command's one-line summary (its only definition). */
  readonly summary: string;
  readonly load: () => Promise<AnyCommand>;
}

/** A command group's sub-commands by name; the name `""` makes the group a command itself. */
export type CommandGroup = Readonly<Record<string, CommandEntry>>;

/** Help text of a leaf command. */
function commandHelp(c: AnyCommand, summary: string): string {
  const lines = [`Usage: deforma ${c.usage}`, "", `${capitalize(summary)}.`];
  if (c.description) lines.push("", c.description);
  lines.push("", "Options:");
  for (const [name, o] of Object.entries(c.options as OptionSpecs)) {
    const value = o.type === "boolean" ? "" : ` ${placeholder(o)}`;
    const flag = `${o.short ? `-${o.short}, ` : ""}--${name}${value}`;
    const repeat = "multiple" in o && o.multiple ? " (repeatable)" : "";
    lines.push(`  ${flag.padEnd(30)} ${o.help}${repeat}`);
  }
  lines.push(`  ${"-h, --help".padEnd(30)} show this help`);
  return `${lines.join("\n")}\n`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Whether `argv` asks for help (before any `--`). */
function wantsHelp(argv: readonly string[]): boolean {
  for (const a of argv) {
    if (a === "--") return false;
    if (a === "--help" || a === "-h") return true;
  }
  return false;
}

/**
 * Parses `argv` against the command's declarations. Throws {@link UsageError}
 * with the CLI's own message: unknown options (with the nearest known one),
 * missing or malformed values, too few or too many positionals.
 */
export function parseCommandLine<S extends OptionSpecs>(
  c: Command<S>,
  argv: readonly string[],
): ParsedArgs<S> {
  const specs: OptionSpecs = c.options;
  const byShort = new Map<string, string>();
  for (const [name, o] of Object.entries(specs)) if (o.short) byShort.set(o.short, name);
  const values: Record<string, unknown> = {};
  for (const [name, o] of Object.entries(specs)) {
    if (o.type === "boolean") values[name] = false;
    else if ("multiple" in o && o.multiple) values[name] = [];
  }
  const positionals: string[] = [];
  let i = 0;
  while (i < argv.length) {
    const arg = argv[i++]!;
    if (arg === "--") {
      positionals.push(...argv.slice(i));
      break;
    }
    if (arg === "-" || !arg.startsWith("-") || looksNumeric(arg)) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const flag = eq < 0 ? arg : arg.slice(0, eq);
    const name = flag.startsWith("--") ? flag.slice(2) : byShort.get(flag.slice(1));
    const o = name === undefined ? undefined : specs[name];
    if (name === undefined || o === undefined) throw new UsageError(unknownOption(flag, specs));
    const shown = `--${name}`;
    if (o.type === "boolean") {
      if (eq >= 0) throw new UsageError(`${shown} takes no value (got '${arg.slice(eq + 1)}')`);
      values[name] = true;
      continue;
    }
    let text: string;
    if (eq >= 0) text = arg.slice(eq + 1);
    else {
      const next = argv[i];
      const isValue =
        next !== undefined &&
        (next === "-" || !next.startsWith("-") || looksNumeric(next) || next === "");
      if (!isValue) {
        const after = next === undefined ? "nothing follows" : `'${next}' follows`;
        throw new UsageError(
          `${shown} needs a value: ${placeholder(o)}, ${expectation(o)} (${after})`,
        );
      }
      text = next;
      i++;
    }
    const parsed = parseValue(o, text);
    if (!parsed.ok) {
      throw new UsageError(`${shown} expects ${expectation(o)}, got '${text}'`);
    }
    if ("multiple" in o && o.multiple) (values[name] as unknown[]).push(parsed.value);
    else if (name in values && values[name] !== undefined) {
      throw new UsageError(`${shown} is given twice`);
    } else values[name] = parsed.value;
  }
  const [min, max] = c.positionals;
  if (positionals.length < min) {
    const names = positionalNames(c.usage).slice(positionals.length, min);
    throw new UsageError(
      names.length > 0
        ? `missing ${names.join(" and ")}`
        : min - positionals.length === 1
          ? "missing argument"
          : `missing ${min - positionals.length} arguments`,
    );
  }
  if (positionals.length > max) {
    throw new UsageError(`unexpected argument '${positionals[max]}'`);
  }
  return { options: values as OptionValues<S>, positionals };
}

function unknownOption(flag: string, specs: OptionSpecs): string {
  const names = Object.keys(specs).map((n) => `--${n}`);
  const shorts = Object.values(specs).flatMap((o: OptionDecl) => (o.short ? [`-${o.short}`] : []));
  const guess = nearest(flag.startsWith("--") ? flag : `-${flag}`, [...names, "--help"]);
  const known = [...names, ...shorts, "--help"].join(", ");
  return `unknown option ${flag}${guess ? ` (did you mean ${guess}?)` : ""}; known options: ${known}`;
}

/** `deforma <group> <name>`, the way a command is called, from its usage line. */
function commandName(c: AnyCommand): string {
  const words = c.usage.split(" ");
  const take = words[1] !== undefined && /^[a-z][a-z-]*$/.test(words[1]) ? 2 : 1;
  return words.slice(0, take).join(" ");
}

/** Parses `argv` for command `c` and runs it; usage mistakes print the usage and give exit code 2. */
export async function runCommand(
  c: AnyCommand,
  summary: string,
  argv: readonly string[],
  io: CliIo,
): Promise<number> {
  if (wantsHelp(argv)) {
    io.out(commandHelp(c, summary));
    return ExitCode.Ok;
  }
  let parsed: ParsedArgs;
  try {
    parsed = parseCommandLine(c, argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(
      `deforma: ${e.message}\nUsage: deforma ${c.usage}\n(see 'deforma ${commandName(c)} --help')\n`,
    );
    return ExitCode.Usage;
  }
  try {
    return await c.run(parsed, io);
  } catch (e) {
    const json = (parsed.options as Record<string, unknown>).json === true;
    return reportFailure(e, io, { usage: c.usage, json });
  }
}

/** The positional argument names of a usage line (`amx create … FILE OUT` → `FILE`, `OUT`): its upper-case words outside brackets and options. */
export function positionalNames(usage: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let afterOption = false;
  for (const word of usage.split(/\s+/)) {
    const opens = (word.match(/[[(]/g) ?? []).length;
    const closes = (word.match(/[\])]/g) ?? []).length;
    const bare = word.replace(/[[\]()|]/g, "");
    const isName =
      depth === 0 &&
      opens === 0 &&
      !afterOption &&
      /^[A-Z][A-Z0-9_]*(\.[A-Za-z0-9]+)?(\.\.\.)?$/.test(bare);
    if (isName) names.push(bare.replace(/\.\.\.$/, ""));
    afterOption = bare.startsWith("-");
    depth += opens - closes;
  }
  return names;
}
