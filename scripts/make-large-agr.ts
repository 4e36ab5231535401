/**
 * Writes a large binary `.agr` frame by frame (never holding its frames), to
 * try the frame-by-frame reading of `agr info`, `agr validate` and `mixed
 * export` on files larger than memory. A type 1 (stress-strain) plate of
 * quads, rippling: scalar 0 the displacement, vector 0 the coordinates.
 *
 *   npx tsx scripts/make-large-agr.ts OUT.agr [--nodes N] [--frames F] [--duration S] [--force]
 *
 * Defaults: 1 000 000 nodes, 300 frames over 3 s (4.8 GB). The file goes to
 * OUT.agr.partial first and is renamed when complete.
 */
import { closeSync, existsSync, openSync, renameSync, writeSync } from "node:fs";
import { parseArgs } from "node:util";
import type { AgrFrames, MeshAnimation } from "../src/mixed/agr/index.js";
import { writeAgrBinaryTo } from "../src/mixed/agr/write.js";

/** The rippling plate: `side × side` nodes (about `nodes`), `frames` frames over `duration` seconds. */
export function ripplingPlate(nodes: number, frames: number, duration: number): MeshAnimation {
  const side = Math.max(2, Math.round(Math.sqrt(nodes)));
  const n = side * side;
  const positions = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) {
    positions[3 * i] = (i % side) / (side - 1);
    positions[3 * i + 1] = Math.floor(i / side) / (side - 1);
  }
  const quads = (side - 1) * (side - 1);
  const connectivity = new Uint32Array(4 * quads);
  let k = 0;
  for (let y = 0; y + 1 < side; y++) {
    for (let x = 0; x + 1 < side; x++) {
      const a = y * side + x;
      connectivity.set([a, a + 1, a + side + 1, a + side], k);
      k += 4;
    }
  }
  const lift = (i: number, f: number) =>
    0.02 * Math.sin(6 * positions[3 * i]! + (2 * Math.PI * f) / Math.max(1, frames - 1));
  const synthetic: AgrFrames = {
    scalar(_p, f) {
      const out = new Float32Array(n);
      for (let i = 0; i < n; i++) out[i] = Math.abs(lift(i, f));
      return out;
    },
    vector(_p, f) {
      const out = positions.slice();
      for (let i = 0; i < n; i++) out[3 * i + 2] = lift(i, f);
      return out;
    },
  };
  return {
    type: 1,
    nodeCount: n,
    positions,
    cellTypes: new Uint8Array(quads).fill(9),
    connectivity,
    scalars: [{ name: "displacement", unit: "m", varying: true }],
    vectors: [{ name: "coordinates", unit: "m", varying: true }],
    times: Float64Array.from({ length: frames }, (_, f) =>
      frames > 1 ? (f * duration) / (frames - 1) : 0,
    ),
    scalarValues: [new Float32Array(0)],
    vectorValues: [new Float32Array(0)],
    frames: synthetic,
  };
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      nodes: { type: "string", default: "1000000" },
      frames: { type: "string", default: "300" },
      duration: { type: "string", default: "3" },
      force: { type: "boolean", default: false },
    },
  });
  const out = positionals[0];
  if (!out)
    throw new Error("usage: make-large-agr.ts OUT.agr [--nodes N] [--frames F] [--duration S]");
  if (existsSync(out) && !values.force) throw new Error(`${out} exists (use --force)`);
  const m = ripplingPlate(Number(values.nodes), Number(values.frames), Number(values.duration));
  const partial = `${out}.partial`;
  const fd = openSync(partial, "w");
  let total: number;
  try {
    total = writeAgrBinaryTo(m, (offset, bytes) => {
      let at = 0;
      while (at < bytes.length) at += writeSync(fd, bytes, at, bytes.length - at, offset + at);
    });
  } finally {
    closeSync(fd);
  }
  renameSync(partial, out);
  console.log(`${out}: ${m.nodeCount} nodes, ${m.times.length} frames, ${total} bytes`);
}

main();
