/** `deforma amx validate FILE [--json] [--no-files] [--allow-outside]`. */
import { resolve } from "node:path";
import { baseName, siblingPath } from "../../core/path.js";
import { checkAmxText } from "../../node/mixed-folder.js";
import { defineCommand } from "../command.js";
import { inputText, isStdin, STDIN_NAME } from "../input.js";
import { ALLOW_OUTSIDE_OPTION } from "../options.js";
import { printValidation } from "../output.js";

/** The `amx validate` command. */
export const amxValidate = defineCommand({
  usage: "amx validate FILE [--json] [--no-files] [--allow-outside]",
  description:
    "Checks the .amx itself (syntax, counts, indices, extensions, matrices) and then, next to it,\n" +
    "CAD_Matrixes.dat (body numbers and matrices), the MBS animation (.amb: file exists, bodies\n" +
    "exist) and each mesh animation (.agr: file exists, type and parameter indices match).\n" +
    "FILE '-' reads standard input; it has no folder, so only the .amx itself is checked.",
  options: {
    json: { type: "boolean", help: 'print {"ok":…,"diagnostics":[…]} instead of text' },
    "no-files": { type: "boolean", help: "check the .amx alone, not the files it names" },
    "allow-outside": ALLOW_OUTSIDE_OPTION,
  },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const text = await inputText(io, file, "amx");
    const stdin = isStdin(file);
    if (stdin && !args.options["no-files"] && !args.options.json) {
      io.err(`note: ${STDIN_NAME} has no folder; the files it names are not checked\n`);
    }
    const check = await checkAmxText(resolve(io.cwd, stdin ? "stdin.amx" : file), text, {
      files: !stdin && !args.options["no-files"],
      allowOutside: args.options["allow-outside"] === true,
    });
    const shown = stdin ? STDIN_NAME : file;
    // Show companion paths relative to how the user named the .amx.
    const report = check.report.map((r, i) =>
      i === 0 ? { ...r, file: shown } : { ...r, file: shownCompanion(file, r.file) },
    );
    return printValidation(io, shown, report, args.options.json);
  },
});

/** `companion` (absolute) shown in the folder of `userPath` as the user spelled it. */
function shownCompanion(userPath: string, companion: string): string {
  return siblingPath(userPath, baseName(companion));
}
