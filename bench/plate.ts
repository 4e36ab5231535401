/**
 * A deterministic plate series for the share benchmarks and tests: an
 * `nx × ny` grid of quads (1 m × 1 m) bending in a travelling wave over
 * `frames` frames, with the node coordinates (type 1's vector parameter 0:
 * where each node is, not how far it moved) and a temperature per node —
 * smooth fields, as a solver's are.
 */
import type { MeshAnimation } from "../src/mixed/agr/model.js";

export function plateSeries(nx: number, ny: number, frames: number): MeshAnimation {
  const nodes = nx * ny;
  const positions = new Float32Array(nodes * 3);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) positions.set([i / (nx - 1), j / (ny - 1), 0], (j * nx + i) * 3);
  }
  const quads = (nx - 1) * (ny - 1);
  const connectivity = new Uint32Array(quads * 4);
  let c = 0;
  for (let j = 0; j + 1 < ny; j++) {
    for (let i = 0; i + 1 < nx; i++) {
      const a = j * nx + i;
      connectivity.set([a, a + 1, a + 1 + nx, a + nx], c);
      c += 4;
    }
  }
  const coordinates = new Float32Array(frames * nodes * 3);
  const temperature = new Float32Array(frames * nodes);
  for (let f = 0; f < frames; f++) {
    const t = f / Math.max(1, frames - 1);
    for (let k = 0; k < nodes; k++) {
      const x = positions[k * 3]!;
      const y = positions[k * 3 + 1]!;
      const w = 0.05 * Math.sin(2 * Math.PI * (x - t)) * Math.sin(Math.PI * y) * t;
      coordinates.set([x + 0.01 * w, y, w], (f * nodes + k) * 3);
      temperature[f * nodes + k] =
        300 +
        80 * t * Math.exp(-((x - 0.3) ** 2 + (y - 0.5) ** 2) * 8) +
        5 * Math.sin(3 * x + f * 0.1);
    }
  }
  return {
    type: 1,
    nodeCount: nodes,
    positions,
    cellTypes: new Uint8Array(quads).fill(9),
    connectivity,
    scalars: [{ name: "temperature", unit: "K", varying: true }],
    vectors: [{ name: "coordinates", unit: "m", varying: true }],
    times: Float64Array.from({ length: frames }, (_, f) => f * 0.01),
    scalarValues: [temperature],
    vectorValues: [coordinates],
  };
}
