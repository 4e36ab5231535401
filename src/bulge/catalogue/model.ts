/**
 * The bulge catalogue model (`misc_data/bulge_types`, spec
 * `bulge-types.md`): the complete definitions Alias's Bulge Definitions
 * lister shows, in file order, and the error log of what was left out or
 * recoded. Field names are those of `bulge lint --json` (docs/design.md).
 */

/** One keypoint of a section: `[u, x, y]` — bone position of the circle icon, and the X icon's (x, y). Bone lengths; u, x ∈ [0, 1], y ∈ [−0.5, 0.5]. */
export type Keypoint = [u: number, x: number, y: number];

/** A profile placed at `angle` around the bone. */
export interface BulgeSection {
  /** Degrees around the bone from the joint's reference axis, an integer 0 … 360. */
  angle: number;
  /** At least two; the first has u = 0, the last u = 1; u and x strictly increasing. */
  keypoints: Keypoint[];
}

/** One complete definition (what the lister shows). */
export interface BulgeDefinition {
  /** ASCII 32–126 without `"`. */
  name: string;
  /** Unique in the catalogue, an integer ≥ 0 (after reassignment). */
  code: number;
  /** 1-based line of its `bulge:` keyword (0 for a definition made in memory). */
  line: number;
  /** At least one; angles distinct. */
  sections: BulgeSection[];
}

/** What the error log records: a definition left out, or one whose code was changed. */
export type ErrlogKind = "omitted" | "code-reassigned";

/** One error log entry (Alias's `errlog`). */
export interface ErrlogEntry {
  kind: ErrlogKind;
  /** 1-based line of the definition's `bulge:` keyword (or of the problem when no `bulge:` was seen). */
  line: number;
  /** The definition's name, when it was read. */
  name?: string;
  /** What was wrong, or what was done. */
  message: string;
  /** For `code-reassigned`: the code in the file and the one given. */
  oldCode?: number;
  newCode?: number;
}

/** A whole catalogue: `bulge lint --json` prints exactly this. */
export interface BulgeCatalogue {
  bulges: BulgeDefinition[];
  errlog: ErrlogEntry[];
}
