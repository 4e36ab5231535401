/** The CAD matrices model (`CAD_Matrixes.dat`, spec §3). */

/** One solver attached to a body. */
export interface CadSolver {
  /** Solver type, same codes as mesh animation types (0 thermal, 1 stress-strain). */
  type: number;
  /** Whether a CAD model corresponds to this solver (the file's flag 1/0). */
  hasCad: boolean;
  /** 12 row-major reals (a11 a12 a13 b1 …) when `hasCad`, else null. */
  matrix: number[] | null;
}

/** One body of the FRUND model and its solvers. */
export interface CadBody {
  /** Body number (identifier, not index). */
  body: number;
  solvers: CadSolver[];
}

/** The whole file: bodies in file order (the count is `bodies.length`). */
export interface CadMatrices {
  bodies: CadBody[];
}
