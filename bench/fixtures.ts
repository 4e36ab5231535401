/** Deterministic synthetic inputs of the benchmarks, cached under .out/bench/. */
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { agrLayout } from "../src/mixed/agr/binary-layout.js";
import { writeAgrBinary, writeAgrText } from "../src/mixed/agr/index.js";
import type { MeshAnimation } from "../src/mixed/agr/model.js";

/** Folder of the generated inputs (ignored by git). */
export const OUT = fileURLToPath(new URL("../.out/bench/", import.meta.url));

/** A small deterministic generator (xorshift32), so every run reads the same numbers. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/**
 * A stress-strain mesh animation of `nodes` nodes (a strip of quads) and
 * `frames` frames: 4·nodes·frames varying numbers (coordinates and displacement).
 */
export function syntheticMesh(nodes: number, frames: number): MeshAnimation {
  const rnd = random(7);
  const positions = new Float32Array(nodes * 3);
  for (let i = 0; i < nodes; i++) {
    positions[i * 3] = Math.fround((i >> 1) * 1e-3);
    positions[i * 3 + 1] = Math.fround((i & 1) * 1e-2);
    positions[i * 3 + 2] = Math.fround(rnd() * 1e-3);
  }
  const quads = Math.max(0, (nodes >> 1) - 1);
  const connectivity = new Uint32Array(quads * 4);
  for (let q = 0; q < quads; q++) connectivity.set([2 * q, 2 * q + 2, 2 * q + 3, 2 * q + 1], q * 4);
  const coords = new Float32Array(frames * nodes * 3);
  const displacement = new Float32Array(frames * nodes);
  for (let f = 0; f < frames; f++) {
    for (let i = 0; i < nodes; i++) {
      const dx = Math.fround(rnd() * 1e-3);
      const dy = Math.fround(rnd() * 1e-3);
      const o = (f * nodes + i) * 3;
      coords[o] = Math.fround(positions[i * 3]! + dx);
      coords[o + 1] = Math.fround(positions[i * 3 + 1]! + dy);
      coords[o + 2] = positions[i * 3 + 2]!;
      displacement[f * nodes + i] = Math.fround(Math.hypot(dx, dy));
    }
  }
  return {
    type: 1,
    nodeCount: nodes,
    positions,
    cellTypes: new Uint8Array(quads).fill(9),
    connectivity,
    scalars: [{ name: "displacement", unit: "m", varying: true }],
    vectors: [{ name: "coordinates", unit: "m", varying: true }],
    times: Float64Array.from({ length: frames }, (_, f) => f * 0.01),
    scalarValues: [displacement],
    vectorValues: [coords],
  };
}

/** Paths of the files the parse benchmarks read, written once. */
export interface ParseInputs {
  readonly agrText: string;
  readonly agrBinary: string;
  /**
   * Every number of the .agr text's data (positions, connectivity, frame
   * times, each frame's values), in file order and with the same text, 4 per
   * line, for pandas (the header's keywords and counts are left out).
   */
  readonly csv: string;
  /** Numbers in the .csv (= the .agr text's data numbers). */
  readonly numbers: number;
  /** Bytes of the .agr text and of the .csv. */
  readonly textBytes: number;
  readonly csvBytes: number;
  /** The binary file's size and its two float32 sections (byte offset, count): scalars, vectors. */
  readonly binaryBytes: number;
  readonly scalars: readonly [number, number];
  readonly vectors: readonly [number, number];
}

/** The .agr text's data numbers in file order, as float32 (what pandas gets from the .csv). */
export function agrNumbers(m: MeshAnimation): Float32Array {
  const n = m.nodeCount;
  const frames = m.times.length;
  const out = new Float32Array(3 * n + m.connectivity.length + frames * (1 + 4 * n));
  out.set(m.positions, 0);
  out.set(m.connectivity, 3 * n);
  let at = 3 * n + m.connectivity.length;
  for (let f = 0; f < frames; f++) {
    out[at++] = m.times[f]!;
    out.set(m.scalarValues[0]!.subarray(f * n, (f + 1) * n), at);
    at += n;
    out.set(m.vectorValues[0]!.subarray(f * 3 * n, (f + 1) * 3 * n), at);
    at += 3 * n;
  }
  return out;
}

/** The data numbers' text of an .agr text, 4 per line (see {@link ParseInputs.csv}). */
function csvOf(text: string): { csv: string; count: number } {
  const tokens: string[] = [];
  for (const line of text.split("\n")) {
    const c = line.charCodeAt(0);
    if ((c >= 48 && c <= 57) || c === 45) tokens.push(...line.split(" "));
    else if (line.startsWith("quad ") || line.startsWith("frame ")) {
      tokens.push(...line.split(" ").slice(1));
    }
  }
  const lines: string[] = [];
  for (let i = 0; i < tokens.length; i += 4) lines.push(tokens.slice(i, i + 4).join(" "));
  return { csv: `${lines.join("\n")}\n`, count: tokens.length };
}

const DESCRIPTOR_BYTES = 3 + "displacement".length + 1 + 3 + "coordinates".length + 1;

/** Writes (once) the parse benchmarks' inputs: a mesh of `nodes` nodes and `frames` frames. */
export function parseInputs(nodes: number, frames: number): ParseInputs {
  mkdirSync(OUT, { recursive: true });
  const base = join(OUT, `mesh2-${nodes}x${frames}`);
  const files = { agrText: `${base}.txt.agr`, agrBinary: `${base}.bin.agr`, csv: `${base}.csv` };
  const quads = Math.max(0, (nodes >> 1) - 1);
  if (!Object.values(files).every(existsSync)) {
    const m = syntheticMesh(nodes, frames);
    const text = writeAgrText(m);
    writeFileSync(files.agrText, text);
    writeFileSync(files.agrBinary, writeAgrBinary(m));
    writeFileSync(files.csv, csvOf(text).csv);
  }
  const layout = agrLayout({
    nodeCount: nodes,
    cellCount: quads,
    connectivityLength: 4 * quads,
    frameCount: frames,
    descriptorBytes: DESCRIPTOR_BYTES,
    scalarVarying: [true],
    vectorVarying: [true],
  });
  return {
    ...files,
    numbers: 3 * nodes + 4 * quads + frames * (1 + 4 * nodes),
    textBytes: statSync(files.agrText).size,
    csvBytes: statSync(files.csv).size,
    binaryBytes: statSync(files.agrBinary).size,
    scalars: [layout.scalars[0]!, nodes * frames],
    vectors: [layout.vectors[0]!, 3 * nodes * frames],
  };
}
