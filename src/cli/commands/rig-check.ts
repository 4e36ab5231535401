/** `deforma rig check RIG [--json] [--catalogue PATH] [--allow-outside]`. */
import { type ProjectCatalogue, projectCatalogue, readRig, rigReport } from "../../bulge/index.js";
import { catalogueBesideRig } from "../../node/bulge-project.js";
import { defineCommand } from "../command.js";
import { inputText, isStdin, shownName } from "../input.js";
import { ALLOW_OUTSIDE_OPTION } from "../options.js";
import { printValidation } from "../output.js";

/** The `rig check` command. */
export const rigCheck = defineCommand({
  usage: "rig check RIG [--json] [--catalogue PATH] [--allow-outside]",
  description:
    "Checks a rig (*.rig.json): JSON shape and types, joints and parents, bones, axes, radii,\n" +
    "bulge attributes. Its bulge codes are checked against --catalogue, or else against\n" +
    "misc_data/bulge_types in the rig's own folder when there is one (RIG020 for a code the\n" +
    "catalogue's lister does not show), as 'deforma check RIG' does. RIG '-' reads standard input.\n" +
    "The catalogue beside the rig is read only inside the rig's folder unless --allow-outside.",
  options: {
    json: { type: "boolean", help: 'print {"ok":…,"diagnostics":[…]} instead of text' },
    catalogue: { type: "path", help: "the bulge_types to check codes against" },
    "allow-outside": ALLOW_OUTSIDE_OPTION,
  },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const text = await inputText(io, file, "rig");
    const r = readRig(text);
    const asked = args.options.catalogue;
    // Asked for: read as an input (its absence is an error); else the one beside the rig, if any.
    const catalogue: ProjectCatalogue =
      asked !== undefined
        ? projectCatalogue(asked, await inputText(io, asked, "bulge-types"))
        : isStdin(file) || !r.model
          ? { status: "missing", path: "" }
          : await catalogueBesideRig(io.cwd, file, { allowOutside: args.options["allow-outside"] });
    return printValidation(
      io,
      shownName(file),
      [rigReport(shownName(file), text, catalogue, r)],
      args.options.json,
    );
  },
});
