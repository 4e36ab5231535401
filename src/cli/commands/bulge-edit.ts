/** `deforma bulge init PROJECT` and `deforma bulge merge A B -o OUT [--force]`. */
import { basename, dirname, join, resolve } from "node:path";
import {
  CATALOGUE_PATH,
  mergeCatalogues,
  readBulgeTypes,
  writeBulgeTypes,
  writeErrlog,
} from "../../bulge/catalogue/index.js";
import { rigsUsingCode } from "../../bulge/rig/index.js";
import { formatReport } from "../../core/report.js";
import { ensureCatalogue, projectRigs, referenceLines } from "../../node/bulge-project.js";
import { defineCommand } from "../command.js";
import { inputText, shownName } from "../input.js";
import { ExitCode, UsageError } from "../io.js";
import { writeError, writeOutput } from "../output.js";

/** The `bulge init` command. */
export const bulgeInit = defineCommand({
  usage: "bulge init PROJECT",
  description:
    'Creates PROJECT/misc_data/bulge_types from the default catalogue (Alias\'s "Generic",\n' +
    "code 5, and a few muscle shapes) when the project has none, as Alias does. An existing\n" +
    "catalogue is never overwritten (it is left alone and the command succeeds). Folders are\n" +
    "created as needed.",
  options: {},
  positionals: [1, 1],
  async run(args, io) {
    const project = args.positionals[0]!;
    const shown = join(project, CATALOGUE_PATH);
    let outcome: "created" | "exists";
    try {
      outcome = await ensureCatalogue(resolve(io.cwd, project));
    } catch (e) {
      throw writeError(e, shown);
    }
    io.err(
      outcome === "exists"
        ? `${shown} exists; left alone\n`
        : `${shown}: created with the default catalogue\n`,
    );
    return ExitCode.Ok;
  },
});

/** The `bulge merge` command. */
export const bulgeMerge = defineCommand({
  usage: "bulge merge A B -o OUT [--renumber] [--force]",
  description:
    "Writes every definition of A, then every definition of B, to OUT, each with its code. A\n" +
    "definition of B whose code A already uses would need another code: the merge is then\n" +
    "refused (BLG023, with the rigs of B's project that use those codes, when B is a project's\n" +
    "misc_data/bulge_types), unless --renumber: then it gets the smallest free code (logged on\n" +
    "standard error, as Alias logs a reassigned code). A definition of B identical to one of A\n" +
    "is not written twice. A catalogue with omitted definitions is refused (they would be\n" +
    "lost: fix them first, see 'deforma bulge lint'). OUT is replaced only with --force.",
  options: {
    out: { type: "path", short: "o", value: "OUT", help: "the merged catalogue to write" },
    renumber: { type: "boolean", help: "give B's definitions whose code A uses new codes" },
    force: { type: "boolean", help: "replace OUT if it exists" },
  },
  positionals: [2, 2],
  async run(args, io) {
    const [a, b] = [args.positionals[0]!, args.positionals[1]!];
    const out = args.options.out;
    if (out === undefined) {
      throw new UsageError("missing -o OUT");
    }
    const inputs = [];
    let refused = false;
    for (const file of [a, b]) {
      const text = await inputText(io, file, "bulge-types");
      const r = readBulgeTypes(text);
      const name = shownName(file);
      if (r.model.errlog.some((e) => e.kind === "omitted")) {
        io.err(
          formatReport([
            { file: name, text, diagnostics: r.diagnostics.filter((d) => d.severity === "error") },
          ]),
        );
        io.err(`${name}: has definitions the lister omits; they would be lost in the merge\n`);
        refused = true;
      }
      inputs.push({ name, file, text, model: r.model, spans: r.spans });
    }
    if (refused) return ExitCode.Problems;
    const [ia, ib] = [inputs[0]!, inputs[1]!];
    // Codes each input reassigned itself, then those the merge reassigns.
    io.err(writeErrlog(ia.model.errlog, ia.name) + writeErrlog(ib.model.errlog, ib.name));
    const merged = mergeCatalogues(ia.model, ib.model, ib.spans);
    if (merged.changed.length > 0) {
      const refs = await rigsOfCodes(io.cwd, ib.file, merged.codeMap);
      const renumber = args.options.renumber === true;
      if (!renumber) {
        io.err(formatReport([{ file: ib.name, text: ib.text, diagnostics: merged.changed }]));
        const n = merged.changed.length;
        io.err(
          `${ib.name}: ${n} definition${n === 1 ? "" : "s"} would change code; not merged (use --renumber)\n`,
        );
        if (refs) io.err(`rigs of its project that use them:\n${refs}`);
        return ExitCode.Problems;
      }
      if (refs) io.err(`warning: rigs of ${ib.name}'s project use codes that change:\n${refs}`);
    }
    io.err(writeErrlog(merged.reassigned, ib.name));
    for (const d of merged.identical) {
      io.err(
        `${ib.name}:${d.line}: "${d.name}" (code ${d.code}) is identical to one of ${ia.name}; written once\n`,
      );
    }
    if (!(await writeOutput(io, out, writeBulgeTypes(merged.catalogue), args.options.force))) {
      return ExitCode.Problems;
    }
    io.err(
      `${out}: ${merged.catalogue.bulges.length} definitions (${ia.model.bulges.length} from ${ia.name}, ${
        merged.catalogue.bulges.length - ia.model.bulges.length
      } from ${ib.name}), ${merged.reassigned.length} code${merged.reassigned.length === 1 ? "" : "s"} reassigned\n`,
    );
    return ExitCode.Ok;
  },
});

/**
 * When `file` is a project's catalogue (`DIR/misc_data/bulge_types`): the
 * rigs of DIR using a code of `codes` (old → new), as lines; "" when there
 * are none or `file` is not in a project.
 */
async function rigsOfCodes(
  cwd: string,
  file: string,
  codes: ReadonlyMap<number, number>,
): Promise<string> {
  const path = resolve(cwd, file);
  if (basename(path) !== "bulge_types" || basename(dirname(path)) !== "misc_data") return "";
  const rigs = await projectRigs(dirname(dirname(path)));
  const lines = [...codes].flatMap(([from, to]) => {
    const refs = rigsUsingCode(rigs, from);
    return refs.length > 0 ? [`code ${from} → ${to}, used by:\n${referenceLines(refs)}`] : [];
  });
  return lines.join("");
}
