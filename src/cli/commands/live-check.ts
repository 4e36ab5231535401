/** `deforma live check SCENE [--json]`. */
import { defineCommand } from "../command.js";
import { shownName } from "../input.js";
import { ALLOW_OUTSIDE_OPTION } from "../options.js";
import { printValidation } from "../output.js";
import { readLiveScene } from "./live-scene.js";

/** The `live check` command. */
export const liveCheck = defineCommand({
  usage: "live check SCENE [--json] [--allow-outside]",
  description:
    "Checks a live scene (*.scene.json, docs/formats/live-scene.md): its JSON, frames, control\n" +
    "points (the same names in every frame), cuts, stories, rules and parameters; then every\n" +
    "frame's picture: inside the scene's folder (no '..', no symbolic link out), a regular file,\n" +
    "a PNG that decodes, of the scene's size (PNG0xx, docs/formats/png.md). Every finding is\n" +
    "located in the scene file. --allow-outside reads a picture that is a link out of the folder.",
  options: {
    json: { type: "boolean", help: 'print {"ok":…,"diagnostics":[…]} instead of text' },
    "allow-outside": ALLOW_OUTSIDE_OPTION,
  },
  positionals: [1, 1],
  async run(args, io) {
    const file = args.positionals[0]!;
    const { report } = await readLiveScene(io, file, args.options["allow-outside"]);
    return printValidation(io, shownName(file), report, args.options.json);
  },
});
