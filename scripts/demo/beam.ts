/**
 * The flexible connecting rod: a quasi-static Euler–Bernoulli beam, simply
 * supported at both pins, bent in the mechanism plane by the d'Alembert load
 * of its own rigid-body acceleration. Lengths in m, forces in N, time in s.
 */
import type { MeshAnimation } from "../../src/mixed/agr/model.js";
import { crankAngle, rodTransverseAccelerations } from "./kinematics.js";
import { type HexMesh, structuredHexGrid, VTK_HEXAHEDRON } from "./meshing.js";
import { frameTimes, type SliderCrankParameters } from "./params.js";

/**
 * Deflection w(s) of a simply supported beam of span `L` (m) and bending
 * stiffness `EI` (N·m²) under a load varying linearly from `q0` at s = 0 to
 * `q1` at s = L (N/m, positive along +w), at `s` m from the first support; m.
 */
export function beamDeflection(s: number, L: number, EI: number, q0: number, q1: number): number {
  // Uniform q0 plus a triangular load (q1 − q0)·s/L, superposed.
  const uniform = (q0 * s * (L ** 3 - 2 * L * s * s + s ** 3)) / (24 * EI);
  const triangular =
    ((q1 - q0) * s * (7 * L ** 4 - 10 * L * L * s * s + 3 * s ** 4)) / (360 * L * EI);
  return uniform + triangular;
}

/** Slope dw/ds of {@link beamDeflection} (same arguments), rad. */
export function beamSlope(s: number, L: number, EI: number, q0: number, q1: number): number {
  const uniform = (q0 * (L ** 3 - 6 * L * s * s + 4 * s ** 3)) / (24 * EI);
  const triangular = ((q1 - q0) * (7 * L ** 4 - 30 * L * L * s * s + 15 * s ** 4)) / (360 * L * EI);
  return uniform + triangular;
}

/** Rod cross-section: area A (m²) and second moment I about the bending axis (m⁴). */
export function rodSection(p: SliderCrankParameters): { area: number; secondMoment: number } {
  const b = p.rodThickness;
  const h = p.rodWidth;
  return { area: b * h, secondMoment: (b * h ** 3) / 12 };
}

/**
 * Rod mesh in its own CAD frame (m): x across the thickness, y across the
 * width (the bending direction), z along the rod from the crank pin (0) to
 * the piston pin (l).
 */
export function buildRodMesh(p: SliderCrankParameters): HexMesh {
  const [ni, nj, nk] = p.rodCells;
  const b = p.rodThickness;
  const h = p.rodWidth;
  const l = p.rodLength;
  return structuredHexGrid(ni, nj, nk, (i, j, k) => [
    b * (i / ni - 0.5),
    h * (j / nj - 0.5),
    (l * k) / nk,
  ]);
}

/**
 * Rod CAD matrix, mesh frame → rod body frame (row-major 3×4, shift in m):
 * mesh z → body x, mesh y → body y, mesh x → −body z, shifted by (−l/2, 0, 0).
 */
export function rodCadMatrix(p: SliderCrankParameters): number[] {
  return [0, 0, 1, -p.rodLength / 2, 0, 1, 0, 0, -1, 0, 0, 0];
}

/** Transverse line loads (N/m, along rod body y) at the crank pin and the piston pin at time `t` s. */
export function rodLineLoads(p: SliderCrankParameters, t: number): { q0: number; q1: number } {
  const mass = p.rodDensity * rodSection(p).area; // kg/m
  const a = rodTransverseAccelerations(p, crankAngle(p, t));
  return { q0: -mass * a.crankPin, q1: -mass * a.pistonPin };
}

/**
 * Deformed rod node positions at time `t` s (mesh frame, m): each section
 * moves by w(s) along y and turns by w'(s), so a node at height y moves
 * −y·w'(s) along the rod (Euler–Bernoulli kinematics).
 */
export function deformRod(p: SliderCrankParameters, rest: Float64Array, t: number): Float64Array {
  const { q0, q1 } = rodLineLoads(p, t);
  const { secondMoment } = rodSection(p);
  const EI = p.rodYoungModulus * secondMoment;
  const L = p.rodLength;
  const out = new Float64Array(rest.length);
  for (let n = 0; n < rest.length; n += 3) {
    const x = rest[n]!;
    const y = rest[n + 1]!;
    const s = rest[n + 2]!;
    out[n] = x;
    out[n + 1] = y + beamDeflection(s, L, EI, q0, q1);
    out[n + 2] = s - y * beamSlope(s, L, EI, q0, q1);
  }
  return out;
}

/**
 * The rod's stress-strain mesh animation (type 1): vector 0 `coordinates`
 * (m, per frame) and scalar 0 `displacement` = |p(t) − p0| (m, per frame),
 * at `rodFrameRate` frames/s over `duration` s.
 */
export function buildRodAnimation(p: SliderCrankParameters): MeshAnimation {
  const mesh = buildRodMesh(p);
  const n = mesh.positions.length / 3;
  const times = frameTimes(p.duration, p.rodFrameRate);
  const coordinates = new Float32Array(times.length * n * 3);
  const displacement = new Float32Array(times.length * n);
  times.forEach((t, f) => {
    const q = deformRod(p, mesh.positions, t);
    coordinates.set(q, f * n * 3);
    for (let i = 0; i < n; i++) {
      const dx = q[i * 3]! - mesh.positions[i * 3]!;
      const dy = q[i * 3 + 1]! - mesh.positions[i * 3 + 1]!;
      const dz = q[i * 3 + 2]! - mesh.positions[i * 3 + 2]!;
      displacement[f * n + i] = Math.hypot(dx, dy, dz);
    }
  });
  return {
    type: 1,
    nodeCount: n,
    positions: Float32Array.from(mesh.positions),
    cellTypes: new Uint8Array(mesh.connectivity.length / 8).fill(VTK_HEXAHEDRON),
    connectivity: mesh.connectivity,
    scalars: [{ name: "displacement", unit: "m", varying: true }],
    vectors: [{ name: "coordinates", unit: "m", varying: true }],
    times,
    scalarValues: [displacement],
    vectorValues: [coordinates],
  };
}
