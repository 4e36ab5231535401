/** Writer of the mixed animation file `*.amx` in the canonical layout. */
import { formatReal } from "../../core/numbers.js";
import type { MixedAnimation } from "./model.js";

/**
 * Writes an `.amx` in the canonical layout, one line per item as in the
 * seed's table: the MBS file name; the body count; per body a header line
 * `body variants inUse`; per variant a line `type scalar vector file` and the
 * matrix as three rows `aᵢ₁ aᵢ₂ aᵢ₃ bᵢ`. Numbers in their shortest exact form.
 * Ends with a newline. The variant count written is `animations.length`.
 */
export function writeAmx(m: MixedAnimation): string {
  const lines: string[] = [m.mbs, String(m.bodies.length)];
  for (const b of m.bodies) {
    lines.push(`${b.body} ${b.animations.length} ${b.variantInUse}`);
    for (const a of b.animations) {
      lines.push(`${a.type} ${a.scalarParam} ${a.vectorParam} ${a.file}`);
      for (let row = 0; row < 3; row++) {
        lines.push(
          a.matrix
            .slice(row * 4, row * 4 + 4)
            .map(formatReal)
            .join(" "),
        );
      }
    }
  }
  return `${lines.join("\n")}\n`;
}
