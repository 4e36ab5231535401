/**
 * Exact kinematics of the demo slider-crank in the world xy plane: the crank
 * turns about world +z through the origin at constant ω; the piston slides on
 * the world x axis. Lengths in m, angles in rad, times in s.
 */
import type { Affine } from "../../src/core/affine.js";
import type { MbsAnimation, RigidBody } from "../../src/mixed/amb/model.js";
import { frameTimes, type SliderCrankParameters } from "./params.js";

/** FRUND body numbers of the demo model. */
export const Body = { Frame: 1, Crank: 2, Rod: 3, Piston: 4, Counterweight: 5 } as const;

/** Crank angle θ = ω·t, rad, from world +x towards +y (`t` in s). */
export function crankAngle(p: SliderCrankParameters, t: number): number {
  return p.angularSpeed * t;
}

/** Crank pin centre r(cos θ, sin θ) in world xy, m. */
export function crankPin(p: SliderCrankParameters, theta: number): [number, number] {
  return [p.crankRadius * Math.cos(theta), p.crankRadius * Math.sin(theta)];
}

/** Piston pin position on world x: r cos θ + √(l² − r² sin² θ), m. */
export function pistonPinX(p: SliderCrankParameters, theta: number): number {
  const r = p.crankRadius;
  const s = Math.sin(theta);
  return r * Math.cos(theta) + Math.sqrt(p.rodLength * p.rodLength - r * r * s * s);
}

/** Crank pin acceleration at constant ω: −rω²(cos θ, sin θ), m/s². */
export function crankPinAcceleration(p: SliderCrankParameters, theta: number): [number, number] {
  const k = -p.crankRadius * p.angularSpeed * p.angularSpeed;
  return [k * Math.cos(theta), k * Math.sin(theta)];
}

/** Piston pin acceleration along world x at constant ω: ω²·d²x_p/dθ², m/s². */
export function pistonPinAcceleration(p: SliderCrankParameters, theta: number): number {
  const r = p.crankRadius;
  const sin = Math.sin(theta);
  const cos = Math.cos(theta);
  const root = Math.sqrt(p.rodLength * p.rodLength - r * r * sin * sin);
  // x_p = r cos θ + S, S = √(l² − r² sin² θ):
  // x_p'' = −r cos θ − r² cos 2θ / S − r⁴ sin² θ cos² θ / S³.
  const second =
    -r * Math.cos(theta) -
    (r * r * Math.cos(2 * theta)) / root -
    (r ** 4 * sin * sin * cos * cos) / root ** 3;
  return p.angularSpeed * p.angularSpeed * second;
}

/** Unit vector along the rod, from the crank pin to the piston pin, world xy. */
export function rodAxis(p: SliderCrankParameters, theta: number): [number, number] {
  const [ax, ay] = crankPin(p, theta);
  const bx = pistonPinX(p, theta);
  const dx = bx - ax;
  const dy = -ay;
  const len = Math.hypot(dx, dy);
  return [dx / len, dy / len];
}

/**
 * Accelerations of the two rod pins along the rod's body y axis (in-plane,
 * perpendicular to the rod: world z × rod axis), m/s².
 */
export function rodTransverseAccelerations(
  p: SliderCrankParameters,
  theta: number,
): { crankPin: number; pistonPin: number } {
  const [ex, ey] = rodAxis(p, theta);
  const nx = -ey;
  const ny = ex;
  const [aax, aay] = crankPinAcceleration(p, theta);
  const abx = pistonPinAcceleration(p, theta);
  return { crankPin: nx * aax + ny * aay, pistonPin: nx * abx };
}

/**
 * A placement rotating by angle (cos c, sin s) about world z, then shifting by
 * (x, y, z) m; negative zeros become +0 so text files never show `-0`.
 */
function planar(c: number, s: number, x: number, y: number, z: number): Affine {
  return Float64Array.of(c + 0, 0 - s, 0, x + 0, s + 0, c + 0, 0, y + 0, 0, 0, 1, z + 0);
}

/** World z of the crank and counterweight mid-plane (behind the rod), m. */
export function crankPlaneZ(p: SliderCrankParameters): number {
  return -(p.rodThickness / 2 + p.axialGap + p.crankThickness / 2);
}

/** The demo's rigid bodies in file order, with drawing geometry centred on each body frame (m). */
export function demoBodies(p: SliderCrankParameters): RigidBody[] {
  const [bx, by, bz] = p.bearingBlockSize;
  const [cwl, cww] = p.counterweightSize;
  return [
    { number: Body.Frame, name: "frame", geometry: { kind: "box", size: [bx, by, bz] } },
    {
      number: Body.Crank,
      name: "crank",
      geometry: {
        kind: "box",
        size: [p.crankRadius + p.crankWidth, p.crankWidth, p.crankThickness],
      },
    },
    {
      number: Body.Rod,
      name: "connecting_rod",
      geometry: { kind: "box", size: [p.rodLength, p.rodWidth, p.rodThickness] },
    },
    {
      number: Body.Piston,
      name: "piston",
      geometry: { kind: "cylinder", radius: p.pistonRadius, length: p.pistonLength },
    },
    {
      number: Body.Counterweight,
      name: "counterweight",
      geometry: { kind: "box", size: [cwl, cww, p.crankThickness] },
    },
  ];
}

/**
 * Placements (world = M·p_body) of the demo bodies at crank angle θ, in the
 * order of {@link demoBodies}; lengths in m.
 */
export function bodyPlacements(p: SliderCrankParameters, theta: number): Affine[] {
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  const zc = crankPlaneZ(p);
  const zFrame = zc - p.crankThickness / 2 - p.axialGap - p.bearingBlockSize[2] / 2;
  const [ax, ay] = crankPin(p, theta);
  const xp = pistonPinX(p, theta);
  const [ex, ey] = rodAxis(p, theta);
  const half = p.crankRadius / 2;
  const cw = p.counterweightOffset;
  return [
    planar(1, 0, 0, 0, zFrame),
    planar(c, s, half * c, half * s, zc),
    planar(ex, ey, (ax + xp) / 2, ay / 2, 0),
    planar(1, 0, xp, 0, 0),
    planar(c, s, -cw * c, -cw * s, zc),
  ];
}

/** The demo's MBS animation: every body's placement at `mbsFrameRate` frames/s over `duration` s. */
export function buildMbsAnimation(p: SliderCrankParameters): MbsAnimation {
  const bodies = demoBodies(p);
  const times = frameTimes(p.duration, p.mbsFrameRate);
  const matrices = new Float64Array(times.length * bodies.length * 12);
  times.forEach((t, f) => {
    bodyPlacements(p, crankAngle(p, t)).forEach((m, b) => {
      matrices.set(m, (f * bodies.length + b) * 12);
    });
  });
  return { bodies, times, matrices };
}
