/** Wording shared by the matrix checks of every FRUND format. */
import { orthonormality, ROTATION_TOLERANCE } from "../core/affine.js";
import type { Message, MessageArgs } from "../core/message.js";

/**
 * Null when the 3×3 part of `matrix` is a proper rotation within
 * {@link ROTATION_TOLERANCE}; otherwise a message saying how it is not one
 * (a reflection, or not orthonormal), naming `whose` matrix. Its arguments
 * are `deviation` (max |AᵀA − I|) and `det`, with `named` (e.g. the body).
 */
export function rotationProblem(
  matrix: ArrayLike<number>,
  whose: string,
  named: MessageArgs = {},
): Message | null {
  const { deviation, det } = orthonormality(matrix);
  if (deviation <= ROTATION_TOLERANCE && Math.abs(det - 1) <= ROTATION_TOLERANCE) return null;
  const args = { ...named, deviation: deviation.toPrecision(3), det: det.toPrecision(6) };
  if (deviation <= ROTATION_TOLERANCE && Math.abs(det + 1) <= ROTATION_TOLERANCE) {
    const text = `the 3×3 part of ${whose} is orthonormal but a reflection (det = ${det.toFixed(6)}), not a rotation`;
    return { text, args: { ...args, det: det.toFixed(6) } };
  }
  const text = `the 3×3 part of ${whose} is not orthonormal (max |AᵀA − I| = ${args.deviation}, det = ${args.det})`;
  return { text, args };
}
