/**
 * The heated piston: transient 1-D conduction from the crown into the piston,
 * treated as a semi-infinite solid whose surface is held at Th from t = 0⁺
 * on. Temperatures in K, lengths in m, times in s.
 */
import type { MeshAnimation } from "../../src/mixed/agr/model.js";
import { type HexMesh, squareToDisk, structuredHexGrid, VTK_HEXAHEDRON } from "./meshing.js";
import { frameTimes, type SliderCrankParameters } from "./params.js";

const TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI);

/**
 * Complementary error function erfc(x) = 1 − erf(x) (dimensionless),
 * absolute error below 1e-13 everywhere, relative below 1e-12 for x ≥ 2.5.
 */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 2.5) {
    // erf(x) = 2/√π · e^(−x²) · Σ_n (2x²)ⁿ x / (1·3·5·…·(2n+1)): every term positive.
    const x2 = x * x;
    let term = x;
    let sum = x;
    for (let n = 1; n < 200 && term > 1e-17 * sum; n++) {
      term *= (2 * x2) / (2 * n + 1);
      sum += term;
    }
    return 1 - TWO_OVER_SQRT_PI * Math.exp(-x2) * sum;
  }
  if (x > 27) return 0; // below the smallest double
  // Continued fraction erfc(x) = e^(−x²)/√π · 1/(x + (1/2)/(x + (2/2)/(x + (3/2)/(x + …)))),
  // evaluated from a fixed depth inwards.
  let tail = x;
  for (let n = 120; n >= 1; n--) tail = x + n / 2 / tail;
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / tail;
}

/** Piston alloy thermal diffusivity α = k/(ρc), m²/s. */
export function pistonDiffusivity(p: SliderCrankParameters): number {
  return p.pistonConductivity / (p.pistonDensity * p.pistonSpecificHeat);
}

/**
 * Temperature at depth `z` m below the crown at time `t` s:
 * T0 + (Th − T0)·erfc(z / (2√(αt))), and T0 everywhere at t ≤ 0; K.
 */
export function pistonTemperature(p: SliderCrankParameters, z: number, t: number): number {
  const t0 = p.initialTemperature;
  if (t <= 0) return t0;
  const eta = z / (2 * Math.sqrt(pistonDiffusivity(p) * t));
  return t0 + (p.crownTemperature - t0) * erfc(eta);
}

/**
 * Piston mesh in its own CAD frame (m): a cylinder of the piston's radius
 * around the z axis, the crown at z = 0 and the skirt end at z = length.
 */
export function buildPistonMesh(p: SliderCrankParameters): HexMesh {
  const [n, nk] = p.pistonCells;
  const r = p.pistonRadius;
  return structuredHexGrid(n, n, nk, (i, j, k) => {
    const [x, y] = squareToDisk((2 * i) / n - 1, (2 * j) / n - 1);
    return [r * x, r * y, (p.pistonLength * k) / nk];
  });
}

/**
 * Piston CAD matrix, mesh frame → piston body frame (row-major 3×4, shift in
 * m): mesh z → −body x (the crown faces away from the crank), mesh y → body y,
 * mesh x → body z, shifted by (length/2, 0, 0).
 */
export function pistonCadMatrix(p: SliderCrankParameters): number[] {
  return [0, 0, -1, p.pistonLength / 2, 0, 1, 0, 0, 1, 0, 0, 0];
}

/**
 * The piston's thermal mesh animation (type 0): scalar 0 `temperature` (K,
 * per frame) and vector 0 `coordinates` (m, constant), at `pistonFrameRate`
 * frames/s over `duration` s.
 */
export function buildPistonAnimation(p: SliderCrankParameters): MeshAnimation {
  const mesh = buildPistonMesh(p);
  const n = mesh.positions.length / 3;
  const times = frameTimes(p.duration, p.pistonFrameRate);
  const temperature = new Float32Array(times.length * n);
  times.forEach((t, f) => {
    for (let i = 0; i < n; i++) {
      temperature[f * n + i] = pistonTemperature(p, mesh.positions[i * 3 + 2]!, t);
    }
  });
  const positions = Float32Array.from(mesh.positions);
  return {
    type: 0,
    nodeCount: n,
    positions,
    cellTypes: new Uint8Array(mesh.connectivity.length / 8).fill(VTK_HEXAHEDRON),
    connectivity: mesh.connectivity,
    scalars: [{ name: "temperature", unit: "K", varying: true }],
    vectors: [{ name: "coordinates", unit: "m", varying: false }],
    times,
    scalarValues: [temperature],
    vectorValues: [positions.slice()],
  };
}
