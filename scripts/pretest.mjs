// `npm test`'s first step: the build (the CLI and web tests use dist/), both
// type checks and the lint, run side by side rather than one after another
// (on two cores this halves the minute they took in a row). Each job's output
// is held and printed only when it fails, so a passing run stays quiet; the
// exit code is the first failing job's, or 0.
//
// The build is `npm run build` with its tsc step emitting only (`--noCheck`,
// decision 373): the type check beside it checks the same files with the same
// options, so the build's own check was the same work twice. Its output is
// byte for byte the checked build's, and declaration errors still fail it.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const binDir = fileURLToPath(new URL("../node_modules/.bin", import.meta.url));
const bin = (name) => `${binDir}/${name}`;

const TSC_BUILD = "tsc -p tsconfig.build.json";
const build = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).scripts
  .build;
if (!build.startsWith(`${TSC_BUILD} && `)) {
  process.stderr.write(`pretest: the build script no longer starts with '${TSC_BUILD} && '\n`);
  process.exit(1);
}

const JOBS = [
  {
    name: "build",
    cmd: build.replace(TSC_BUILD, `${TSC_BUILD} --noCheck`),
    args: [],
    shell: true,
  },
  { name: "type check", cmd: bin("tsc"), args: ["-p", "tsconfig.json", "--noEmit"] },
  {
    name: "isomorphic type check",
    cmd: bin("tsc"),
    args: ["-p", "tsconfig.isomorphic.json", "--noEmit"],
  },
  { name: "lint", cmd: bin("biome"), args: ["check", "."] },
];

/** Runs one job; resolves with its exit code and everything it printed. */
function run(job) {
  return new Promise((resolve) => {
    const child = spawn(job.cmd, job.args, {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      // The build's steps name their tools as npm run would find them.
      ...(job.shell
        ? { shell: true, env: { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH}` } }
        : {}),
    });
    const chunks = [];
    child.stdout.on("data", (c) => chunks.push(c));
    child.stderr.on("data", (c) => chunks.push(c));
    child.on("error", (e) => resolve({ code: 1, output: `${e.message}\n` }));
    child.on("close", (code) =>
      resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString() }),
    );
  });
}

const results = await Promise.all(JOBS.map(run));
let exitCode = 0;
results.forEach((r, i) => {
  if (r.code === 0) return;
  process.stderr.write(`\n${JOBS[i].name} failed (exit code ${r.code}):\n${r.output}`);
  if (exitCode === 0) exitCode = r.code;
});
process.exit(exitCode);
