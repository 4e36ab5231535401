/** Stand-in for `bulge apply` in a build without the deformation engine's command. */
import { defineCommand } from "../command.js";
import { CliError, ExitCode } from "../io.js";

/** Says that `bulge apply` is not part of this build (exit 2). */
export const bulgeApplyMissing = defineCommand({
  usage: "bulge apply --rig RIG --mesh IN.obj|IN.glb --pose JOINT=DEGREES … -o OUT",
  description: "Not part of this build.",
  options: {},
  positionals: [0, Number.POSITIVE_INFINITY],
  async run() {
    throw new CliError("bulge apply is not part of this build", ExitCode.Usage);
  },
});
