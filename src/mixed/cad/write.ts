/** Writer of `CAD_Matrixes.dat`. */
import { formatReal } from "../../core/numbers.js";
import type { CadMatrices } from "./model.js";

/**
 * Writes `CAD_Matrixes.dat` as FRUND lays it out: the body count on the first
 * line, then one line per body `body solverCount [type flag [12 reals]]…`.
 * The matrix is written exactly when `hasCad` is true. Ends with a newline.
 */
export function writeCad(m: CadMatrices): string {
  const lines: string[] = [String(m.bodies.length)];
  for (const b of m.bodies) {
    const parts: string[] = [String(b.body), String(b.solvers.length)];
    for (const s of b.solvers) {
      parts.push(String(s.type), s.hasCad ? "1" : "0");
      if (s.hasCad) for (const v of s.matrix ?? []) parts.push(formatReal(v));
    }
    lines.push(parts.join(" "));
  }
  return `${lines.join("\n")}\n`;
}
