/**
 * Child of the .agr rows: loads the .agr at argv[2] (none: the baseline, same
 * imports) with `readAgr(readFileSync(path))`, or with `readAgrFile(path)`
 * (two threads) when argv[3] is `two`, keeps the model alive, and prints the
 * process's peak resident memory in bytes.
 */
import { readFileSync } from "node:fs";
import { readAgr } from "../src/mixed/agr/index.js";
import { readAgrFile } from "../src/node/agr-file.js";

const path = process.argv[2];
const two = process.argv[3] === "two";
const r = path ? (two ? await readAgrFile(path) : readAgr(readFileSync(path))) : null;
if (path && !r?.model) process.exit(2);
process.stdout.write(
  `${JSON.stringify({ maxRss: process.resourceUsage().maxRSS * 1024, nodes: r?.model?.nodeCount ?? 0 })}\n`,
);
