/**
 * Child of the peak-memory test of `readAgrFile`: reads the `.agr` at argv[2]
 * (none: the baseline, same imports), keeps the model alive, and prints the
 * process's peak resident memory and the model's bytes.
 */
import { readAgrFile } from "../../src/node/agr-file.js";

const path = process.argv[2];
const r = path ? await readAgrFile(path) : undefined;
if (path && (!r?.model || r.diagnostics.length > 0)) process.exit(2);
const m = r?.model;
const arrays = m
  ? [m.positions, m.connectivity, m.times, ...m.scalarValues, ...m.vectorValues]
  : [];
const modelBytes = arrays.reduce((s, a) => s + a.byteLength, 0);
process.stdout.write(
  `${JSON.stringify({ maxRss: process.resourceUsage().maxRSS * 1024, modelBytes })}\n`,
);
