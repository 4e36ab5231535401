/**
 * The MBS animation model (`*.amb`): the rigid motion of every body of a
 * FRUND model over time (spec §1, §6).
 */

/** Simple rigid geometry a viewer can draw, centred on the body frame's origin (metres). */
export type BodyGeometry =
  | { readonly kind: "none" }
  /** Box with edge lengths along the body's x, y, z axes. */
  | { readonly kind: "box"; readonly size: readonly [number, number, number] }
  /** Cylinder whose axis is the body's x axis. */
  | { readonly kind: "cylinder"; readonly radius: number; readonly length: number }
  | { readonly kind: "sphere"; readonly radius: number };

/** One body of the MBS model. */
export interface RigidBody {
  /** FRUND body number: a positive integer identifier (not an index). */
  readonly number: number;
  /** Display name without whitespace. */
  readonly name: string;
  readonly geometry: BodyGeometry;
}

/** Rigid motion of all bodies over time. */
export interface MbsAnimation {
  /** Bodies in file order. */
  bodies: RigidBody[];
  /** Frame times in seconds, strictly increasing, length F (F ≥ 1). */
  times: Float64Array;
  /**
   * Body placements: frame-major, then body in file order, 12 numbers each
   * (row-major 3×4 as in `core/affine`): world = M · p_body. Length F·B·12.
   */
  matrices: Float64Array;
}

/** The placement of body index `b` (file order) at frame `f`, as a view of 12 numbers. */
export function placementAt(m: MbsAnimation, b: number, f: number): Float64Array {
  const o = (f * m.bodies.length + b) * 12;
  return m.matrices.subarray(o, o + 12);
}
