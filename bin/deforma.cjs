#!/usr/bin/env node
// Entry point of the `deforma` command. It runs dist/cli.cjs, the CLI bundled by
// `npm run build` (scripts/bundle-cli.mjs), compiled with V8's code cache
// dist/cli.cjs.cache when V8 accepts it (the same Node), else compiled afresh.
// DEFORMA_CODE_CACHE=write (the build) records the cache after the command;
// DEFORMA_CODE_CACHE=report says on stderr whether the cache was used.
// On Linux, a command that reads large files (or the studio, which does) runs
// in a child started with glibc's huge-page tunable (decision 354): huge-pages.cjs.
"use strict";
const { readFileSync, writeFileSync } = require("node:fs");
const { createRequire, wrap } = require("node:module");
const { dirname, join } = require("node:path");
const { Script } = require("node:vm");

if (!require("./huge-pages.cjs").relaunched(__filename)) run();

/** Runs the command in this process. */
function run() {
  const file = join(__dirname, "../dist/cli.cjs");
  let source;
  try {
    source = readFileSync(file, "utf8");
  } catch {
    process.stderr.write(
      "deforma: the CLI is not built (dist/cli.cjs is missing): run npm install or npm run build\n",
    );
    process.exit(70);
  }
  const mode = process.env.DEFORMA_CODE_CACHE;
  let cachedData;
  if (mode !== "write") {
    try {
      cachedData = readFileSync(`${file}.cache`);
    } catch {}
  }
  const script = new Script(wrap(source), { filename: file, cachedData });
  if (mode === "report") {
    const used = cachedData !== undefined && !script.cachedDataRejected;
    process.stderr.write(
      `deforma: code cache ${used ? "used" : cachedData ? "rejected" : "absent"}\n`,
    );
  }
  // Modules the bundle leaves out and imports on first use (h5wasm: scripts/bundle-cli.mjs):
  // code compiled by vm.Script cannot `import()`, this file can.
  globalThis[Symbol.for("deforma.import")] = (specifier) => import(specifier);
  const bundle = { exports: {} };
  script.runInThisContext()(bundle.exports, createRequire(file), bundle, file, dirname(file));
  const done = bundle.exports.main(process.argv.slice(2));
  if (mode === "write") {
    done.then(() => writeFileSync(`${file}.cache.tmp`, script.createCachedData()));
  }
}
