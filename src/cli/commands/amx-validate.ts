/** `deforma amx validate FILE [--json] [--no-files]`. */
import { resolve } from "node:path";
import { checkAmxText } from "../../node/mixed-folder.js";
import { type Command, flagOption } from "../command.js";
import { inputText } from "../input.js";
import { printValidation } from "../output.js";

/** The `amx validate` command. */
export const amxValidate: Command = {
  usage: "amx validate FILE [--json] [--no-files]",
  summary: "Check a mixed animation file and, unless --no-files, the files next to it.",
  description:
    "Checks the .amx itself (syntax, counts, indices, extensions, matrices) and then, next to it,\n" +
    "CAD_Matrixes.dat (body numbers and matrices), the MBS animation (.amb: file exists, bodies\n" +
    "exist) and each mesh animation (.agr: file exists, type and parameter indices match).",
  options: {
    json: { type: "boolean", help: 'print {"ok":…,"diagnostics":[…]} instead of text' },
    "no-files": { type: "boolean", help: "check the .amx alone, not the files it names" },
  },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const text = await inputText(io.cwd, file);
    const check = await checkAmxText(resolve(io.cwd, file), text, {
      files: !flagOption(args, "no-files"),
    });
    // Show companion paths relative to how the user named the .amx.
    const report = check.report.map((r, i) =>
      i === 0 ? { ...r, file } : { ...r, file: relativeTo(file, r.file) },
    );
    return printValidation(io, file, report, flagOption(args, "json"));
  },
};

/** `companion` (absolute) shown in the folder of `userPath` as the user spelled it. */
function relativeTo(userPath: string, companion: string): string {
  const slash = Math.max(userPath.lastIndexOf("/"), userPath.lastIndexOf("\\"));
  const base = companion.slice(
    Math.max(companion.lastIndexOf("/"), companion.lastIndexOf("\\")) + 1,
  );
  return slash < 0 ? base : `${userPath.slice(0, slash + 1)}${base}`;
}
