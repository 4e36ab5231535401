/** A generated stress-strain `.agr` (every value distinct per frame and node) for the streaming tests. */
import type { MeshAnimation } from "../../src/mixed/agr/model.js";

/** A hexahedron column of `cells` cells (4·(cells+1) nodes) over `frames` frames: z stretches, value = frame + node/1000. */
export function columnAgr(cells: number, frames: number): MeshAnimation {
  const n = 4 * (cells + 1);
  const positions = new Float32Array(3 * n);
  for (let k = 0; k <= cells; k++)
    for (let c = 0; c < 4; c++)
      positions.set([c === 1 || c === 2 ? 1 : 0, c >= 2 ? 1 : 0, k], 3 * (4 * k + c));
  const connectivity = new Uint32Array(8 * cells);
  for (let k = 0; k < cells; k++) for (let c = 0; c < 8; c++) connectivity[8 * k + c] = 4 * k + c;
  const coordinates = new Float32Array(frames * 3 * n);
  const displacement = new Float32Array(frames * n);
  for (let f = 0; f < frames; f++)
    for (let i = 0; i < n; i++) {
      const o = f * 3 * n + 3 * i;
      coordinates[o] = positions[3 * i]!;
      coordinates[o + 1] = positions[3 * i + 1]!;
      coordinates[o + 2] = positions[3 * i + 2]! * (1 + f / 100);
      displacement[f * n + i] = f + i / 1000;
    }
  return {
    type: 1,
    nodeCount: n,
    positions,
    cellTypes: new Uint8Array(cells).fill(12),
    connectivity,
    scalars: [{ name: "displacement", unit: "m", varying: true }],
    vectors: [{ name: "coordinates", unit: "m", varying: true }],
    times: Float64Array.from({ length: frames }, (_, f) => f * 0.1),
    scalarValues: [displacement],
    vectorValues: [coordinates],
  };
}
