/**
 * What `live render` finds in its `--out` folder before the first frame is
 * written: the outputs it would replace, the frames of an earlier, longer
 * render, and names it must not touch (a folder, FIFO or device named like a
 * frame), which stop the render before it starts, `--force` or not.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { nodeKind } from "../../node/output-target.js";
import { CliError, ExitCode } from "../io.js";

/** The render's timeline file in `--out`. */
export const TIMELINE = "timeline.json";

const FRAME_FILE = /^frame-(\d{5})\.png$/;

/** The outputs already in `--out`. */
export interface ExistingOutputs {
  /** Those this render replaces (frames 0 … ticks − 1 and timeline.json), as `shown/name`. */
  readonly clashing: string[];
  /** Frames beyond them (names), removed with `--force`. */
  readonly stale: string[];
}

/**
 * The outputs already in `dir` (shown as `shown`) for a render of `ticks`.
 * A frame or timeline name that is a symbolic link counts as an output (it
 * is replaced, never written through); one that is anything but a regular
 * file or a link is the CLI's error (exit 1) naming it.
 */
export async function existingOutputs(
  dir: string,
  shown: string,
  ticks: number,
): Promise<ExistingOutputs> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return { clashing: [], stale: [] };
  }
  const clashing: string[] = [];
  const stale: string[] = [];
  const blocked: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const m = FRAME_FILE.exec(e.name);
    if (e.name !== TIMELINE && !m) continue;
    if (!e.isFile() && !e.isSymbolicLink())
      blocked.push(`'${join(shown, e.name)}' is ${nodeKind(e)}`);
    else if (e.name === TIMELINE || Number(m![1]) < ticks) clashing.push(join(shown, e.name));
    else stale.push(e.name);
  }
  if (blocked.length > 0) {
    const more = blocked.length > 1 ? ` (and ${blocked.length - 1} more)` : "";
    throw new CliError(
      `cannot render into '${shown}': ${blocked[0]}${more}, not a regular file; a render replaces only regular files, even with --force`,
      ExitCode.Problems,
    );
  }
  return { clashing, stale };
}
