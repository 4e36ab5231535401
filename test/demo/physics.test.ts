import { describe, expect, it } from "vitest";
import {
  beamDeflection,
  beamSlope,
  buildRodAnimation,
  buildRodMesh,
  rodCadMatrix,
  rodSection,
} from "../../scripts/demo/beam.js";
import {
  buildPistonAnimation,
  buildPistonMesh,
  erfc,
  pistonCadMatrix,
  pistonTemperature,
} from "../../scripts/demo/heat.js";
import {
  Body,
  buildMbsAnimation,
  crankAngle,
  crankPin,
  crankPinAcceleration,
  pistonPinAcceleration,
  pistonPinX,
} from "../../scripts/demo/kinematics.js";
import { hexVolume, structuredHexGrid } from "../../scripts/demo/meshing.js";
import { buildCadMatrices, buildDemoModel } from "../../scripts/demo/model.js";
import { DEFAULT_PARAMETERS as P } from "../../scripts/demo/params.js";
import { applyToPoints, determinant, orthonormality } from "../../src/core/affine.js";
import { placementAt } from "../../src/mixed/amb/model.js";

const mbs = buildMbsAnimation(P);
const rod = buildRodAnimation(P);
const piston = buildPistonAnimation(P);
const bodyIndex = (n: number) => mbs.bodies.findIndex((b) => b.number === n);

/** World position of body-frame point `q` under the placement of body `n` at frame `f`. */
function world(n: number, f: number, q: [number, number, number]): Float64Array {
  const out = new Float64Array(3);
  applyToPoints(placementAt(mbs, bodyIndex(n), f), q, out, 1);
  return out;
}

describe("slider-crank kinematics", () => {
  it("keeps the rod length and the piston on the x axis at every frame", () => {
    expect(mbs.times.length).toBe(P.duration * P.mbsFrameRate + 1);
    for (let f = 0; f < mbs.times.length; f++) {
      const theta = crankAngle(P, mbs.times[f]!);
      const [ax, ay] = crankPin(P, theta);
      const bx = pistonPinX(P, theta);
      expect(Math.hypot(bx - ax, ay)).toBeCloseTo(P.rodLength, 12);
      // The placements agree: rod ends at the pins, piston centre on the x axis, crank end at the pin.
      const l2 = P.rodLength / 2;
      const a = world(Body.Rod, f, [-l2, 0, 0]);
      const b = world(Body.Rod, f, [l2, 0, 0]);
      const c = world(Body.Crank, f, [P.crankRadius / 2, 0, 0]);
      const p = world(Body.Piston, f, [0, 0, 0]);
      expect(Math.hypot(a[0]! - ax, a[1]! - ay)).toBeLessThan(1e-12);
      expect(Math.hypot(c[0]! - ax, c[1]! - ay)).toBeLessThan(1e-12);
      expect(Math.hypot(b[0]! - bx, b[1]!, p[0]! - bx, p[1]!)).toBeLessThan(1e-12);
      expect(Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!)).toBeCloseTo(P.rodLength, 12);
    }
  });

  it("has orthonormal rotations with det +1 in every placement and CAD matrix", () => {
    const matrices = [rodCadMatrix(P), pistonCadMatrix(P)];
    for (let f = 0; f < mbs.times.length; f++) {
      for (let b = 0; b < mbs.bodies.length; b++) matrices.push([...placementAt(mbs, b, f)]);
    }
    for (const m of matrices) {
      const { deviation, det } = orthonormality(m);
      expect(deviation).toBeLessThan(1e-12);
      expect(det).toBeCloseTo(1, 12);
    }
  });

  it("gives pin accelerations equal to central differences of the exact positions", () => {
    const h = 1e-4; // s
    for (let k = 0; k < 40; k++) {
      const t = k * 0.0731;
      const th = (dt: number) => crankAngle(P, t + dt);
      const xp = (pistonPinX(P, th(h)) - 2 * pistonPinX(P, th(0)) + pistonPinX(P, th(-h))) / h ** 2;
      expect(pistonPinAcceleration(P, th(0))).toBeCloseTo(xp, 4);
      const [ax, ay] = crankPinAcceleration(P, th(0));
      const cx =
        (crankPin(P, th(h))[0] - 2 * crankPin(P, th(0))[0] + crankPin(P, th(-h))[0]) / h ** 2;
      const cy =
        (crankPin(P, th(h))[1] - 2 * crankPin(P, th(0))[1] + crankPin(P, th(-h))[1]) / h ** 2;
      expect(ax).toBeCloseTo(cx, 4);
      expect(ay).toBeCloseTo(cy, 4);
    }
  });
});

describe("rod beam", () => {
  it("is pinned at both ends for any linear load", () => {
    for (const [q0, q1] of [
      [1, 1],
      [3, -2],
      [0, 5],
    ] as const) {
      expect(beamDeflection(0, 0.7, 12, q0, q1)).toBe(0);
      expect(Math.abs(beamDeflection(0.7, 0.7, 12, q0, q1))).toBeLessThan(1e-15);
    }
  });

  it("matches the hand-computed mid-span deflection 5qL⁴/(384EI) for a uniform load", () => {
    // q = 100 N/m, L = 2 m, EI = 1000 N·m²: 5·100·16/(384·1000) = 1/48 m.
    expect(beamDeflection(1, 2, 1000, 100, 100)).toBeCloseTo(0.0208333333, 10);
    // A triangular load is half of it at mid-span (symmetry): 1/96 m.
    expect(beamDeflection(1, 2, 1000, 0, 100)).toBeCloseTo(0.0104166667, 10);
  });

  it("satisfies EI·w'''' = q and has the slope of its deflection", () => {
    const L = 0.2,
      EI = 0.5,
      q0 = -3,
      q1 = 7,
      h = 1e-3;
    for (const s of [0.03, 0.08, 0.12, 0.17]) {
      const w = (x: number) => beamDeflection(x, L, EI, q0, q1);
      const d4 = (w(s + 2 * h) - 4 * w(s + h) + 6 * w(s) - 4 * w(s - h) + w(s - 2 * h)) / h ** 4;
      expect(EI * d4).toBeCloseTo(q0 + ((q1 - q0) * s) / L, 3);
      expect(beamSlope(s, L, EI, q0, q1)).toBeCloseTo((w(s + 1e-6) - w(s - 1e-6)) / 2e-6, 8);
    }
  });

  it("animates a visible 1–3 mm deflection, zero at the pins, with displacement = |p − p0|", () => {
    const n = rod.nodeCount;
    const [ni, nj, nk] = P.rodCells;
    expect(n).toBe((ni + 1) * (nj + 1) * (nk + 1));
    expect(rod.type).toBe(1);
    expect(rod.vectors[0]).toEqual({ name: "coordinates", unit: "m", varying: true });
    expect(rod.scalars[0]).toEqual({ name: "displacement", unit: "m", varying: true });
    const coords = rod.vectorValues[0]!;
    const disp = rod.scalarValues[0]!;
    expect(coords.length).toBe(rod.times.length * n * 3);
    expect([...coords.subarray(0, 3 * n)]).toEqual([...rod.positions]);
    let peak = 0;
    let worstMismatch = 0;
    let worstPin = 0;
    let pinNodes = 0;
    for (let f = 0; f < rod.times.length; f++) {
      for (let i = 0; i < n; i++) {
        const d = [0, 1, 2].map((a) => coords[(f * n + i) * 3 + a]! - rod.positions[i * 3 + a]!);
        const mismatch = Math.abs(disp[f * n + i]! - Math.hypot(d[0]!, d[1]!, d[2]!));
        worstMismatch = Math.max(worstMismatch, mismatch);
        peak = Math.max(peak, Math.abs(d[1]!));
        const s = rod.positions[i * 3 + 2]!;
        const y = rod.positions[i * 3 + 1]!;
        if (y === 0 && (s === 0 || Math.abs(s - P.rodLength) < 1e-6)) {
          worstPin = Math.max(worstPin, disp[f * n + i]!);
          pinNodes++;
        }
      }
    }
    // Float32 storage: 1e-7 m is far below the 1e-3 m scale of the deflection.
    expect(worstMismatch).toBeLessThan(1e-7);
    expect(pinNodes).toBe(2 * (ni + 1) * rod.times.length);
    expect(worstPin).toBeLessThan(1e-8);
    expect(peak).toBeGreaterThan(1e-3);
    expect(peak).toBeLessThan(3e-3);
  });

  it("has a section and mesh that fill the rod's rigid box once placed by the CAD matrix", () => {
    const { area, secondMoment } = rodSection(P);
    expect(area).toBeCloseTo(P.rodThickness * P.rodWidth, 15);
    expect(secondMoment).toBeGreaterThan(0);
    const mesh = buildRodMesh(P);
    const placed = new Float64Array(mesh.positions.length);
    applyToPoints(rodCadMatrix(P), mesh.positions, placed);
    const box = mbs.bodies[bodyIndex(Body.Rod)]!.geometry;
    expect(box.kind).toBe("box");
    if (box.kind !== "box") return;
    for (let a = 0; a < 3; a++) {
      let lo = Infinity,
        hi = -Infinity;
      for (let i = a; i < placed.length; i += 3) {
        lo = Math.min(lo, placed[i]!);
        hi = Math.max(hi, placed[i]!);
      }
      expect(lo).toBeCloseTo(-box.size[a]! / 2, 12);
      expect(hi).toBeCloseTo(box.size[a]! / 2, 12);
    }
  });
});

describe("piston heat", () => {
  it("computes erfc to 1e-9 against known values", () => {
    expect(erfc(0)).toBe(1);
    expect(erfc(0.5)).toBeCloseTo(0.4795001222, 9);
    expect(erfc(1)).toBeCloseTo(0.157299207, 9);
    expect(erfc(2)).toBeCloseTo(0.004677734981, 11);
    expect(erfc(3) / 2.209049699858544e-5).toBeCloseTo(1, 9);
    expect(erfc(-1)).toBeCloseTo(2 - 0.157299207, 9);
    // Continuous where the method switches.
    expect(Math.abs(erfc(2.5 - 1e-12) - erfc(2.5))).toBeLessThan(1e-13);
  });

  it("is T0 at t = 0, Th at the crown, and monotone in depth and time", () => {
    expect(pistonTemperature(P, 0.01, 0)).toBe(P.initialTemperature);
    expect(pistonTemperature(P, 0, 0.5)).toBeCloseTo(P.crownTemperature, 9);
    const depths = Array.from({ length: 21 }, (_, i) => (i * P.pistonLength) / 20);
    const times = Array.from({ length: 31 }, (_, i) => i * 0.1);
    // Non-increasing in depth, non-decreasing in time; strictly so wherever the rise is
    // resolvable in float64 (deep and early it is below 1e-9 K and rounds to T0).
    const resolvable = (hotter: number) => hotter - P.initialTemperature > 1e-9;
    let strict = 0;
    for (const t of times.slice(1)) {
      for (let i = 1; i < depths.length; i++) {
        const deeper = pistonTemperature(P, depths[i]!, t);
        const shallower = pistonTemperature(P, depths[i - 1]!, t);
        expect(deeper).toBeLessThanOrEqual(shallower);
        if (resolvable(deeper)) {
          expect(deeper).toBeLessThan(shallower);
          strict++;
        }
      }
    }
    for (const z of depths.slice(1)) {
      for (let i = 1; i < times.length; i++) {
        const later = pistonTemperature(P, z, times[i]!);
        const earlier = pistonTemperature(P, z, times[i - 1]!);
        expect(later).toBeGreaterThanOrEqual(earlier);
        if (resolvable(earlier)) {
          expect(later).toBeGreaterThan(earlier);
          strict++;
        }
      }
    }
    expect(strict).toBeGreaterThan(800);
  });

  it("stores temperature per frame and constant coordinates equal to the positions", () => {
    expect(piston.type).toBe(0);
    expect(piston.scalars[0]).toEqual({ name: "temperature", unit: "K", varying: true });
    expect(piston.vectors[0]).toEqual({ name: "coordinates", unit: "m", varying: false });
    expect(piston.vectorValues[0]!.length).toBe(piston.nodeCount * 3);
    expect([...piston.vectorValues[0]!]).toEqual([...piston.positions]);
    expect(piston.scalarValues[0]!.length).toBe(piston.times.length * piston.nodeCount);
    expect(piston.times.length).not.toBe(mbs.times.length);
    expect(piston.times[piston.times.length - 1]).toBeCloseTo(P.duration, 12);
  });
});

describe("meshes", () => {
  it("orders hexahedron nodes so that every cell has positive volume", () => {
    for (const mesh of [buildRodMesh(P), buildPistonMesh(P)]) {
      const cells = mesh.connectivity.length / 8;
      let total = 0;
      for (let c = 0; c < cells; c++) {
        const v = hexVolume(mesh.positions, mesh.connectivity, c);
        expect(v).toBeGreaterThan(0);
        total += v;
      }
      expect(total).toBeGreaterThan(0);
    }
    // Whole-mesh volumes: the rod is exactly a box; the piston approaches πR²H.
    const rodMesh = buildRodMesh(P);
    let rodVolume = 0;
    for (let c = 0; c < rodMesh.connectivity.length / 8; c++) {
      rodVolume += hexVolume(rodMesh.positions, rodMesh.connectivity, c);
    }
    expect(rodVolume).toBeCloseTo(P.rodThickness * P.rodWidth * P.rodLength, 15);
    const pm = buildPistonMesh(P);
    let pistonVolume = 0;
    for (let c = 0; c < pm.connectivity.length / 8; c++) {
      pistonVolume += hexVolume(pm.positions, pm.connectivity, c);
    }
    const cylinder = Math.PI * P.pistonRadius ** 2 * P.pistonLength;
    expect(Math.abs(pistonVolume / cylinder - 1)).toBeLessThan(0.03);
  });

  it("detects a mirrored node order as negative volume", () => {
    const unit = structuredHexGrid(1, 1, 1, (i, j, k) => [i, j, k]);
    expect(hexVolume(unit.positions, unit.connectivity, 0)).toBeCloseTo(1, 15);
    const mirrored = structuredHexGrid(1, 1, 1, (i, j, k) => [j, i, k]);
    expect(hexVolume(mirrored.positions, mirrored.connectivity, 0)).toBeCloseTo(-1, 15);
  });
});

describe("CAD matrices and determinism", () => {
  it("lists every body, with the rod's and piston's matrices and one flag-0 solver", () => {
    const cad = buildCadMatrices(P);
    expect(cad.bodies.map((b) => b.body)).toEqual(mbs.bodies.map((b) => b.number));
    const solvers = (n: number) => cad.bodies.find((b) => b.body === n)!.solvers;
    expect(solvers(Body.Rod)).toEqual([{ type: 1, hasCad: true, matrix: rodCadMatrix(P) }]);
    expect(solvers(Body.Piston)).toEqual([{ type: 0, hasCad: true, matrix: pistonCadMatrix(P) }]);
    expect(solvers(Body.Crank)).toEqual([{ type: 0, hasCad: false, matrix: null }]);
    expect(determinant(rodCadMatrix(P))).toBe(1);
    expect(determinant(pistonCadMatrix(P))).toBe(1);
  });

  it("builds the same numbers every time", () => {
    const a = buildDemoModel(P);
    const b = buildDemoModel(P);
    expect(Buffer.from(a.mbs.matrices.buffer).equals(Buffer.from(b.mbs.matrices.buffer))).toBe(
      true,
    );
    const rodA = a.rod.vectorValues[0]!;
    const rodB = b.rod.vectorValues[0]!;
    expect(Buffer.from(rodA.buffer).equals(Buffer.from(rodB.buffer))).toBe(true);
  });
});
