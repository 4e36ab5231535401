/**
 * Generates the demo FRUND model (slider-crank with a flexible rod and a
 * heated piston) into OUTDIR (default: the repository's demo/).
 *
 *   npx tsx scripts/make-demo.ts [OUTDIR]
 */
import { mkdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { writeAgrBinary } from "../src/mixed/agr/index.js";
import { writeAmbText } from "../src/mixed/amb/index.js";
import { createAmx, writeAmx } from "../src/mixed/amx/index.js";
import { writeCad } from "../src/mixed/cad/index.js";
import { writeFileAtomic } from "../src/node/atomic-write.js";
import { Body } from "./demo/kinematics.js";
import { buildDemoModel } from "./demo/model.js";
import { DEFAULT_PARAMETERS } from "./demo/params.js";
import { DemoFiles, demoReadme } from "./demo/readme.js";
import { summarize } from "./demo/summary.js";

/** Writes every demo file into `outDir` (created if missing; existing demo files are replaced). */
async function makeDemo(outDir: string): Promise<Map<string, number>> {
  const p = DEFAULT_PARAMETERS;
  const model = buildDemoModel(p);
  const { model: amx, diagnostics } = createAmx({
    mbs: DemoFiles.mbs,
    cad: model.cad,
    bodies: [
      { body: Body.Rod, type: model.rod.type, file: DemoFiles.rod },
      { body: Body.Piston, type: model.piston.type, file: DemoFiles.piston },
    ],
  });
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) {
    throw new Error(`amx create failed: ${errors.map((d) => d.message).join("; ")}`);
  }
  const contents = new Map<string, string | Uint8Array>([
    [DemoFiles.mbs, writeAmbText(model.mbs)],
    [DemoFiles.rod, writeAgrBinary(model.rod)],
    [DemoFiles.piston, writeAgrBinary(model.piston)],
    [DemoFiles.cad, writeCad(model.cad)],
    [DemoFiles.amx, writeAmx(amx)],
  ]);
  const sizes = new Map<string, number>();
  for (const [name, data] of contents) {
    sizes.set(name, typeof data === "string" ? Buffer.byteLength(data, "utf8") : data.length);
  }
  const summary = summarize(p, model);
  const readme = demoReadme(p, summary, sizes, {
    mbsFrames: model.mbs.times.length,
    rodNodes: model.rod.nodeCount,
    rodCells: model.rod.cellTypes.length,
    rodFrames: model.rod.times.length,
    pistonNodes: model.piston.nodeCount,
    pistonCells: model.piston.cellTypes.length,
    pistonFrames: model.piston.times.length,
  });
  contents.set(DemoFiles.readme, readme);
  sizes.set(DemoFiles.readme, Buffer.byteLength(readme, "utf8"));
  await mkdir(outDir, { recursive: true });
  for (const [name, data] of contents) {
    await writeFileAtomic(join(outDir, name), data, { overwrite: true });
  }
  const mm = (m: number) => `${(m * 1000).toFixed(3)} mm`;
  console.log(
    `peak rod deflection ${mm(summary.peakDeflectionM)} at t = ${summary.peakDeflectionTimeS} s; ` +
      `crown temperature rise ${summary.crownRiseK.toFixed(2)} K`,
  );
  return sizes;
}

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(process.argv[2] ?? join(here, "..", "demo"));
makeDemo(outDir).then(
  (sizes) => {
    for (const [name, bytes] of sizes) console.log(`${join(outDir, name)}  ${bytes} bytes`);
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
