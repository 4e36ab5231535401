/**
 * `npx tsx scripts/live-quality.ts [WIDTHxHEIGHT]`: every in-between engine
 * on the synthetic quality scenes (src/live/quality), against the truth.
 * Prints the Markdown table of docs/live-engines.md ("Quality"); 320x240 by
 * default.
 */
import { engineNamed, engineNames } from "../src/live/engines.js";
import {
  measure,
  type QualityResult,
  qualityScenes,
  qualityTable,
} from "../src/live/quality/index.js";

const size = /^(\d+)x(\d+)$/.exec(process.argv[2] ?? "320x240");
if (!size) {
  console.error("usage: live-quality.ts [WIDTHxHEIGHT]");
  process.exit(2);
}
const width = Number(size[1]);
const height = Number(size[2]);
const results: QualityResult[] = [];
for (const scene of qualityScenes(width, height)) {
  for (const name of engineNames()) {
    const engine = engineNamed(name);
    if (engine) results.push(measure(engine, scene));
  }
}
console.log(`Quality scenes at ${width}×${height}, 19 in-betweens (t = 1/20 … 19/20):\n`);
console.log(qualityTable(results));
