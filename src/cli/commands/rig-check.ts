/** `deforma rig check RIG [--json] [--catalogue PATH]`. */
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { CATALOGUE_PATH, readBulgeTypes } from "../../bulge/catalogue/index.js";
import { checkRigCodes, readRig } from "../../bulge/rig/index.js";
import { decodeText } from "../../core/bytes.js";
import { sortBySource } from "../../core/diagnostics.js";
import { defineCommand } from "../command.js";
import { inputText, isStdin, shownName } from "../input.js";
import { printValidation } from "../output.js";

/** The `rig check` command. */
export const rigCheck = defineCommand({
  usage: "rig check RIG [--json] [--catalogue PATH]",
  description:
    "Checks a rig (*.rig.json): JSON shape and types, joints and parents, bones, axes, radii,\n" +
    "bulge attributes. Its bulge codes are checked against --catalogue, or else against\n" +
    "misc_data/bulge_types in the rig's own folder when there is one (RIG020 for a code the\n" +
    "catalogue's lister does not show). RIG '-' reads standard input.",
  options: {
    json: { type: "boolean", help: 'print {"ok":…,"diagnostics":[…]} instead of text' },
    catalogue: { type: "path", help: "the bulge_types to check codes against" },
  },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const text = await inputText(io, file, "rig");
    const r = readRig(text);
    let diagnostics = r.diagnostics;
    const catalogue =
      args.options.catalogue ?? (isStdin(file) ? undefined : join(dirname(file), CATALOGUE_PATH));
    if (r.model && r.spans && catalogue !== undefined) {
      const codes = await catalogueCodes(
        resolve(io.cwd, catalogue),
        args.options.catalogue !== undefined,
        io,
        catalogue,
      );
      if (codes)
        diagnostics = sortBySource([
          ...diagnostics,
          ...checkRigCodes(r.model, codes, catalogue, r.spans),
        ]);
    }
    return printValidation(
      io,
      shownName(file),
      [{ file: shownName(file), text, diagnostics }],
      args.options.json,
    );
  },
});

/** The lister's codes of the catalogue at `path`; undefined when absent and not asked for (asked for: read as an input). */
async function catalogueCodes(
  path: string,
  asked: boolean,
  io: Parameters<typeof inputText>[0],
  shown: string,
): Promise<Set<number> | undefined> {
  let text: string;
  if (asked) text = await inputText(io, shown, "bulge-types");
  else {
    try {
      text = decodeText(new Uint8Array(await readFile(path)));
    } catch {
      return undefined;
    }
  }
  return new Set(readBulgeTypes(text).model.bulges.map((d) => d.code));
}
