/**
 * The mesh animation model (`*.agr`): what a thermal or stress-strain solver
 * writes for one body (spec §4, §6). Numbers live in typed arrays; per-frame
 * data are views (`subarray`) of one array per parameter, never copies.
 */

/** A cell kind: its name in the text encoding, its VTK cell type code and node count. */
export interface CellKind {
  readonly name: string;
  readonly vtk: number;
  readonly nodes: number;
  /** True for volume cells (their surface is extracted for display). */
  readonly volume: boolean;
}

/** Cell kinds an `.agr` may hold, keyed by VTK cell type code (node order as in VTK). */
export const CELL_KINDS: ReadonlyMap<number, CellKind> = new Map(
  (
    [
      { name: "tri", vtk: 5, nodes: 3, volume: false },
      { name: "quad", vtk: 9, nodes: 4, volume: false },
      { name: "tet", vtk: 10, nodes: 4, volume: true },
      { name: "hex", vtk: 12, nodes: 8, volume: true },
      { name: "wedge", vtk: 13, nodes: 6, volume: true },
      { name: "pyramid", vtk: 14, nodes: 5, volume: true },
    ] as const
  ).map((k) => [k.vtk, k]),
);

/** Describes one node parameter (spec §4): its name, unit and whether it is stored per frame. */
export interface ParamDescriptor {
  /** Name without whitespace, e.g. `temperature`, `displacement`, `coordinates`. */
  readonly name: string;
  /** Unit without whitespace, e.g. `K`, `m`; `-` for dimensionless. */
  readonly unit: string;
  /** Stored for every frame (true) or only for the initial position (false). */
  readonly varying: boolean;
}

/** One body's finite-element mesh and its per-node fields over time. */
export interface MeshAnimation {
  /** Mesh animation type: 0 thermal, 1 stress-strain (other values are invalid). */
  type: number;
  /** Number of mesh nodes N. */
  nodeCount: number;
  /** Initial (undeformed) node coordinates in the mesh's own frame, xyz packed, length 3N. */
  positions: Float32Array;
  /** VTK cell type code of each cell (see {@link CELL_KINDS}), length M. */
  cellTypes: Uint8Array;
  /** 0-based node indices of all cells, concatenated in cell order. */
  connectivity: Uint32Array;
  /** Scalar parameters, index = parameter number of the `.amx` (0-based). */
  scalars: ParamDescriptor[];
  /** Vector parameters, index = parameter number of the `.amx` (0-based). */
  vectors: ParamDescriptor[];
  /** Frame times in seconds, strictly increasing, length F (F ≥ 1). */
  times: Float64Array;
  /**
   * Per scalar parameter: F·N values (frame-major) if varying, else N values.
   * Empty for a varying parameter when {@link frames} is set.
   */
  scalarValues: Float32Array[];
  /**
   * Per vector parameter: F·N·3 values (frame-major, xyz packed) if varying,
   * else N·3 values. Empty for a varying parameter when {@link frames} is set.
   */
  vectorValues: Float32Array[];
  /**
   * Set when the varying parameters' values are read frame by frame (a large
   * binary file): read them through {@link scalarAt} and {@link vectorAt}.
   */
  frames?: AgrFrames;
  /**
   * Not in the `.agr` (it holds node values only): per scalar parameter that
   * comes from a cell array, its values per cell (F·M frame-major if
   * varying, else M), which the studio draws flat per cell; the parameter's
   * node values are then the mean over the cells at each node.
   */
  cellValues?: (Float32Array | undefined)[];
  /** Not in the `.agr`: line segments (two node indices each) of a solver result's line cells, drawn by the studio. */
  lines?: Uint32Array;
  /** Not in the `.agr`: nodes of a solver result's vertex cells, drawn by the studio as points. */
  vertices?: Uint32Array;
}

/** Per-frame values read on demand (`./frames.ts`); each array stays valid while held. */
export interface AgrFrames {
  /** The N values of varying scalar parameter `p` at frame `f`. */
  scalar(p: number, f: number): Float32Array;
  /** The 3N values of varying vector parameter `p` at frame `f`. */
  vector(p: number, f: number): Float32Array;
}

/** The values of scalar parameter `p` at frame `f` (a view or a frame read on demand; constant parameters ignore `f`). */
export function scalarAt(m: MeshAnimation, p: number, f: number): Float32Array {
  const values = m.scalarValues[p]!;
  const n = m.nodeCount;
  if (!m.scalars[p]!.varying) return values.subarray(0, n);
  return m.frames ? m.frames.scalar(p, f) : values.subarray(f * n, (f + 1) * n);
}

/** The xyz values of vector parameter `p` at frame `f` (a view or a frame read on demand; constant parameters ignore `f`). */
export function vectorAt(m: MeshAnimation, p: number, f: number): Float32Array {
  const values = m.vectorValues[p]!;
  const n3 = m.nodeCount * 3;
  if (!m.vectors[p]!.varying) return values.subarray(0, n3);
  return m.frames ? m.frames.vector(p, f) : values.subarray(f * n3, (f + 1) * n3);
}

/**
 * The per-cell values of scalar parameter `p` at frame `f` when it comes from
 * a cell array ({@link MeshAnimation.cellValues}), else undefined.
 */
export function cellScalarAt(m: MeshAnimation, p: number, f: number): Float32Array | undefined {
  const values = m.cellValues?.[p];
  if (!values) return undefined;
  const cells = m.cellTypes.length;
  return m.scalars[p]!.varying
    ? values.subarray(f * cells, (f + 1) * cells)
    : values.subarray(0, cells);
}
