// `npm test`'s first step: the build (the CLI and web tests use dist/), both
// type checks and the lint, run side by side rather than one after another
// (on two cores this halves the minute they took in a row). Each job's output
// is held and printed only when it fails, so a passing run stays quiet; the
// exit code is the first failing job's, or 0.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));
const npm = process.env.npm_execpath;

const JOBS = [
  npm
    ? { name: "build", cmd: process.execPath, args: [npm, "run", "--silent", "build"] }
    : { name: "build", cmd: "npm", args: ["run", "--silent", "build"] },
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
    const child = spawn(job.cmd, job.args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
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
