/**
 * Input parameters of the demo slider-crank model. Every number here is an
 * input (a length, a speed, a material constant, a sampling choice); every
 * result in the demo files is computed from them.
 */

/** All inputs of the demo model, SI units throughout. */
export interface SliderCrankParameters {
  /** Crank radius r: distance from the crank axis (world origin) to the crank pin, m. */
  crankRadius: number;
  /** Connecting-rod length l: crank pin to piston (wrist) pin, m. Must exceed `crankRadius`. */
  rodLength: number;
  /** Constant crank angular speed ω about world +z, rad/s. */
  angularSpeed: number;
  /** Duration of the MBS animation, s. */
  duration: number;
  /** MBS animation frame rate, frames/s. */
  mbsFrameRate: number;

  /** Crank arm width (in-plane, across the arm), m. */
  crankWidth: number;
  /** Crank arm and counterweight thickness along world z, m. */
  crankThickness: number;
  /** Clearance between neighbouring parts along world z, m. */
  axialGap: number;
  /** Distance from the crank axis to the counterweight's centre (opposite the pin), m. */
  counterweightOffset: number;
  /** Counterweight size along the crank and across it, m. */
  counterweightSize: readonly [number, number];
  /** Main-bearing block (the frame) size along world x and y, and its thickness along z, m. */
  bearingBlockSize: readonly [number, number, number];

  /** Rod section width h: in the mechanism plane, the bending direction, m. */
  rodWidth: number;
  /** Rod section thickness b: out of the mechanism plane (world z), m. */
  rodThickness: number;
  /** Rod material Young's modulus E, Pa (a soft silicone rubber, Shore ≈ 30A). */
  rodYoungModulus: number;
  /** Rod material density ρ, kg/m³. */
  rodDensity: number;
  /** Rod mesh: hexahedra across the thickness, across the width, along the rod. */
  rodCells: readonly [number, number, number];
  /** Rod mesh animation frame rate, frames/s (frames from 0 to `duration`). */
  rodFrameRate: number;

  /** Piston radius, m. */
  pistonRadius: number;
  /** Piston length along the cylinder axis, m. */
  pistonLength: number;
  /** Piston alloy thermal conductivity k, W/(m·K) (Al–Cu–Mg piston alloy, 2618-like). */
  pistonConductivity: number;
  /** Piston alloy density, kg/m³. */
  pistonDensity: number;
  /** Piston alloy specific heat capacity c, J/(kg·K). */
  pistonSpecificHeat: number;
  /** Initial temperature of the whole piston T0, K. */
  initialTemperature: number;
  /** Crown surface temperature Th held from t = 0⁺ on, K. */
  crownTemperature: number;
  /** Piston mesh: hexahedra across the square that maps onto the disk (per side), and along the axis. */
  pistonCells: readonly [number, number];
  /** Piston mesh animation frame rate, frames/s (frames from 0 to `duration`). */
  pistonFrameRate: number;
}

/** The demo's parameters (SI units). */
export const DEFAULT_PARAMETERS: SliderCrankParameters = {
  crankRadius: 0.05, // m
  rodLength: 0.2, // m
  angularSpeed: 2 * Math.PI, // rad/s: one revolution per second (60 rpm)
  duration: 3, // s
  mbsFrameRate: 100, // frames/s

  crankWidth: 0.02, // m
  crankThickness: 0.008, // m
  axialGap: 0.001, // m
  counterweightOffset: 0.025, // m
  counterweightSize: [0.03, 0.05], // m
  bearingBlockSize: [0.04, 0.06, 0.01], // m

  rodWidth: 0.01, // m
  rodThickness: 0.006, // m
  rodYoungModulus: 1.2e6, // Pa: soft silicone rubber
  rodDensity: 1100, // kg/m³: silicone rubber
  rodCells: [4, 6, 60],
  rodFrameRate: 20, // frames/s

  pistonRadius: 0.025, // m
  pistonLength: 0.04, // m
  pistonConductivity: 147, // W/(m·K)
  pistonDensity: 2760, // kg/m³
  pistonSpecificHeat: 875, // J/(kg·K)
  initialTemperature: 293.15, // K (20 °C)
  crownTemperature: 573.15, // K (300 °C)
  pistonCells: [8, 12],
  pistonFrameRate: 10, // frames/s
};

/** Frame times i/rate from 0 to `duration` inclusive, s (`duration` in s, `rate` in frames/s). */
export function frameTimes(duration: number, rate: number): Float64Array {
  const count = Math.round(duration * rate) + 1;
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) times[i] = i / rate;
  return times;
}
