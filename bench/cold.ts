/**
 * Bench row `cli-cold-start`: `node bin/deforma.cjs amx validate` on the seed
 * file (its own folder's files not needed: `--no-files`) against `node -e 0`,
 * spawned alternately after a warm-up; the ratio is the median of per-round
 * ratios. The answer is checked: the CLI exits 0 and says `ok`.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type BenchRow, interleave } from "./harness.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SEED = "test/fixtures/seed/seed-flat.amx";

function run(args: string[]): { ms: number; status: number | null; out: string } {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
  return { ms: performance.now() - start, status: r.status, out: `${r.stdout}${r.stderr}` };
}

export async function coldBench(rounds: number): Promise<BenchRow> {
  const ours = () => {
    const r = run(["bin/deforma.cjs", "amx", "validate", SEED, "--no-files"]);
    if (r.status !== 0 || !/: ok \(/.test(r.out)) {
      throw new Error(`cli-cold-start: amx validate failed (${r.status}): ${r.out}`);
    }
    return r.ms;
  };
  const theirs = () => {
    const r = run(["-e", "0"]);
    if (r.status !== 0) throw new Error("cli-cold-start: node -e 0 failed");
    return r.ms;
  };
  const r = await interleave(rounds, 2, ours, theirs);
  return {
    name: "cli-cold-start",
    peer: `node ${process.version} -e 0`,
    ratio: r.ratio,
    min: r.min,
    max: r.max,
    goal: 1.5,
    note: `amx validate ${SEED} --no-files (exit 0, ok), process spawn to exit; ${r.ours.toFixed(0)} vs ${r.theirs.toFixed(0)} ms`,
  };
}
