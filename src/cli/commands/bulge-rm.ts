/** `deforma bulge rm --code N --project DIR [--force] [--allow-outside]`. */
import { join, resolve } from "node:path";
import { CATALOGUE_PATH, removeKeepingCodes } from "../../bulge/catalogue/index.js";
import { rigsUsingCode } from "../../bulge/rig/index.js";
import { formatReport } from "../../core/report.js";
import { projectRigs, referenceLines } from "../../node/bulge-project.js";
import { defineCommand } from "../command.js";
import { projectText } from "../input.js";
import { ExitCode, UsageError } from "../io.js";
import { ALLOW_OUTSIDE_OPTION } from "../options.js";
import { writeOutput } from "../output.js";

/** The `bulge rm` command. */
export const bulgeRm = defineCommand({
  usage: "bulge rm --code N --project DIR [--force] [--allow-outside]",
  description:
    "Removes the definition with code N from DIR/misc_data/bulge_types (its lines only: the\n" +
    "rest of the file, comments and omitted definitions included, stays as it is). A joint\n" +
    "stores only the code, so removing a code that a rig of the project (*.rig.json anywhere\n" +
    "below DIR) references would break it: the command then refuses and lists the rigs (exit 1),\n" +
    "unless --force. A rig that cannot be read counts as referencing the code. No other\n" +
    "definition's code changes: a definition whose code Alias reassigned (its written code is\n" +
    "taken) and would get another one once this one is gone has its code written (BLG022).\n" +
    "The catalogue and the rigs are read only inside DIR (links out refused) unless --allow-outside.",
  options: {
    code: { type: "integer", min: 0, help: "the code of the definition to remove" },
    project: {
      type: "path",
      value: "DIR",
      help: "the project folder (holding misc_data/bulge_types)",
    },
    force: { type: "boolean", help: "remove even when rigs reference the code" },
    "allow-outside": ALLOW_OUTSIDE_OPTION,
  },
  positionals: [0, 0],
  async run(args, io) {
    const { code, project } = args.options;
    if (code === undefined) throw new UsageError("missing --code N");
    if (project === undefined) throw new UsageError("missing --project DIR");
    const file = join(project, CATALOGUE_PATH);
    const allowOutside = args.options["allow-outside"] === true;
    const text = await projectText(io, project, CATALOGUE_PATH, file, "bulge-types", allowOutside);
    const cut = removeKeepingCodes(text, code);
    if (!cut) {
      io.err(`deforma: ${file} has no definition with code ${code}\n`);
      return ExitCode.Problems;
    }
    if (!cut.keeps) {
      io.err(`deforma: code ${code} not removed: other definitions' codes would change\n`);
      return ExitCode.Problems;
    }
    const def = cut.removed;
    const refs = rigsUsingCode(await projectRigs(resolve(io.cwd, project), { allowOutside }), code);
    const what = `"${def.name}" (code ${code})`;
    if (refs.length > 0 && !args.options.force) {
      io.err(
        `deforma: ${what} not removed: ${refs.length} rig${refs.length === 1 ? "" : "s"} of the project reference${refs.length === 1 ? "s" : ""} code ${code} (use --force):\n${referenceLines(refs)}`,
      );
      return ExitCode.Problems;
    }
    await writeOutput(io, file, cut.text, false, { inPlace: true });
    io.err(`${file}: removed ${what}\n`);
    if (cut.pinned.length > 0)
      io.err(formatReport([{ file, text: cut.text, diagnostics: cut.pinned }]));
    if (refs.length > 0)
      io.err(
        `warning: these rigs now reference a code the catalogue lacks:\n${referenceLines(refs)}`,
      );
    return ExitCode.Ok;
  },
});
