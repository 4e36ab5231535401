/** The whole demo FRUND model: MBS animation, the two mesh animations and the CAD matrices. */
import type { MeshAnimation } from "../../src/mixed/agr/model.js";
import type { MbsAnimation } from "../../src/mixed/amb/model.js";
import type { CadMatrices } from "../../src/mixed/cad/model.js";
import { buildRodAnimation, rodCadMatrix } from "./beam.js";
import { buildPistonAnimation, pistonCadMatrix } from "./heat.js";
import { Body, buildMbsAnimation } from "./kinematics.js";
import type { SliderCrankParameters } from "./params.js";

/** Everything the demo writes, as models (no files). */
export interface DemoModel {
  mbs: MbsAnimation;
  rod: MeshAnimation;
  piston: MeshAnimation;
  cad: CadMatrices;
}

/**
 * `CAD_Matrixes.dat` of the demo: every body in order; the rod a stress-strain
 * solver with its CAD matrix, the piston a thermal one with its matrix, the
 * crank a thermal solver without a CAD model (flag 0); shifts in m.
 */
export function buildCadMatrices(p: SliderCrankParameters): CadMatrices {
  return {
    bodies: [
      { body: Body.Frame, solvers: [] },
      { body: Body.Crank, solvers: [{ type: 0, hasCad: false, matrix: null }] },
      { body: Body.Rod, solvers: [{ type: 1, hasCad: true, matrix: rodCadMatrix(p) }] },
      { body: Body.Piston, solvers: [{ type: 0, hasCad: true, matrix: pistonCadMatrix(p) }] },
      { body: Body.Counterweight, solvers: [] },
    ],
  };
}

/** Builds every model of the demo from the parameters (SI units). */
export function buildDemoModel(p: SliderCrankParameters): DemoModel {
  return {
    mbs: buildMbsAnimation(p),
    rod: buildRodAnimation(p),
    piston: buildPistonAnimation(p),
    cad: buildCadMatrices(p),
  };
}
