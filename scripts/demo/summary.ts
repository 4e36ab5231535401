/** Numbers that describe the generated demo, all computed from the models and parameters. */
import { rodSection } from "./beam.js";
import { pistonDiffusivity, pistonTemperature } from "./heat.js";
import { crankAngle, rodTransverseAccelerations } from "./kinematics.js";
import type { DemoModel } from "./model.js";
import type { SliderCrankParameters } from "./params.js";

/** Derived quantities of the demo (SI units, named with their unit). */
export interface DemoSummary {
  /** Largest in-plane deflection of any rod node over all rod frames, m. */
  peakDeflectionM: number;
  /** Rod frame time at which it occurs, s. */
  peakDeflectionTimeS: number;
  /** Largest `displacement` scalar of the rod animation, m. */
  peakDisplacementM: number;
  /** Largest transverse pin acceleration over the MBS frames, m/s². */
  peakTransverseAccelerationMS2: number;
  /** Rod bending stiffness EI, N·m². */
  bendingStiffnessNm2: number;
  /** First bending natural frequency of the pinned–pinned rod, (π/2L²)·√(EI/ρA), Hz. */
  rodFirstFrequencyHz: number;
  /** Crank rotation frequency ω/2π, Hz. */
  crankFrequencyHz: number;
  /** Piston thermal diffusivity α, m²/s. */
  diffusivityM2S: number;
  /** Thermal penetration depth 2√(α·duration) at the end, m. */
  penetrationDepthM: number;
  /** Crown temperature rise Th − T0, K. */
  crownRiseK: number;
  /** Temperature rise at the far (skirt) end of the piston at the end of the animation, K. */
  skirtRiseK: number;
  /** Largest temperature stored in the piston animation, K. */
  peakTemperatureK: number;
}

/** Computes the {@link DemoSummary} of a built demo model. */
export function summarize(p: SliderCrankParameters, m: DemoModel): DemoSummary {
  const rod = m.rod;
  const n = rod.nodeCount;
  const coords = rod.vectorValues[0]!;
  let peakDeflectionM = 0;
  let peakDeflectionTimeS = 0;
  for (let f = 0; f < rod.times.length; f++) {
    for (let i = 0; i < n; i++) {
      const w = Math.abs(coords[(f * n + i) * 3 + 1]! - rod.positions[i * 3 + 1]!);
      if (w > peakDeflectionM) {
        peakDeflectionM = w;
        peakDeflectionTimeS = rod.times[f]!;
      }
    }
  }
  const peakDisplacementM = rod.scalarValues[0]!.reduce((a, b) => Math.max(a, b), 0);
  let peakTransverseAccelerationMS2 = 0;
  for (const t of m.mbs.times) {
    const a = rodTransverseAccelerations(p, crankAngle(p, t));
    peakTransverseAccelerationMS2 = Math.max(
      peakTransverseAccelerationMS2,
      Math.abs(a.crankPin),
      Math.abs(a.pistonPin),
    );
  }
  const { area, secondMoment } = rodSection(p);
  const bendingStiffnessNm2 = p.rodYoungModulus * secondMoment;
  const rodFirstFrequencyHz =
    (Math.PI / (2 * p.rodLength ** 2)) * Math.sqrt(bendingStiffnessNm2 / (p.rodDensity * area));
  const diffusivityM2S = pistonDiffusivity(p);
  return {
    peakDeflectionM,
    peakDeflectionTimeS,
    peakDisplacementM,
    peakTransverseAccelerationMS2,
    bendingStiffnessNm2,
    rodFirstFrequencyHz,
    crankFrequencyHz: p.angularSpeed / (2 * Math.PI),
    diffusivityM2S,
    penetrationDepthM: 2 * Math.sqrt(diffusivityM2S * p.duration),
    crownRiseK: p.crownTemperature - p.initialTemperature,
    skirtRiseK: pistonTemperature(p, p.pistonLength, p.duration) - p.initialTemperature,
    peakTemperatureK: m.piston.scalarValues[0]!.reduce((a, b) => Math.max(a, b), 0),
  };
}
