/**
 * Generates the demo FRUND model (slider-crank with a flexible rod and a
 * heated piston) into OUTDIR (default: the repository's demo/). Same bytes
 * every run; existing demo files in OUTDIR are replaced atomically.
 *
 *   npx tsx scripts/make-demo.ts [OUTDIR]
 */
import { mkdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { writeFileAtomic } from "../src/node/atomic-write.js";
import { buildDemoFolder } from "./demo/files.js";
import { DEFAULT_PARAMETERS } from "./demo/params.js";

async function main(outDir: string): Promise<void> {
  const { files, summary } = buildDemoFolder(DEFAULT_PARAMETERS);
  await mkdir(outDir, { recursive: true });
  for (const [name, data] of files) {
    await writeFileAtomic(join(outDir, name), data, { overwrite: true });
    const bytes = typeof data === "string" ? Buffer.byteLength(data, "utf8") : data.length;
    console.log(`${join(outDir, name)}  ${bytes} bytes`);
  }
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
