/**
 * Child of the .agr rows: loads the .agr at argv[2] (none: the baseline, same
 * imports) with `readAgr(readFileSync(path))` (argv[3] `one`), `readAgrFile`
 * on two threads (`two`) or `readAgrFile` as it reads by default, in chunks
 * (`file`), keeps the model alive, and prints the process's peak resident
 * memory and the model's bytes.
 */
import { readFileSync } from "node:fs";
import { readAgr } from "../src/mixed/agr/index.js";
import { readAgrFile } from "../src/node/agr-file.js";

const path = process.argv[2];
const mode = process.argv[3];
const read = async () => {
  if (!path) return null;
  if (mode === "one") return readAgr(readFileSync(path));
  return readAgrFile(path, mode === "two" ? { splitMinBytes: 4 * 2 ** 20 } : {});
};
const r = await read();
if (path && !r?.model) process.exit(2);
const m = r?.model;
const arrays = m
  ? [m.positions, m.cellTypes, m.connectivity, m.times, ...m.scalarValues, ...m.vectorValues]
  : [];
const modelBytes = arrays.reduce((s, a) => s + a.byteLength, 0);
process.stdout.write(
  `${JSON.stringify({ maxRss: process.resourceUsage().maxRSS * 1024, nodes: m?.nodeCount ?? 0, modelBytes })}\n`,
);
