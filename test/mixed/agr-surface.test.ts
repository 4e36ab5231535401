import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CELL_KINDS,
  extractSurfaceCells,
  keepSurfaceCells,
  type MeshAnimation,
  surfaceCellsOf,
} from "../../src/mixed/agr/index.js";
import { CELL_FACES } from "../../src/mixed/agr/surface.js";

/** A mesh of cells only (no values): what the surface is made from. */
function cellsOnly(nodeCount: number, types: number[], connectivity: number[]): MeshAnimation {
  return {
    type: 0,
    nodeCount,
    positions: new Float32Array(3 * nodeCount),
    cellTypes: Uint8Array.from(types),
    connectivity: Uint32Array.from(connectivity),
    scalars: [],
    vectors: [],
    times: new Float64Array([0]),
    scalarValues: [],
    vectorValues: [],
  };
}

/**
 * The surface as the rule says, written the plain way: every volume face
 * keyed by its sorted nodes in a Map; faces used once, in cell and face
 * order, after the surface cells.
 */
function oracle(m: MeshAnimation): { triangles: number[]; cells: number[] } {
  const conn = m.connectivity;
  const cells: { c: number; start: number; ok: boolean }[] = [];
  for (let c = 0, k = 0; c < m.cellTypes.length; c++) {
    const kind = CELL_KINDS.get(m.cellTypes[c]!);
    if (!kind || k + kind.nodes > conn.length) break;
    let ok = true;
    for (let j = 0; j < kind.nodes; j++) if (conn[k + j]! >= m.nodeCount) ok = false;
    cells.push({ c, start: k, ok });
    k += kind.nodes;
  }
  const uses = new Map<string, number>();
  const keyOf = (start: number, face: readonly number[]) =>
    face
      .map((i) => conn[start + i]!)
      .sort((a, b) => a - b)
      .join(",");
  for (const { c, start, ok } of cells)
    for (const face of (ok && CELL_FACES.get(m.cellTypes[c]!)) || [])
      uses.set(keyOf(start, face), (uses.get(keyOf(start, face)) ?? 0) + 1);
  const triangles: number[] = [];
  const cellOf: number[] = [];
  const fan = (c: number, nodes: number[]) => {
    for (let i = 1; i + 1 < nodes.length; i++) {
      triangles.push(nodes[0]!, nodes[i]!, nodes[i + 1]!);
      cellOf.push(c);
    }
  };
  for (const { c, start, ok } of cells) {
    const kind = CELL_KINDS.get(m.cellTypes[c]!)!;
    if (ok && !kind.volume) fan(c, Array.from(conn.subarray(start, start + kind.nodes)));
  }
  for (const { c, start, ok } of cells)
    for (const face of (ok && CELL_FACES.get(m.cellTypes[c]!)) || [])
      if (uses.get(keyOf(start, face)) === 1)
        fan(
          c,
          face.map((i) => conn[start + i]!),
        );
  return { triangles, cells: cellOf };
}

const KINDS = [5, 9, 10, 12, 13, 14];

/** Random cells over few nodes (so faces are shared, often by three cells), some broken. */
const meshArb = fc
  .record({
    nodeCount: fc.integer({ min: 1, max: 12 }),
    cells: fc.array(
      fc.record({
        type: fc.oneof(fc.constantFrom(...KINDS), fc.integer({ min: 0, max: 20 })),
        nodes: fc.array(fc.integer({ min: 0, max: 13 }), { minLength: 8, maxLength: 8 }),
      }),
      { maxLength: 40 },
    ),
    cut: fc.nat({ max: 5 }),
  })
  .map(({ nodeCount, cells, cut }) => {
    const conn = cells.flatMap((c) => c.nodes.slice(0, CELL_KINDS.get(c.type)?.nodes ?? 4));
    return cellsOnly(
      nodeCount,
      cells.map((c) => c.type),
      conn.slice(0, Math.max(0, conn.length - cut)),
    );
  });

/** An nx × ny × nz block of hexes, nodes numbered x fastest. */
function block(nx: number, ny: number, nz: number): MeshAnimation {
  const id = (i: number, j: number, k: number) => i + (nx + 1) * (j + (ny + 1) * k);
  const conn: number[] = [];
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++)
        conn.push(
          id(i, j, k),
          id(i + 1, j, k),
          id(i + 1, j + 1, k),
          id(i, j + 1, k),
          id(i, j, k + 1),
          id(i + 1, j, k + 1),
          id(i + 1, j + 1, k + 1),
          id(i, j + 1, k + 1),
        );
  return cellsOnly((nx + 1) * (ny + 1) * (nz + 1), new Array(nx * ny * nz).fill(12), conn);
}

describe("extractSurfaceCells (faces bucketed by their smallest node)", () => {
  it("gives the plain rule's triangles and cells, in its order, on random cells", () => {
    fc.assert(
      fc.property(meshArb, (m) => {
        const got = extractSurfaceCells(m);
        const want = oracle(m);
        expect(Array.from(got.triangles)).toEqual(want.triangles);
        expect(Array.from(got.cells)).toEqual(want.cells);
      }),
      { numRuns: 400 },
    );
  });

  it("gives the plain rule's surface of a hex block, and one node shared by a thousand faces", () => {
    const m = block(6, 5, 4);
    const want = oracle(m);
    expect(Array.from(extractSurfaceCells(m).triangles)).toEqual(want.triangles);
    expect(want.triangles.length / 3).toBe(2 * 2 * (6 * 5 + 5 * 4 + 6 * 4));
    // A fan of tets around node 0: its bucket holds every face, sorted rather than compared pairwise.
    const fan: number[] = [];
    for (let t = 0; t < 500; t++) fan.push(0, 1 + t, 2 + t, 600);
    const tets = cellsOnly(601, new Array(500).fill(10), fan);
    const got = extractSurfaceCells(tets);
    expect(Array.from(got.triangles)).toEqual(oracle(tets).triangles);
    expect(Array.from(got.cells)).toEqual(oracle(tets).cells);
  });
});

describe("a model's surface, made once", () => {
  // decision 274
  it("is made once per model, or taken from the server when it fits the model", () => {
    const m = block(2, 2, 2);
    const s = surfaceCellsOf(m);
    expect(surfaceCellsOf(m)).toBe(s);
    expect(Array.from(s.triangles)).toEqual(oracle(m).triangles);
    const served = block(2, 2, 2);
    const given = extractSurfaceCells(served);
    expect(keepSurfaceCells(served, given)).toBe(true);
    expect(surfaceCellsOf(served).triangles).toBe(given.triangles);
    // What cannot be this model's surface is refused, and the surface is made here.
    const wrong = block(2, 2, 2);
    const far = { triangles: Uint32Array.of(0, 1, 999), cells: Uint32Array.of(0) };
    expect(keepSurfaceCells(wrong, far)).toBe(false);
    expect(keepSurfaceCells(wrong, { triangles: given.triangles, cells: Uint32Array.of(0) })).toBe(
      false,
    );
    expect(keepSurfaceCells(wrong, { triangles: [0, 1, 2], cells: [0] })).toBe(false);
    expect(keepSurfaceCells(wrong, null)).toBe(false);
    expect(Array.from(surfaceCellsOf(wrong).triangles)).toEqual(Array.from(given.triangles));
  });
});
