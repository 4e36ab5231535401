/**
 * Bench rows `agr-text-parse` and `agr-binary-load`, against one long-lived
 * Python peer (bench/peers/agr_peer.py):
 *  - text: `readAgrFile` of the .agr text on all threads it gains from (file
 *    read included; one pass on this file, decision 356; the answer checked
 *    against the one-pass `readAgr`) against pandas
 *    `read_csv` (C engine, float32) of a .csv holding the same data numbers
 *    with the same text (positions, connectivity, times, values);
 *  - binary: `readAgrFile` of the .agr binary (a fresh buffer, its arrays
 *    views of it, every value checked), against numpy's `np.fromfile` of
 *    the same file viewed as its float32 sections; beside it, both reusing
 *    memory (`readAgrFile(…, { into })` and numpy `readinto` a reused buffer).
 * Interleaved rounds after a warm-up; both answers are checked to be equal.
 * The one-thread, from_chars and peak-memory rows are in bench/agr-limits.ts.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type AgrReadResult, readAgr } from "../src/mixed/agr/index.js";
import type { MeshAnimation } from "../src/mixed/agr/model.js";
import { readAgrFile } from "../src/node/agr-file.js";
import { ALL_THREADS, fromCharsRow, oneThreadRow, peakMemoryRow } from "./agr-limits.js";
import { agrNumbers, OUT, type ParseInputs, parseInputs } from "./fixtures.js";
import { type BenchRow, interleave, measured, PythonPeer, progress } from "./harness.js";
import { hugePagesNote } from "./huge-pages.js";

export interface AgrSizes {
  readonly nodes: number;
  readonly frames: number;
  readonly rounds: number;
}

function mustReadFile(r: AgrReadResult): MeshAnimation {
  if (!r.model || r.diagnostics.length > 0)
    throw new Error("agr bench: the .agr did not read back");
  return r.model;
}

function mustRead(bytes: Uint8Array): MeshAnimation {
  const r = readAgr(bytes);
  if (!r.model) throw new Error("agr bench: the .agr did not read back");
  return r.model;
}

/** Index of the first difference of two float32 arrays (bitwise, NaN = NaN), or -1. */
function firstDifference(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return i;
  return -1;
}

/**
 * Peak resident memory of loading `path` in a fresh process, above the same
 * process that loads nothing (MB), against the data's float32 size.
 */
function peakMemory(path: string, numbers: number, mode: "one" | "file"): string {
  const child = fileURLToPath(new URL("./peak-memory.ts", import.meta.url));
  const tsx = fileURLToPath(new URL("../node_modules/tsx/dist/cli.mjs", import.meta.url));
  const rss = (args: string[]) => {
    const r = spawnSync(process.execPath, [tsx, child, ...args], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`agr bench: peak-memory child failed: ${r.stderr}`);
    return (JSON.parse(r.stdout) as { maxRss: number }).maxRss;
  };
  const extra = rss([path, mode]) - rss([]);
  const data = numbers * 4;
  return `peak memory ${(extra / 1e6).toFixed(0)} MB above a bare process for ${(data / 1e6).toFixed(0)} MB of float32 data (×${(extra / data).toFixed(1)})`;
}

async function peerAnswer(peer: PythonPeer): Promise<Float32Array> {
  const out = join(OUT, `peer-answer-${process.pid}.f32`);
  try {
    await peer.ask(`dump ${out}`);
    const bytes = readFileSync(out);
    return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  } finally {
    rmSync(out, { force: true });
  }
}

async function textRow(peer: PythonPeer, inputs: ParseInputs, rounds: number): Promise<BenchRow> {
  const base = {
    name: "agr-text-parse",
    peer: `pandas ${peer.version("pandas")} read_csv (C engine), same numbers`,
    goal: 0.6,
  };
  const size = `${(inputs.numbers / 1e6).toFixed(2)}·10⁶ numbers (.agr ${(inputs.textBytes / 1e6).toFixed(1)} MB, .csv ${(inputs.csvBytes / 1e6).toFixed(1)} MB)`;
  const why = peer.missing("pandas");
  if (why) return { ...base, ratio: null, min: null, max: null, note: `${size}; ${why}` };
  let model: MeshAnimation | undefined;
  const r = await interleave(
    rounds,
    1,
    async () => {
      const start = performance.now();
      const read = await readAgrFile(inputs.agrText, ALL_THREADS);
      const ms = performance.now() - start;
      if (!read.model || read.diagnostics.length > 0) {
        throw new Error("agr bench: the .agr text did not read cleanly");
      }
      model = read.model;
      return ms;
    },
    () => peer.ms(`csv ${inputs.csv} 1`),
  );
  // The one-pass reader of the whole bytes gives the same model.
  const single = agrNumbers(mustRead(readFileSync(inputs.agrText)));
  if (firstDifference(single, agrNumbers(model!)) >= 0) {
    throw new Error("agr-text-parse: readAgrFile and the one-pass readAgr differ");
  }
  const want = agrNumbers(model!);
  const got = await peerAnswer(peer);
  const d = firstDifference(want, got);
  if (d >= 0) {
    throw new Error(
      `agr-text-parse: pandas and Deforma disagree at number ${d}: ${got[d]} vs ${want[d]}`,
    );
  }
  return {
    ...base,
    ratio: r.ratio,
    min: r.min,
    max: r.max,
    note: `${size}; file read included on both sides; ours on all threads it gains from (readAgrFile: one pass in chunks, two threads never won on this machine, decision 356); ${hugePagesNote()}; ${inputs.numbers} numbers equal; ${r.ours.toFixed(0)} vs ${r.theirs.toFixed(0)} ms; ${peakMemory(inputs.agrText, inputs.numbers, "file")}`,
    ours: r.ours,
    theirs: r.theirs,
    ...measured(r),
  };
}

async function binaryRow(peer: PythonPeer, inputs: ParseInputs, rounds: number): Promise<BenchRow> {
  const base = {
    name: "agr-binary-load",
    peer: `numpy ${peer.version("numpy")} np.fromfile + float32 views, same file`,
    goal: 1.5,
  };
  const size = `${(inputs.binaryBytes / 1e6).toFixed(1)} MB`;
  const why = peer.missing("numpy");
  if (why) return { ...base, ratio: null, min: null, max: null, note: `${size}; ${why}` };
  const calls = Math.max(1, Math.round(2e8 / inputs.binaryBytes));
  const [so, sn] = inputs.scalars;
  const [vo, vn] = inputs.vectors;
  let model: MeshAnimation | undefined;
  const r = await interleave(
    rounds,
    2,
    async () => {
      const start = performance.now();
      for (let i = 0; i < calls; i++) model = mustReadFile(await readAgrFile(inputs.agrBinary));
      return (performance.now() - start) / calls;
    },
    () => peer.ms(`binfile ${inputs.agrBinary} ${so} ${sn} ${vo} ${vn} ${calls}`),
  );
  const m = model!;
  const want = new Float32Array(sn + vn);
  want.set(m.scalarValues[0]!.subarray(0, sn), 0);
  want.set(m.vectorValues[0]!.subarray(0, vn), sn);
  const got = await peerAnswer(peer);
  const d = firstDifference(want, got);
  if (d >= 0) throw new Error(`agr-binary-load: numpy and Deforma disagree at value ${d}`);
  const reuse = await reuseRounds(peer, inputs, rounds, calls);
  return {
    ...base,
    ratio: r.ratio,
    min: r.min,
    max: r.max,
    note: `${size}, both warm (page cache), fresh memory each load (readAgrFile; np.fromfile), ${calls} loads per round; ${hugePagesNote()}; ${sn + vn} values equal; ${r.ours.toFixed(2)} vs ${r.theirs.toFixed(2)} ms (CPU ${r.cpuOurs.toFixed(1)} vs ${r.cpuTheirs.toFixed(1)}); ${reuse}; ${peakMemory(inputs.agrBinary, inputs.numbers, "one")}`,
    ours: r.ours,
    theirs: r.theirs,
    ...measured(r),
  };
}

/**
 * Both sides reusing memory, in their own interleaved rounds: `readAgrFile`
 * into the model of the load before (decision 355) against numpy `readinto`
 * a reused buffer; the answers checked equal.
 */
async function reuseRounds(
  peer: PythonPeer,
  inputs: ParseInputs,
  rounds: number,
  calls: number,
): Promise<string> {
  const [so, sn] = inputs.scalars;
  const [vo, vn] = inputs.vectors;
  let model: MeshAnimation | undefined;
  const r = await interleave(
    rounds,
    2,
    async () => {
      const start = performance.now();
      for (let i = 0; i < calls; i++) {
        model = mustReadFile(await readAgrFile(inputs.agrBinary, { into: model }));
      }
      return (performance.now() - start) / calls;
    },
    () => peer.ms(`bin ${inputs.agrBinary} ${inputs.binaryBytes} ${so} ${sn} ${vo} ${vn} ${calls}`),
  );
  const want = new Float32Array(sn + vn);
  want.set(model!.scalarValues[0]!.subarray(0, sn), 0);
  want.set(model!.vectorValues[0]!.subarray(0, vn), sn);
  const d = firstDifference(want, await peerAnswer(peer));
  if (d >= 0) throw new Error(`agr-binary-load (reused memory): the answers differ at ${d}`);
  return `reusing memory (readAgrFile into the last model; numpy readinto a reused buffer): ratio ${r.ratio.toFixed(2)} (${r.min.toFixed(2)}–${r.max.toFixed(2)}), ${r.ours.toFixed(2)} vs ${r.theirs.toFixed(2)} ms`;
}

/** The rows, on one Python peer process (`peakMegabytes`: the text of agr-text-peak-memory). */
export async function agrBench(sizes: AgrSizes, peakMegabytes?: number): Promise<BenchRow[]> {
  progress(`agr: inputs ${sizes.nodes} nodes × ${sizes.frames} frames`);
  const inputs = parseInputs(sizes.nodes, sizes.frames);
  const peer = await PythonPeer.start("agr_peer.py");
  try {
    progress("agr-text-parse");
    const text = await textRow(peer, inputs, sizes.rounds);
    progress("agr-binary-load");
    const binary = await binaryRow(peer, inputs, sizes.rounds);
    progress("agr-text-parse-1thread");
    const one = await oneThreadRow(peer, inputs, sizes.rounds);
    progress("agr-text-parse-vs-from-chars");
    const limit = await fromCharsRow(inputs, sizes.rounds);
    const peak = peakMegabytes ? [peakMemoryRow(peakMegabytes)] : [];
    return [text, binary, one, limit, ...peak];
  } finally {
    peer.close();
  }
}
