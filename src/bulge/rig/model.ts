/**
 * The rig model (`*.rig.json`, this project's format; docs/formats/rig.md):
 * a skeleton of joints, each a bone from head to tail, with the bulge
 * attribute Alias stores on a joint — the code only, never the shape.
 * Positions are in the mesh's units (metres in the demo), in the mesh's
 * rest (bind) pose.
 */

/** The bulge attribute of a joint: which catalogue definition, and how much. */
export interface BulgeAttribute {
  /** Code of a definition in the project's `misc_data/bulge_types`. */
  code: number;
  /** Flex angle (degrees) at which the bulge is full (amount 1); > 0. */
  fullAngle: number;
  /** Multiplies the displacement (1 = as defined). */
  scale: number;
  /**
   * What the away displacement is measured in: "bone" (bone lengths, the
   * default) or "radius" (the limb's radius around the bone; see
   * docs/bulge-deformation.md, "Units of the strength").
   */
  unit?: BulgeUnit;
}

/** The length a bulge's away displacement is measured in. */
export type BulgeUnit = "bone" | "radius";

/** Flex limits of a joint without `limits`: one turn, centred on the rest pose (degrees). */
export const DEFAULT_LIMITS: readonly [number, number] = [-180, 180];

/** One joint: the bone from `head` to `tail`, rotating about its head. */
export interface Joint {
  /** Unique in the rig; `bulge apply --pose NAME=DEGREES` refers to it. */
  name: string;
  /** Name of the parent joint, or null for a root. */
  parent: string | null;
  /** Bone start (position 0), rest pose, `[x, y, z]`. */
  head: [number, number, number];
  /** Bone end (position 1), rest pose. */
  tail: [number, number, number];
  /**
   * Reference axis for section angles (the joint's local x axis), rest pose:
   * a direction not parallel to the bone; angle 0 points along its component
   * perpendicular to the bone.
   */
  axis: [number, number, number];
  /** Distance from the bone's axis beyond which a vertex is not bulged (mesh units), > 0. */
  radius: number;
  /** Axis (rest pose) the joint flexes about; angle > 0 bends by the right-hand rule. */
  flexAxis: [number, number, number];
  /**
   * The flex angles the joint may take, `[min, max]` degrees with
   * −180 ≤ min ≤ 0 ≤ max ≤ 180 and min < max; {@link DEFAULT_LIMITS} when absent.
   */
  limits?: [number, number];
  /** The bulge attribute, when the joint has one. */
  bulge?: BulgeAttribute;
}

/** A whole rig. */
export interface Rig {
  /** Format version, 1. */
  version: 1;
  /** Mesh the rig belongs to, relative to the rig file (informative). */
  mesh?: string;
  /** Joints, parents before children. */
  joints: Joint[];
}
