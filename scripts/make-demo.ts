/**
 * Generates the demo FRUND model (slider-crank with a flexible rod and a
 * heated piston), the bulge demo (a rigged arm, its rig, the default
 * misc_data/bulge_types) and the live demo (a face's key frames and scene,
 * live/) into OUTDIR (default: the repository's demo/). Same bytes
 * every run; existing demo files in OUTDIR are replaced atomically. Then the
 * shared pages of the demo files into OUTDIR/share/ (git ignores demo/share/).
 *
 *   npx tsx scripts/make-demo.ts [OUTDIR]
 */
import { mkdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { writeFileAtomic } from "../src/node/atomic-write.js";
import { buildArmFiles } from "./demo/arm.js";
import { buildFaceFiles } from "./demo/face.js";
import { buildDemoFolder } from "./demo/files.js";
import { DEFAULT_PARAMETERS } from "./demo/params.js";
import { writeDemoShares } from "./demo/share.js";

async function main(outDir: string): Promise<void> {
  const { files, summary } = buildDemoFolder(DEFAULT_PARAMETERS);
  await mkdir(outDir, { recursive: true });
  // The bulge demo: the rigged arm and the default catalogue.
  for (const [name, data] of buildArmFiles()) files.set(name, data);
  // The live demo: the face's key frames, its scene and the README's events.
  for (const [name, data] of buildFaceFiles()) files.set(name, data);
  for (const [name, data] of files) {
    await mkdir(dirname(join(outDir, name)), { recursive: true });
    await writeFileAtomic(join(outDir, name), data, { overwrite: true });
    const bytes = typeof data === "string" ? Buffer.byteLength(data, "utf8") : data.length;
    console.log(`${join(outDir, name)}  ${bytes} bytes`);
  }
  for (const line of await writeDemoShares(outDir)) console.log(line);
  console.log(
    `peak rod deflection ${(summary.peakDeflectionM * 1000).toFixed(3)} mm ` +
      `at t = ${summary.peakDeflectionTimeS} s; ` +
      `crown temperature rise ${summary.crownRiseK.toFixed(2)} K`,
  );
}

const here = dirname(fileURLToPath(import.meta.url));
main(resolve(process.argv[2] ?? join(here, "..", "demo"))).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
