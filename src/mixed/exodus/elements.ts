/**
 * Exodus II element types as `.agr` cells. An Exodus element's corner nodes
 * come first, in the order VTK's linear cell of that shape lists them (hex,
 * tetrahedron, wedge, pyramid, quadrilateral, triangle alike), so a block of
 * any order keeps every node in the mesh and becomes the linear cell of its
 * first corners (HEX20, HEX27 → hexahedron; TETRA10 → tetrahedron; …).
 * Bars, beams, trusses and spheres draw no face: they are counted as
 * skipped. The type is recognised by its leading letters, as the Exodus
 * library does (`HEX`, `HEX8`, `HEXAHEDRON` alike).
 */

/** What an element type becomes: an `.agr` cell of `corners` first nodes, or skipped. */
export type ExodusCell =
  | { readonly to: number; readonly corners: number }
  | { readonly skip: true };

/** Leading letters (upper case) → cell, checked in order (TRUSS before TRI). */
const TYPES: readonly (readonly [prefix: string, cell: ExodusCell])[] = [
  ["HEX", { to: 12, corners: 8 }],
  ["TET", { to: 10, corners: 4 }],
  ["WEDGE", { to: 13, corners: 6 }],
  ["PYRA", { to: 14, corners: 5 }],
  ["QUAD", { to: 9, corners: 4 }],
  ["TRUSS", { skip: true }],
  ["TRI", { to: 5, corners: 3 }],
  ["BEAM", { skip: true }],
  ["BAR", { skip: true }],
  ["ROD", { skip: true }],
  ["EDGE", { skip: true }],
  ["SPHERE", { skip: true }],
  ["CIRCLE", { skip: true }],
  ["POINT", { skip: true }],
];

/**
 * The cell of element type `type` with `nodes` nodes per element, or
 * undefined when it is not read. `SHELL` is a quadrilateral shell with 4 or
 * more nodes (SHELL4, SHELL8, SHELL9) and a line (skipped) with fewer.
 */
export function exodusCell(type: string, nodes: number): ExodusCell | undefined {
  const t = type.trim().toUpperCase();
  if (t.startsWith("SHELL")) return nodes >= 4 ? { to: 9, corners: 4 } : { skip: true };
  return TYPES.find(([prefix]) => t.startsWith(prefix))?.[1];
}
