/** Making an `.amx` from a `CAD_Matrixes.dat` and a list of body bindings (`amx create`). */
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { findCadSolver } from "../cad/lookup.js";
import type { CadMatrices } from "../cad/model.js";
import { AMX, type AmxKind } from "./codes.js";
import type { MixedAnimation, MixedBody } from "./model.js";

/** One `--body BODY:TYPE:FILE` binding: body number, mesh animation type, `.agr` file name. */
export interface BodyBinding {
  readonly body: number;
  readonly type: number;
  readonly file: string;
}

/** Options of {@link createAmx}. */
export interface CreateAmxOptions {
  /** MBS animation file name written into the `.amx`. */
  readonly mbs: string;
  /** The model's CAD matrices; every binding's matrix comes from here. */
  readonly cad: CadMatrices;
  /** Bindings in order; several for one body make several variants, in this order. */
  readonly bodies: readonly BodyBinding[];
  /** Variant in use per body (0-based; default 0). */
  readonly variants?: readonly { readonly body: number; readonly index: number }[];
}

/**
 * Builds the mixed animation: bodies in order of first appearance, the matrix
 * of each variant copied from the CAD file's solver of that type. A body or
 * type without a CAD matrix is an error that says which. Diagnostics carry no
 * source position (offset 0): they describe the options.
 */
export function createAmx(options: CreateAmxOptions): {
  model: MixedAnimation;
  diagnostics: Diagnostic[];
} {
  const sink = new DiagnosticSink<AmxKind>();
  const bodies = new Map<number, MixedBody>();
  for (const binding of options.bodies) {
    const found = findCadSolver(options.cad, binding.body, binding.type);
    let matrix: number[] | null = null;
    if (found.kind === "no-body") {
      sink.report(
        AMX.cadWithoutSolver,
        msg`body ${{ body: binding.body }} is not in CAD_Matrixes.dat, so it has no matrix`,
        0,
      );
    } else if (found.kind === "no-solver") {
      sink.report(
        AMX.cadWithoutSolver,
        msg`body ${{ body: binding.body }} has no solver of type ${{ type: binding.type }} in CAD_Matrixes.dat${found.types.length ? ` (it has type ${found.types.join(", ")})` : " (it has no solvers)"}`,
        0,
      );
    } else if (!found.solver.hasCad || !found.solver.matrix) {
      sink.report(
        AMX.cadWithoutSolver,
        msg`body ${{ body: binding.body }}'s solver of type ${{ type: binding.type }} has no CAD model in CAD_Matrixes.dat (flag 0), so it has no matrix`,
        0,
      );
    } else matrix = [...found.solver.matrix];
    if (!matrix) continue;
    let body = bodies.get(binding.body);
    if (!body) {
      body = { body: binding.body, variantInUse: 0, animations: [] };
      bodies.set(binding.body, body);
    }
    body.animations.push({
      type: binding.type,
      scalarParam: 0,
      vectorParam: 0,
      file: binding.file,
      matrix,
    });
  }
  for (const v of options.variants ?? []) {
    const body = bodies.get(v.body);
    const requested = options.bodies.filter((b) => b.body === v.body).length;
    if (requested === 0) {
      sink.report(
        AMX.variantUnknownBody,
        msg`--variant names body ${{ body: v.body }}, which has no --body`,
        0,
      );
    } else if (v.index < 0 || v.index >= requested) {
      sink.report(
        AMX.variantUnknownBody,
        msg`--variant ${{ body: v.body }}:${{ index: v.index }} is outside 0…${requested - 1} (body ${v.body} has ${requested} variant${requested === 1 ? "" : "s"})`,
        0,
      );
    } else if (body) body.variantInUse = v.index;
  }
  return { model: { mbs: options.mbs, bodies: [...bodies.values()] }, diagnostics: sink.items };
}
