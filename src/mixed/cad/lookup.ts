/** Looking up a body's solver in a `CAD_Matrixes.dat` model. */
import type { CadMatrices, CadSolver } from "./model.js";

/** Result of {@link findCadSolver}. */
export type CadLookup =
  | { readonly kind: "no-body" }
  | { readonly kind: "no-solver"; readonly types: number[] }
  | { readonly kind: "found"; readonly solver: CadSolver };

/** The first solver of `type` attached to body `body` (body number, not index). */
export function findCadSolver(cad: CadMatrices, body: number, type: number): CadLookup {
  const b = cad.bodies.find((x) => x.body === body);
  if (!b) return { kind: "no-body" };
  const solver = b.solvers.find((s) => s.type === type);
  if (!solver) return { kind: "no-solver", types: b.solvers.map((s) => s.type) };
  return { kind: "found", solver };
}
