/** Deterministic synthetic inputs of the benchmarks, cached under .out/bench/. */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { formatFloat32 } from "../src/core/numbers.js";
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
  /** The same varying numbers as the .agr text, 4 per line, for pandas. */
  readonly csv: string;
  /** The float32 payload only, for numpy.fromfile. */
  readonly raw: string;
  /** Numbers in the text file's varying blocks. */
  readonly numbers: number;
}

/** Writes (once) the parse benchmarks' inputs: `nodes`·`frames`·4 numbers. */
export function parseInputs(nodes: number, frames: number): ParseInputs {
  mkdirSync(OUT, { recursive: true });
  const base = join(OUT, `mesh-${nodes}x${frames}`);
  const paths = {
    agrText: `${base}.txt.agr`,
    agrBinary: `${base}.bin.agr`,
    csv: `${base}.csv`,
    raw: `${base}.f32`,
    numbers: nodes * frames * 4,
  };
  if (![paths.agrText, paths.agrBinary, paths.csv, paths.raw].every(existsSync)) {
    const m = syntheticMesh(nodes, frames);
    writeFileSync(paths.agrText, writeAgrText(m));
    const binary = writeAgrBinary(m);
    writeFileSync(paths.agrBinary, binary);
    const lines: string[] = [];
    const s = m.scalarValues[0]!;
    const v = m.vectorValues[0]!;
    for (let k = 0; k < nodes * frames; k++) {
      lines.push(
        `${formatFloat32(v[k * 3]!)} ${formatFloat32(v[k * 3 + 1]!)} ${formatFloat32(v[k * 3 + 2]!)} ${formatFloat32(s[k]!)}`,
      );
    }
    writeFileSync(paths.csv, `${lines.join("\n")}\n`);
    const raw = new Float32Array(nodes * frames * 4);
    raw.set(v, 0);
    raw.set(s, v.length);
    writeFileSync(paths.raw, new Uint8Array(raw.buffer));
  }
  return paths;
}
