/** `deforma share FILE -o OUT.html [--lang en|ru] [--force] [--allow-outside]` (docs/player.md). */
import { formatReport } from "../../core/report.js";
import { companionReader } from "../../node/files.js";
import {
  missingPlayerWords,
  packageVersion,
  readPlayerBundle,
  SHARE_LANGS,
  shareFile,
} from "../../node/share/index.js";
import { defineCommand } from "../command.js";
import { inputBytes, isStdin, shownName } from "../input.js";
import { CliError, ExitCode, UsageError } from "../io.js";
import { ALLOW_OUTSIDE_OPTION } from "../options.js";
import { checkOutput, writeOutput } from "../output.js";

/** The `share` command. */
export const share = defineCommand({
  usage: "share FILE -o OUT.html [--lang en|ru] [--force] [--allow-outside]",
  description:
    "Writes FILE as one HTML page that plays it in any browser, offline: the player, the data\n" +
    "and the look inlined, nothing fetched (docs/player.md). A live scene (*.scene.json) becomes\n" +
    "the 20 Hz player with its event buttons and signal sliders; a mixed model or mesh animation\n" +
    "the 3-D view; a bulge rig or skinned .glb the Bulges preview with its flex slider and the\n" +
    "catalogue beside it. A file that cannot be shared gets a located finding (FMT008–FMT018)\n" +
    "and exit code 2. The page says what it is (file, date, Deforma version) in --lang\n" +
    "(default en). An existing OUT is replaced only with --force.",
  options: {
    output: { type: "path", short: "o", value: "OUT.html", help: "the page to write (atomically)" },
    lang: { type: "enum", choices: SHARE_LANGS, help: "the page's language (default en)" },
    force: { type: "boolean", help: "replace OUT if it exists" },
    "allow-outside": ALLOW_OUTSIDE_OPTION,
  },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const { output, force } = args.options;
    if (output === undefined) throw new UsageError("-o OUT.html is required");
    if (isStdin(file))
      throw new UsageError("FILE cannot be '-': the files it names are found next to it");
    if (!(await checkOutput(io, output, force))) return ExitCode.Problems;
    const player = await readPlayerBundle();
    if (player === undefined)
      throw new CliError(`deforma share: ${missingPlayerWords()}`, ExitCode.Usage);
    const bytes = await inputBytes(io, file);
    const read = companionReader(io.cwd, { allowOutside: args.options["allow-outside"] });
    const r = await shareFile(shownName(file), bytes, {
      read,
      player,
      version: await packageVersion(),
      lang: args.options.lang ?? "en",
    });
    if (r.report.some((f) => f.diagnostics.length > 0)) io.err(formatReport(r.report));
    if (r.html === undefined) return ExitCode.Usage;
    if (!(await writeOutput(io, output, r.html, force))) return ExitCode.Problems;
    io.out(`${shownName(output)}: ${r.kind} page of ${shownName(file)} written\n`);
    return ExitCode.Ok;
  },
});
