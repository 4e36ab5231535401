/**
 * The demo's shared pages (`npm run demo`, docs/player.md): each shareable
 * demo file as one HTML page in OUTDIR/share/, a folder git ignores (the
 * pages carry the player bundle and the date, so they change with every
 * build and day; decision 331). Skipped, with a line saying so, when the
 * player is not built.
 */
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { formatReport } from "../../src/core/report.js";
import { writeFileAtomic } from "../../src/node/atomic-write.js";
import { companionReader } from "../../src/node/files.js";
import {
  missingPlayerWords,
  packageVersion,
  readPlayerBundle,
  shareFile,
} from "../../src/node/share/index.js";

/** Demo file → page name, one line each. */
export const DEMO_SHARES: readonly (readonly [file: string, page: string])[] = [
  ["live/face.scene.json", "face.html"],
  ["slider-crank.amx", "slider-crank.html"],
  ["arm.rig.json", "arm.html"],
];

/** Writes the pages of {@link DEMO_SHARES} under `outDir`/share; returns the lines to print. */
export async function writeDemoShares(outDir: string): Promise<string[]> {
  const player = await readPlayerBundle();
  if (player === undefined) return [`share pages skipped: ${missingPlayerWords()}`];
  const version = await packageVersion();
  const lines: string[] = [];
  await mkdir(join(outDir, "share"), { recursive: true });
  for (const [file, page] of DEMO_SHARES) {
    const bytes = await readFile(join(outDir, file));
    const read = companionReader(outDir);
    const r = await shareFile(file, bytes, { read, player, version, lang: "en" });
    if (r.html === undefined) {
      lines.push(`${file}: not shared\n${formatReport(r.report)}`);
      continue;
    }
    const out = join(outDir, "share", page);
    await writeFileAtomic(out, r.html, { overwrite: true });
    lines.push(`${out}  ${Buffer.byteLength(r.html, "utf8")} bytes`);
  }
  return lines;
}
