// Huge pages for the commands that read large files (decision 354). On this
// kind of machine a fresh megabyte costs Node about 4 ms of page faults, and
// about 0.5 ms with transparent huge pages, which Linux gives a process that
// asks for them (`madvise`, the kernel's usual setting) and glibc asks for
// when `glibc.malloc.hugetlb=1` is in GLIBC_TUNABLES at process start; numpy
// asks for them itself. So `deforma` runs the studio, and any command whose
// named files (a folder's own files included) total at least 32 MiB, in a
// child Node started with the tunable; a small command (most) pays nothing,
// a large one pays one more Node start (tens of ms) to save more.
// DEFORMA_HUGE_PAGES=0 turns this off; =report says on stderr what the CLI's
// process was started with.
"use strict";
const { readdirSync, statSync } = require("node:fs");
const { join } = require("node:path");

const TUNABLE = "glibc.malloc.hugetlb=1";
/** Named input at least this large: the child is worth its start. */
const MIN_BYTES = 32 * 2 ** 20;
/** A named folder's entries looked at, at most (a folder of thousands costs no more than this). */
const MAX_ENTRIES = 256;

function sizeOf(path) {
  try {
    const s = statSync(path, { throwIfNoEntry: false });
    return s?.isFile() ? s.size : 0;
  } catch {
    return 0;
  }
}

/** Bytes of the regular files named in `args` and of a named folder's own files, up to `enough`. */
function inputBytes(args, enough = MIN_BYTES) {
  let total = 0;
  for (const arg of args) {
    if (arg.startsWith("-") || total >= enough) continue;
    let s;
    try {
      s = statSync(arg, { throwIfNoEntry: false });
    } catch {}
    if (s?.isFile()) total += s.size;
    else if (s?.isDirectory()) {
      let entries = [];
      try {
        entries = readdirSync(arg, { withFileTypes: true }).slice(0, MAX_ENTRIES);
      } catch {}
      for (const e of entries) if (e.isFile() && total < enough) total += sizeOf(join(arg, e.name));
    }
  }
  return total;
}

/** Whether the command `args` runs in a child with the tunable. */
function wanted(args, env = process.env, platform = process.platform) {
  if (platform !== "linux" || env.DEFORMA_HUGE_PAGES === "0") return false;
  if ((env.GLIBC_TUNABLES ?? "").includes("glibc.malloc.hugetlb")) return false;
  return args[0] === "studio" || inputBytes(args) >= MIN_BYTES;
}

/**
 * Runs this command again in a child Node with the tunable, when {@link wanted}:
 * true then (the child's exit or signal becomes this process's; SIGINT,
 * SIGTERM and SIGHUP are passed on to it), false when this process runs it.
 */
function relaunched(entry) {
  const args = process.argv.slice(2);
  if (process.env.DEFORMA_HUGE_PAGES === "report") {
    process.stderr.write(`deforma: GLIBC_TUNABLES=${process.env.GLIBC_TUNABLES ?? ""}\n`);
  }
  if (!wanted(args)) return false;
  const tunables = process.env.GLIBC_TUNABLES;
  const env = { ...process.env, GLIBC_TUNABLES: tunables ? `${tunables}:${TUNABLE}` : TUNABLE };
  const { spawn } = require("node:child_process");
  const child = spawn(process.execPath, [...process.execArgv, entry, ...args], {
    stdio: "inherit",
    env,
  });
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"];
  const pass = (signal) => child.kill(signal);
  for (const s of signals) process.on(s, pass);
  child.on("error", (e) => {
    process.stderr.write(`deforma: could not start: ${e.message}\n`);
    process.exitCode = 70;
  });
  child.on("exit", (code, signal) => {
    for (const s of signals) process.off(s, pass);
    if (signal) process.kill(process.pid, signal);
    else process.exitCode = code ?? 70;
  });
  return true;
}

module.exports = { inputBytes, relaunched, wanted, MIN_BYTES, TUNABLE };
