/** Wording shared by the matrix checks of every FRUND format. */
import { orthonormality, ROTATION_TOLERANCE } from "../core/affine.js";

/**
 * Null when the 3×3 part of `matrix` is a proper rotation within
 * {@link ROTATION_TOLERANCE}; otherwise a sentence saying how it is not one
 * (a reflection, or not orthonormal), naming `whose` matrix.
 */
export function rotationProblem(matrix: ArrayLike<number>, whose: string): string | null {
  const { deviation, det } = orthonormality(matrix);
  if (deviation <= ROTATION_TOLERANCE && Math.abs(det - 1) <= ROTATION_TOLERANCE) return null;
  if (deviation <= ROTATION_TOLERANCE && Math.abs(det + 1) <= ROTATION_TOLERANCE) {
    return `the 3×3 part of ${whose} is orthonormal but a reflection (det = ${det.toFixed(6)}), not a rotation`;
  }
  return `the 3×3 part of ${whose} is not orthonormal (max |AᵀA − I| = ${deviation.toPrecision(3)}, det = ${det.toPrecision(6)})`;
}
