/**
 * Exodus II element types as `.agr` cells. An Exodus element's corner nodes
 * come first, in the order VTK's linear cell of that shape lists them (hex,
 * tetrahedron, wedge, pyramid, quadrilateral, triangle alike), so a block of
 * any order keeps every node in the mesh and becomes the linear cell of its
 * first corners (HEX20, HEX27 → hexahedron; TETRA10 → tetrahedron; …).
 * Bars, beams, trusses and spheres are no `.agr` cell: they are counted as
 * skipped and kept as line segments and points for the viewer (as the VTK
 * reader keeps its line and vertex cells). The type is recognised by its leading letters, as the Exodus
 * library does (`HEX`, `HEX8`, `HEXAHEDRON` alike).
 */

/** What an element type becomes: an `.agr` cell of `corners` first nodes, or a line or point (no `.agr` cell). */
export type ExodusCell =
  | { readonly to: number; readonly corners: number }
  | { readonly skip: "line" | "point" };

/** Leading letters (upper case) → cell, checked in order (TRUSS before TRI). */
const TYPES: readonly (readonly [prefix: string, cell: ExodusCell])[] = [
  ["HEX", { to: 12, corners: 8 }],
  ["TET", { to: 10, corners: 4 }],
  ["WEDGE", { to: 13, corners: 6 }],
  ["PYRA", { to: 14, corners: 5 }],
  ["QUAD", { to: 9, corners: 4 }],
  ["TRUSS", { skip: "line" }],
  ["TRI", { to: 5, corners: 3 }],
  ["BEAM", { skip: "line" }],
  ["BAR", { skip: "line" }],
  ["ROD", { skip: "line" }],
  ["EDGE", { skip: "line" }],
  ["SPHERE", { skip: "point" }],
  ["CIRCLE", { skip: "point" }],
  ["POINT", { skip: "point" }],
];

/**
 * The cell of element type `type` with `nodes` nodes per element, or
 * undefined when it is not read. `SHELL` is a quadrilateral shell with 4 or
 * more nodes (SHELL4, SHELL8, SHELL9) and a line with fewer.
 */
export function exodusCell(type: string, nodes: number): ExodusCell | undefined {
  const t = type.trim().toUpperCase();
  if (t.startsWith("SHELL")) return nodes >= 4 ? { to: 9, corners: 4 } : { skip: "line" };
  return TYPES.find(([prefix]) => t.startsWith(prefix))?.[1];
}
