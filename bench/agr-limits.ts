/**
 * Bench rows of the .agr text reader beside `agr-text-parse` (bench/agr.ts):
 *  - `agr-text-parse-1thread`: `readAgrFile` in one pass (its default, in
 *    chunks) against pandas `read_csv` of the same numbers, with numpy's
 *    `np.fromfile(sep=" ")` of the same .csv beside it in the note;
 *  - `agr-text-parse-vs-from-chars`: `readAgrFile` on all threads it gains
 *    from ({@link ALL_THREADS}) against a
 *    small C++ parser (std::from_chars) of the same .csv, built here with g++
 *    (skipped with the reason when there is no compiler);
 *  - `agr-text-peak-memory`: peak resident memory of `readAgrFile` of a 1 GB
 *    text (generated once under .out/bench) above a bare process, ÷ the
 *    model's bytes.
 * Answers are checked bitwise (float32) against each peer's.
 */
import { spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { MeshAnimation } from "../src/mixed/agr/model.js";
import { type ReadAgrFileOptions, readAgrFile } from "../src/node/agr-file.js";
import { agrNumbers, OUT, type ParseInputs } from "./fixtures.js";
import { type BenchRow, interleave, type PythonPeer, progress } from "./harness.js";
import { hugePagesNote } from "./huge-pages.js";

/** Index of the first difference of two float32 arrays (bitwise), or -1. */
function firstDifference(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return i;
  return -1;
}

function float32File(path: string): Float32Array {
  const bytes = readFileSync(path);
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

/** The last answer of the Python peer, as float32. */
async function peerAnswer(peer: PythonPeer): Promise<Float32Array> {
  const out = join(OUT, `peer-answer-${process.pid}.f32`);
  try {
    await peer.ask(`dump ${out}`);
    return float32File(out);
  } finally {
    rmSync(out, { force: true });
  }
}

/**
 * `readAgrFile` on all threads it gains from: its default, one pass in
 * chunks, as two threads never won on the bench's 2-core machine (decision
 * 356: they used twice the CPU of one pass, with huge pages or without).
 */
export const ALL_THREADS: ReadAgrFileOptions = {};

/** Ms of one `readAgrFile` (one pass, or on all threads), checked clean; the model through `keep`. */
async function oursMs(path: string, all: boolean, keep: (m: MeshAnimation) => void) {
  const start = performance.now();
  const read = await readAgrFile(path, all ? ALL_THREADS : {});
  const ms = performance.now() - start;
  if (!read.model || read.diagnostics.length > 0) throw new Error("agr bench: not clean");
  keep(read.model);
  return ms;
}

/** The C++ peer's executable, built once under .out/bench; or why there is none. */
function fromChars(): { exe: string } | { why: string } {
  const source = fileURLToPath(new URL("./peers/agr_from_chars.cpp", import.meta.url));
  const exe = join(OUT, "agr_from_chars");
  if (existsSync(exe) && statSync(exe).mtimeMs >= statSync(source).mtimeMs) return { exe };
  const cxx = process.env.CXX ?? "g++";
  const r = spawnSync(cxx, ["-O2", "-std=c++17", "-o", exe, source], { encoding: "utf8" });
  if (r.error) return { why: `peer skipped: no C++ compiler (${cxx}: ${r.error.message})` };
  if (r.status !== 0) return { why: `peer skipped: ${cxx} failed: ${r.stderr.slice(0, 200)}` };
  return { exe };
}

/** Runs the C++ peer on `csv` `calls` times: ms per call, and its answer. */
function runFromChars(exe: string, csv: string, calls: number): { ms: number; out: string } {
  const out = join(OUT, `from-chars-${process.pid}.f32`);
  const r = spawnSync(exe, [csv, String(calls), out], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`agr bench: from_chars peer failed: ${r.stderr}`);
  return { ms: (JSON.parse(r.stdout) as { ms: number }).ms, out };
}

export async function oneThreadRow(
  peer: PythonPeer,
  inputs: ParseInputs,
  rounds: number,
): Promise<BenchRow> {
  const base = {
    name: "agr-text-parse-1thread",
    peer: `pandas ${peer.version("pandas")} read_csv (C engine), same numbers; np.fromfile(sep=" ") beside it`,
    goal: 0.9,
  };
  const why = peer.missing("pandas") ?? peer.missing("numpy");
  if (why) return { ...base, ratio: null, min: null, max: null, note: why };
  let model: MeshAnimation | undefined;
  const keep = (m: MeshAnimation) => {
    model = m;
  };
  const r = await interleave(
    rounds,
    1,
    () => oursMs(inputs.agrText, false, keep),
    () => peer.ms(`csv ${inputs.csv} 1`),
  );
  const want = agrNumbers(model!);
  const d = firstDifference(want, await peerAnswer(peer));
  if (d >= 0) throw new Error(`agr-text-parse-1thread: pandas and Deforma disagree at ${d}`);
  const f = await interleave(
    rounds,
    1,
    () => oursMs(inputs.agrText, false, keep),
    () => peer.ms(`fromfile ${inputs.csv} 1`),
  );
  const e = firstDifference(want, await peerAnswer(peer));
  const agree = e < 0 ? "numbers equal" : `numbers differ from number ${e}`;
  return {
    ...base,
    ratio: r.ratio,
    min: r.min,
    max: r.max,
    note: `ours one pass in 1 MiB chunks (readAgrFile); ${hugePagesNote()}; ${want.length} numbers equal; ${r.ours.toFixed(0)} vs ${r.theirs.toFixed(0)} ms; np.fromfile(sep=" "): ratio ${f.ratio.toFixed(2)} (${f.min.toFixed(2)}–${f.max.toFixed(2)}), ${f.ours.toFixed(0)} vs ${f.theirs.toFixed(0)} ms, ${agree}`,
    ours: r.ours,
    theirs: r.theirs,
  };
}

export async function fromCharsRow(inputs: ParseInputs, rounds: number): Promise<BenchRow> {
  const base = {
    name: "agr-text-parse-vs-from-chars",
    peer: "C++ std::from_chars (g++ -O2) of the same numbers' .csv, file read included",
    goal: 2.0,
  };
  const built = fromChars();
  if ("why" in built) return { ...base, ratio: null, min: null, max: null, note: built.why };
  let model: MeshAnimation | undefined;
  let out = "";
  const r = await interleave(
    rounds,
    1,
    () =>
      oursMs(inputs.agrText, true, (m) => {
        model = m;
      }),
    () => {
      const run = runFromChars(built.exe, inputs.csv, 1);
      out = run.out;
      return run.ms;
    },
  );
  const want = agrNumbers(model!);
  const got = float32File(out);
  rmSync(out, { force: true });
  const d = firstDifference(want, got);
  if (d >= 0) throw new Error(`agr-text-parse-vs-from-chars: the answers differ at ${d}`);
  return {
    ...base,
    ratio: r.ratio,
    min: r.min,
    max: r.max,
    note: `ours on all threads it gains from (readAgrFile: one pass, decision 356); ${hugePagesNote()}; the peer parses each token to a double and stores float32, as ours does; ${want.length} numbers equal; ${r.ours.toFixed(0)} vs ${r.theirs.toFixed(0)} ms`,
    ours: r.ours,
    theirs: r.theirs,
  };
}

/** A clean text .agr of about `megabytes` MB under .out/bench (written once, by repeating lines). */
function bigText(megabytes: number): string {
  const path = join(OUT, `agr-${megabytes}mb.txt.agr`);
  if (existsSync(path)) return path;
  const nodes = Math.min(1_000_000, Math.round(megabytes * 5000));
  const xyz = "0.12500000 -2.5000000 3.06250000\n".repeat(nodes);
  const frame = `${"0.0019531250\n".repeat(nodes)}${xyz}`;
  const frames = Math.max(1, Math.round((megabytes * 1e6 - xyz.length) / frame.length));
  const head = `DEFORMA-AGR 1\ntype 1\nnodes ${nodes}\n${xyz}cells 0\nscalars 1\nstrain 1 varying\nvectors 1\ncoordinates m varying\nframes ${frames}\n`;
  const part = `${path}.part`;
  const fd = openSync(part, "w");
  try {
    writeSync(fd, head);
    for (let f = 0; f < frames; f++) writeSync(fd, `frame ${f}\n${frame}`);
  } finally {
    closeSync(fd);
  }
  renameSync(part, path);
  return path;
}

export function peakMemoryRow(megabytes: number): BenchRow {
  const base = { name: "agr-text-peak-memory", peer: "the model's bytes", goal: 1.3 };
  progress(`agr-text-peak-memory: a ${megabytes} MB text under .out/bench (once)`);
  const path = bigText(megabytes);
  const child = fileURLToPath(new URL("./peak-memory.ts", import.meta.url));
  const tsx = fileURLToPath(new URL("../node_modules/tsx/dist/cli.mjs", import.meta.url));
  const run = (args: string[]) => {
    const r = spawnSync(process.execPath, [tsx, child, ...args], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`agr bench: peak-memory child failed: ${r.stderr}`);
    return JSON.parse(r.stdout) as { maxRss: number; modelBytes: number };
  };
  const bare = run([]);
  const read = run([path, "file"]);
  const ratio = (read.maxRss - bare.maxRss) / read.modelBytes;
  const mb = (x: number) => `${(x / 1e6).toFixed(0)} MB`;
  return {
    ...base,
    ratio,
    min: ratio,
    max: ratio,
    note: `${hugePagesNote()}; readAgrFile of a ${mb(statSync(path).size)} text: peak resident ${mb(read.maxRss - bare.maxRss)} above a bare process (${mb(bare.maxRss)}) for a ${mb(read.modelBytes)} model; one child each`,
  };
}
