/** The mixed animation model (`*.amx`, spec §2). Field names are those of `amx show --json`. */

/** One mesh animation variant of a body. */
export interface MeshAnimationRef {
  /** Mesh animation type (0 thermal, 1 stress-strain). */
  type: number;
  /** 0-based index of the scalar parameter shown. */
  scalarParam: number;
  /** 0-based index of the vector parameter shown. */
  vectorParam: number;
  /** File name of the mesh animation (`*.agr`), no spaces, relative to the `.amx`. */
  file: string;
  /** Mesh → original position transform: 12 row-major reals `a11 a12 a13 b1 a21 …`. */
  matrix: number[];
}

/** One body whose rigid picture is replaced by a mesh animation. */
export interface MixedBody {
  /** Body number (identifier, not index). */
  body: number;
  /** 0-based index into `animations` of the variant shown. */
  variantInUse: number;
  /** The variants (the file's variant count is `animations.length`). */
  animations: MeshAnimationRef[];
}

/** A whole `.amx` file. */
export interface MixedAnimation {
  /** File name of the MBS animation (`*.amb`), relative to the `.amx`. */
  mbs: string;
  /** Bodies in file order (the file's body count is `bodies.length`). */
  bodies: MixedBody[];
}
