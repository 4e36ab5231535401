/**
 * `npx tsx scripts/big-agr.ts OUT.agr [--nodes N] [--frames F]`: writes a
 * binary stress-strain `.agr` of a hexahedral plate (about N nodes, F frames,
 * a travelling wave), section by section so memory stays at a few frames
 * whatever its size — the file the studio's frame streaming is shown with
 * (10⁶ nodes × 300 frames ≈ 4.8 GB; `deforma studio` then opens it at
 * `#/mesh?file=OUT.agr`). Never committed: generated on demand. Refuses to
 * replace OUT unless --force.
 */
import { closeSync, existsSync, openSync, writeSync } from "node:fs";
import { parseArgs } from "node:util";
import { agrBinaryHead } from "../src/mixed/agr/index.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    nodes: { type: "string", default: "1000000" },
    frames: { type: "string", default: "300" },
    force: { type: "boolean", default: false },
  },
});
const out = positionals[0];
const wantNodes = Number(values.nodes);
const frames = Number(values.frames);
if (!out || !(wantNodes >= 8) || !(frames >= 1) || !Number.isInteger(frames)) {
  console.error("usage: big-agr.ts OUT.agr [--nodes N ≥ 8] [--frames F ≥ 1] [--force]");
  process.exit(2);
}
if (existsSync(out) && !values.force) {
  console.error(`${out} exists: add --force to replace it`);
  process.exit(1);
}
// A plate of side × side × 2 nodes (one layer of hexahedra).
const side = Math.max(2, Math.round(Math.sqrt(wantNodes / 2)));
const layer = side * side;
const n = 2 * layer;
const cells = (side - 1) * (side - 1);
const { out: head, layout } = agrBinaryHead(
  {
    type: 1,
    nodeCount: n,
    cellCount: cells,
    connectivityLength: 8 * cells,
    frameCount: frames,
    scalars: [{ name: "displacement", unit: "m", varying: true }],
    vectors: [{ name: "coordinates", unit: "m", varying: true }],
  },
  true,
);
const fd = openSync(out, "w");
let at = 0;
/** Writes `bytes` at `offset` (sections in file order; the gaps between them are zero padding). */
const put = (bytes: ArrayBufferView, offset: number) => {
  if (offset < at) throw new Error(`section at ${offset} overlaps ${at}`);
  if (offset > at) writeSync(fd, new Uint8Array(offset - at));
  writeSync(fd, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  at = offset + bytes.byteLength;
};
put(head, 0);
put(
  Float64Array.from({ length: frames }, (_, f) => f / 30),
  layout.times,
);
const spacing = 1 / (side - 1);
const positions = new Float32Array(3 * n);
for (let z = 0; z < 2; z++)
  for (let j = 0; j < side; j++)
    for (let i = 0; i < side; i++) {
      const o = 3 * (z * layer + j * side + i);
      positions[o] = i * spacing;
      positions[o + 1] = j * spacing;
      positions[o + 2] = z * 0.02;
    }
put(positions, layout.positions);
put(new Uint8Array(cells).fill(12), layout.cellTypes);
const conn = new Uint32Array(8 * cells);
let c = 0;
for (let j = 0; j + 1 < side; j++)
  for (let i = 0; i + 1 < side; i++) {
    const a = j * side + i;
    const quad = [a, a + 1, a + 1 + side, a + side];
    for (const q of quad) conn[c++] = q;
    for (const q of quad) conn[c++] = q + layer;
  }
put(conn, layout.connectivity);
// Frame by frame: a wave of height 0.05 travelling along x.
const w = new Float32Array(n);
const wave = (f: number) => {
  const phase = (2 * Math.PI * f) / Math.max(1, frames);
  for (let k = 0; k < n; k++) {
    const x = positions[3 * k]!;
    const y = positions[3 * k + 1]!;
    w[k] = 0.05 * Math.sin(2 * Math.PI * (x + 0.3 * y) - phase) * x;
  }
};
const scalars = new Float32Array(n);
for (let f = 0; f < frames; f++) {
  wave(f);
  for (let k = 0; k < n; k++) scalars[k] = Math.abs(w[k]!);
  put(scalars, layout.scalars[0]! + 4 * n * f);
}
const xyz = new Float32Array(3 * n);
for (let f = 0; f < frames; f++) {
  wave(f);
  for (let k = 0; k < n; k++) {
    xyz[3 * k] = positions[3 * k]!;
    xyz[3 * k + 1] = positions[3 * k + 1]!;
    xyz[3 * k + 2] = positions[3 * k + 2]! + w[k]!;
  }
  put(xyz, layout.vectors[0]! + 12 * n * f);
  if (process.stderr.isTTY) process.stderr.write(`\rframe ${f + 1}/${frames}`);
}
if (at < layout.total) put(new Uint8Array(layout.total - at), at);
closeSync(fd);
console.error(
  `\n${out}: ${n} nodes, ${cells} cells, ${frames} frames, ${(layout.total / 2 ** 20).toFixed(1)} MiB`,
);
