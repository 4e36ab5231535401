/** The demo folder's files, encoded in memory (no file system): name → text or bytes. */
import { writeAgrBinary } from "../../src/mixed/agr/index.js";
import { writeAmbText } from "../../src/mixed/amb/index.js";
import { createAmx, writeAmx } from "../../src/mixed/amx/index.js";
import { writeCad } from "../../src/mixed/cad/index.js";
import { Body } from "./kinematics.js";
import { buildDemoModel } from "./model.js";
import type { SliderCrankParameters } from "./params.js";
import { DemoFiles, demoReadme } from "./readme.js";
import { type DemoSummary, summarize } from "./summary.js";

/** Every demo file's content in write order, and the computed summary (SI units). */
export interface DemoFolder {
  files: Map<string, string | Uint8Array>;
  summary: DemoSummary;
}

/** Size of a file's content, bytes (text as UTF-8). */
function byteLength(data: string | Uint8Array): number {
  return typeof data === "string" ? Buffer.byteLength(data, "utf8") : data.length;
}

/**
 * Builds the demo model from `p` and encodes every file: the `.amb` as text,
 * the `.agr`s as binary, `CAD_Matrixes.dat`, the `.amx` made by `createAmx`
 * from the CAD matrices (throws if it reports an error), and the README.
 */
export function buildDemoFolder(p: SliderCrankParameters): DemoFolder {
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
  const files = new Map<string, string | Uint8Array>([
    [DemoFiles.mbs, writeAmbText(model.mbs)],
    [DemoFiles.rod, writeAgrBinary(model.rod)],
    [DemoFiles.piston, writeAgrBinary(model.piston)],
    [DemoFiles.cad, writeCad(model.cad)],
    [DemoFiles.amx, writeAmx(amx)],
  ]);
  const sizes = new Map([...files].map(([name, data]) => [name, byteLength(data)] as const));
  const summary = summarize(p, model);
  files.set(
    DemoFiles.readme,
    demoReadme(p, summary, sizes, {
      mbsFrames: model.mbs.times.length,
      rodNodes: model.rod.nodeCount,
      rodCells: model.rod.cellTypes.length,
      rodFrames: model.rod.times.length,
      pistonNodes: model.piston.nodeCount,
      pistonCells: model.piston.cellTypes.length,
      pistonFrames: model.piston.times.length,
    }),
  );
  return { files, summary };
}
