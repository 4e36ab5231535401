/**
 * Bench rows of a cold start, each process spawned under bash, whose `times`
 * gives the CPU of everything the command ran (the process and the children
 * it waited for), alternately after 2 warm-up pairs; the ratio is the median
 * of per-round wall ratios. The answer is checked: the CLI exits 0 and says `ok`.
 *  - `cli-cold-start`: `node bin/deforma.cjs amx validate` on the seed file
 *    (its own folder's files not needed: `--no-files`) against `node -e 0`;
 *  - `cli-cold-start-npx`: `npx deforma …` as a user calls it, in a project
 *    that installed deforma (a temporary folder whose node_modules/deforma
 *    links to this checkout and node_modules/.bin/deforma to its bin, as
 *    `npm install` makes them), against `npx` running a do-nothing bin of the
 *    same project: npm's own start is on both sides, the ratio is ours
 *    (decision 302).
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BenchRow, interleave, measured, type Timing } from "./harness.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SEED = "test/fixtures/seed/seed-flat.amx";
/** Where a run's output goes (read back for the check; a temporary folder's file while the rows run). */
let OUT_FILE = "";

/** Bash's `times`, second line: the children's user and system time, e.g. `0m0.123s 0m0.045s`. */
export function childrenCpu(times: string): number {
  const line = times.trim().split("\n").pop() ?? "";
  const m = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(line.trim());
  if (!m) return Number.NaN;
  return (Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000;
}

/** Runs `command` (argv) in `cwd` under bash; the wall time, the CPU of its processes, its status and output. */
function run(cwd: string, command: string[]): Timing & { status: number; out: string } {
  const script = '"$@" >"$OUT" 2>&1; s=$?; times >&2; exit $s';
  const start = performance.now();
  const r = spawnSync("bash", ["-c", script, "bash", ...command], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, OUT: OUT_FILE },
  });
  const ms = performance.now() - start;
  let text = "";
  try {
    text = readFileSync(OUT_FILE, "utf8");
  } catch {}
  return { ms, cpu: childrenCpu(r.stderr), status: r.status ?? -1, out: text };
}

/** Throws unless the CLI said the seed file is `ok`. */
export function checkOk(row: string, r: { status: number; out: string }): void {
  if (r.status !== 0 || !/: ok \(/.test(r.out)) {
    throw new Error(`${row}: amx validate failed (${r.status}): ${r.out}`);
  }
}

/** A user's project with deforma installed (links to this checkout) and a do-nothing bin `noop`. */
function userProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-npx-bench-"));
  writeFileSync(join(dir, "package.json"), '{"name": "user-project", "private": true}\n');
  mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
  symlinkSync(ROOT, join(dir, "node_modules", "deforma"));
  symlinkSync("../deforma/bin/deforma.cjs", join(dir, "node_modules", ".bin", "deforma"));
  const noop = join(dir, "node_modules", ".bin", "noop");
  writeFileSync(noop, "#!/usr/bin/env node\n", { mode: 0o755 });
  copyFileSync(join(ROOT, SEED), join(dir, "seed-flat.amx"));
  return dir;
}

export async function coldBench(rounds: number): Promise<BenchRow[]> {
  const node = process.execPath;
  const scratch = mkdtempSync(join(tmpdir(), "deforma-cold-bench-"));
  OUT_FILE = join(scratch, "out.txt");
  const dir = userProject();
  try {
    return await rows(node, dir, rounds);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function rows(node: string, dir: string, rounds: number): Promise<BenchRow[]> {
  const r = await interleave(
    rounds,
    2,
    () => {
      const x = run(ROOT, [node, "bin/deforma.cjs", "amx", "validate", SEED, "--no-files"]);
      checkOk("cli-cold-start", x);
      return x;
    },
    () => {
      const x = run(ROOT, [node, "-e", "0"]);
      if (x.status !== 0) throw new Error("cli-cold-start: node -e 0 failed");
      return x;
    },
  );
  // One warm-up pair: an npx call costs seconds on a loaded machine, and the files are cached after one.
  const n = await interleave(
    rounds,
    1,
    () => {
      const x = run(dir, ["npx", "deforma", "amx", "validate", "seed-flat.amx", "--no-files"]);
      checkOk("cli-cold-start-npx", x);
      return x;
    },
    () => {
      const x = run(dir, ["npx", "noop"]);
      if (x.status !== 0) throw new Error(`cli-cold-start-npx: npx noop failed: ${x.out}`);
      return x;
    },
  );
  return [
    {
      name: "cli-cold-start",
      peer: `node ${process.version} -e 0`,
      ratio: r.ratio,
      min: r.min,
      max: r.max,
      goal: 1.5,
      ...measured(r),
      note: `amx validate ${SEED} --no-files (exit 0, ok), process spawn to exit (under bash, for its CPU); ${r.ours.toFixed(0)} vs ${r.theirs.toFixed(0)} ms`,
    },
    {
      name: "cli-cold-start-npx",
      peer: "npx running a do-nothing bin of the same project",
      ratio: n.ratio,
      min: n.min,
      max: n.max,
      goal: 1.5,
      ...measured(n),
      note: `npx deforma amx validate (exit 0, ok) in a project with deforma in node_modules (links to this checkout); npm's start is on both sides; ${n.ours.toFixed(0)} vs ${n.theirs.toFixed(0)} ms`,
    },
  ];
}
