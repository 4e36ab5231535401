/**
 * XDMF unstructured topologies as VTK cells, then as `.agr` cells through the
 * VTK reader's own mapping (vtk/cells.ts): second-order cells keep their
 * corner nodes (listed first, as in VTK), polygons become triangle fans,
 * vertex and line cells are kept as the VTK reader keeps them (segments and
 * points in `lines` and `vertices`, counted in `skipped`: no `.agr` cell). A `Mixed` topology is one stream: per
 * cell its XDMF type code, for Polyvertex, Polyline and Polygon its node
 * count, then its nodes.
 */
import { mapCells } from "../vtk/cells.js";

/** An XDMF cell kind: the VTK type it is, and its node count (0: NodesPerElement, or a count in a Mixed stream). */
interface XdmfCell {
  readonly vtk: number;
  readonly nodes: number;
}

/** XDMF TopologyType (lower case) → cell kind. */
const BY_NAME: Readonly<Record<string, XdmfCell>> = {
  polyvertex: { vtk: 2, nodes: 0 },
  polyline: { vtk: 4, nodes: 0 },
  polygon: { vtk: 7, nodes: 0 },
  triangle: { vtk: 5, nodes: 3 },
  quadrilateral: { vtk: 9, nodes: 4 },
  tetrahedron: { vtk: 10, nodes: 4 },
  pyramid: { vtk: 14, nodes: 5 },
  wedge: { vtk: 13, nodes: 6 },
  hexahedron: { vtk: 12, nodes: 8 },
  edge_3: { vtk: 21, nodes: 3 },
  triangle_6: { vtk: 22, nodes: 6 },
  quadrilateral_8: { vtk: 23, nodes: 8 },
  quadrilateral_9: { vtk: 28, nodes: 9 },
  tetrahedron_10: { vtk: 24, nodes: 10 },
  pyramid_13: { vtk: 27, nodes: 13 },
  wedge_15: { vtk: 26, nodes: 15 },
  wedge_18: { vtk: 32, nodes: 18 },
  hexahedron_20: { vtk: 25, nodes: 20 },
  hexahedron_24: { vtk: 33, nodes: 24 },
  hexahedron_27: { vtk: 29, nodes: 27 },
};

/** XDMF's cell codes in a Mixed topology's stream → the TopologyType they stand for. */
const MIXED_CODES: Readonly<Record<number, string>> = {
  1: "polyvertex",
  2: "polyline",
  3: "polygon",
  4: "triangle",
  5: "quadrilateral",
  6: "tetrahedron",
  7: "pyramid",
  8: "wedge",
  9: "hexahedron",
  34: "edge_3",
  35: "quadrilateral_9",
  36: "triangle_6",
  37: "quadrilateral_8",
  38: "tetrahedron_10",
  39: "pyramid_13",
  40: "wedge_15",
  41: "wedge_18",
  48: "hexahedron_20",
  49: "hexahedron_24",
  50: "hexahedron_27",
};

/** The TopologyTypes read, for messages and docs. */
export const TOPOLOGY_TYPES = [
  "Polyvertex",
  "Polyline",
  "Polygon",
  "Triangle",
  "Quadrilateral",
  "Tetrahedron",
  "Pyramid",
  "Wedge",
  "Hexahedron",
  "Edge_3",
  "Triangle_6",
  "Quadrilateral_8",
  "Quadrilateral_9",
  "Tetrahedron_10",
  "Pyramid_13",
  "Wedge_15",
  "Wedge_18",
  "Hexahedron_20",
  "Hexahedron_24",
  "Hexahedron_27",
  "Mixed",
];

/** Whether `type` (any case) is a TopologyType this reader knows. */
export function knownTopology(type: string): boolean {
  const t = type.toLowerCase();
  return t === "mixed" || t in BY_NAME;
}

/** The cells of a topology: `.agr` cells, and for each of them the XDMF cell it came from. */
export interface Cells {
  readonly types: Uint8Array;
  readonly connectivity: Uint32Array;
  /** Index of the XDMF cell each output cell came from (cell data is taken from it). */
  readonly source: Uint32Array;
  /** XDMF cells (the count Center="Cell" attributes have). */
  readonly count: number;
  /** Vertex and line cells: no `.agr` cell, kept in `lines` and `vertices`. */
  readonly skipped: number;
  /** Segments (two point ids each) of the line cells, as vtk/cells.ts makes them. */
  readonly lines: Uint32Array;
  /** Point ids of the vertex cells. */
  readonly vertices: Uint32Array;
}

/** Output cells a VTK cell of `type` with `n` nodes becomes (as mapCells makes them). */
function outputs(type: number, n: number): number {
  if (type === 2 || type === 4 || type === 21) return 0;
  if (type === 7) return n === 4 ? 1 : Math.max(n - 2, 0);
  return 1;
}

/**
 * The cells of `type` (an XDMF TopologyType) from `values` over `pointCount`
 * points; `cells` is NumberOfElements (undefined: from the values), `per` is
 * NodesPerElement. A string says what is wrong.
 */
export function readCells(
  type: string,
  values: Float64Array,
  cells: number | undefined,
  per: number | undefined,
  pointCount: number,
): Cells | string {
  const t = type.toLowerCase();
  let vtkTypes: number[] = [];
  let offsets: number[] = [];
  let conn: ArrayLike<number> = values;
  if (t === "mixed") {
    const r = mixedStream(values, cells);
    if (typeof r === "string") return r;
    // Taken as they are: a spread of a million cells would overflow the stack.
    ({ conn, types: vtkTypes, offsets } = r);
  } else {
    const kind = BY_NAME[t]!;
    const n = kind.nodes || per || (cells ? values.length / cells : 0);
    if (!(Number.isInteger(n) && n > 0))
      return `${type} needs NodesPerElement (found ${per ?? "none"})`;
    if (per !== undefined && kind.nodes > 0 && per !== kind.nodes)
      return `NodesPerElement is ${per}, a ${type} has ${kind.nodes} nodes`;
    const count = cells ?? values.length / n;
    if (!Number.isInteger(count) || count * n !== values.length)
      return `${values.length} topology values are not ${cells ?? "whole"} cells of ${n} nodes`;
    for (let c = 0; c < count; c++) {
      vtkTypes.push(kind.vtk);
      offsets.push((c + 1) * n);
    }
  }
  const mapped = mapCells(vtkTypes, offsets, 0, conn, pointCount);
  if ("error" in mapped) return mapped.error.replace(/ \(VTK type \d+\)/, "");
  const source = new Uint32Array(mapped.types.length);
  let o = 0;
  let begin = 0;
  for (let c = 0; c < vtkTypes.length; c++) {
    const k = outputs(vtkTypes[c]!, offsets[c]! - begin);
    source.fill(c, o, o + k);
    o += k;
    begin = offsets[c]!;
  }
  return { ...mapped, source, count: vtkTypes.length, skipped: mapped.skipped };
}

/** A Mixed stream's cells as VTK types, end offsets and connectivity; a string says what is wrong. */
function mixedStream(
  values: Float64Array,
  cells: number | undefined,
): { types: number[]; offsets: number[]; conn: number[] } | string {
  const types: number[] = [];
  const offsets: number[] = [];
  const conn: number[] = [];
  let at = 0;
  while (at < values.length && (cells === undefined || types.length < cells)) {
    const code = values[at]!;
    const name = MIXED_CODES[code];
    if (!name) return `Mixed cell ${types.length} has the unknown cell code ${code}`;
    const kind = BY_NAME[name]!;
    at++;
    let n = kind.nodes;
    if (n === 0) n = values[at++] ?? -1;
    if (!(Number.isInteger(n) && n > 0 && at + n <= values.length))
      return `Mixed cell ${types.length} (${name}) has ${n < 0 ? "no" : n} nodes past the end of the values`;
    for (let k = 0; k < n; k++) conn.push(values[at + k]!);
    at += n;
    types.push(kind.vtk);
    offsets.push(conn.length);
  }
  if (cells !== undefined && types.length < cells)
    return `the Mixed topology holds ${types.length} cells, NumberOfElements declares ${cells}`;
  if (at < values.length) return `${values.length - at} values after the last Mixed cell`;
  return { types, offsets, conn };
}
