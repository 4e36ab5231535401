/**
 * The bench runs as `deforma` runs a command on large files (decision 354):
 * on Linux, in a process started with glibc's huge-page tunable. Without it
 * in the environment, {@link relaunchedWithHugePages} runs this same bench in
 * a child that has it (the Python peers, started by the bench, inherit it
 * too; numpy asks for huge pages itself). DEFORMA_HUGE_PAGES=0 runs the
 * bench without (to compare).
 */
import { spawn } from "node:child_process";

const TUNABLE = "glibc.malloc.hugetlb=1";

/** What this process was started with, for the notes. */
export function hugePagesNote(): string {
  const t = process.env.GLIBC_TUNABLES ?? "";
  return t.includes(TUNABLE)
    ? `both processes started with GLIBC_TUNABLES=${TUNABLE}, as deforma runs an input of ≥ 32 MiB`
    : "no huge-page tunable (DEFORMA_HUGE_PAGES=0 or not Linux)";
}

/** Runs the bench in a child with the tunable and resolves to its exit code; undefined when this process runs it. */
export function relaunchedWithHugePages(): Promise<number> | undefined {
  const env = process.env;
  if (process.platform !== "linux" || env.DEFORMA_HUGE_PAGES === "0") return undefined;
  if ((env.GLIBC_TUNABLES ?? "").includes("glibc.malloc.hugetlb")) return undefined;
  const tunables = env.GLIBC_TUNABLES ? `${env.GLIBC_TUNABLES}:${TUNABLE}` : TUNABLE;
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...env, GLIBC_TUNABLES: tunables },
  });
  return new Promise((resolve) => {
    child.on("error", () => resolve(70));
    child.on("exit", (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}
