/** Commands as data: name, summary, options, and a lazily loaded `run`. */
import { type ParseArgsConfig, parseArgs } from "node:util";
import { type CliIo, ExitCode, UsageError } from "./io.js";

/** Option declarations in `node:util` `parseArgs` form, plus a help line each. */
export type OptionSpec = Record<
  string,
  {
    readonly type: "string" | "boolean";
    readonly short?: string;
    readonly multiple?: boolean;
    readonly help: string;
    readonly value?: string;
  }
>;

/** A leaf command such as `amx validate`. */
export interface Command {
  /** Usage line after `deforma`, e.g. `amx validate FILE [--json] [--no-files]`. */
  readonly usage: string;
  /** One-line summary. */
  readonly summary: string;
  /** Longer help, shown by `--help`. */
  readonly description?: string;
  readonly options: OptionSpec;
  /** Minimum and maximum number of positional arguments. */
  readonly positionals: readonly [min: number, max: number];
  /** Runs the command; returns the exit code. */
  readonly run: (args: ParsedArgs, io: CliIo) => Promise<number>;
}

/** Parsed command line of a {@link Command}. */
export interface ParsedArgs {
  readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  readonly positionals: string[];
}

/** The value of a string option, or undefined. */
export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === "string" ? v : undefined;
}

/** Whether a boolean option was given. */
export function flagOption(args: ParsedArgs, name: string): boolean {
  return args.values[name] === true;
}

/** All values of a repeatable string option, in order. */
export function listOption(args: ParsedArgs, name: string): string[] {
  const v = args.values[name];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === "string");
  return typeof v === "string" ? [v] : [];
}

/** An entry of a command table: summary known up front, implementation loaded on use. */
export interface CommandEntry {
  readonly summary: string;
  readonly load: () => Promise<Command>;
}

/** Help text of a leaf command. */
export function commandHelp(c: Command): string {
  const lines = [`Usage: deforma ${c.usage}`, "", c.summary];
  if (c.description) lines.push("", c.description);
  const opts = Object.entries(c.options);
  lines.push("", "Options:");
  for (const [name, o] of opts) {
    const flag = `${o.short ? `-${o.short}, ` : ""}--${name}${o.type === "string" ? ` ${o.value ?? "VALUE"}` : ""}`;
    lines.push(`  ${flag.padEnd(30)} ${o.help}`);
  }
  lines.push(`  ${"-h, --help".padEnd(30)} show this help`);
  return `${lines.join("\n")}\n`;
}

/** Parses `argv` for command `c` and runs it; usage mistakes print the help and give exit code 2. */
export async function runCommand(c: Command, argv: string[], io: CliIo): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(commandHelp(c));
    return ExitCode.Ok;
  }
  let parsed: ParsedArgs;
  try {
    const options: NonNullable<ParseArgsConfig["options"]> = {};
    for (const [name, o] of Object.entries(c.options)) {
      options[name] = {
        type: o.type,
        ...(o.short ? { short: o.short } : {}),
        ...(o.multiple ? { multiple: true } : {}),
      };
    }
    const r = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    parsed = { values: r.values, positionals: r.positionals };
    const [min, max] = c.positionals;
    if (parsed.positionals.length < min) throw new UsageError("missing argument");
    if (parsed.positionals.length > max) {
      throw new UsageError(`unexpected argument '${parsed.positionals[max]}'`);
    }
  } catch (e) {
    io.err(
      `deforma: ${(e as Error).message}\nUsage: deforma ${c.usage}\n(see 'deforma ${c.usage.split(" ").slice(0, 2).join(" ")} --help')\n`,
    );
    return ExitCode.Usage;
  }
  try {
    return await c.run(parsed, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`deforma: ${e.message}\nUsage: deforma ${c.usage}\n`);
      return ExitCode.Usage;
    }
    throw e;
  }
}
