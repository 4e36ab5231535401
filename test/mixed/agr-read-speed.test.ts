/**
 * The `.agr` text readers without per-value work: the cells section builds
 * no message for a clean cell, and its findings are the same wherever the
 * tight loop hands over to the located walk.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { encodeUtf8 } from "../../src/core/index.js";
import { TokenReader } from "../../src/core/token-reader.js";
import { AGR, type MeshAnimation, readAgr, writeAgrText } from "../../src/mixed/agr/index.js";

/** A one-frame model of `cells` hexahedra over 8 nodes. */
function hexes(cells: number): MeshAnimation {
  const conn = new Uint32Array(8 * cells);
  for (let i = 0; i < conn.length; i++) conn[i] = (i * 5) % 8;
  return {
    type: 1,
    nodeCount: 8,
    positions: Float32Array.from({ length: 24 }, (_, i) => i * 0.5),
    cellTypes: new Uint8Array(cells).fill(12),
    connectivity: conn,
    scalars: [{ name: "strain", unit: "1", varying: true }],
    vectors: [{ name: "coordinates", unit: "m", varying: true }],
    times: Float64Array.of(0),
    scalarValues: [new Float32Array(8)],
    vectorValues: [Float32Array.from({ length: 24 }, (_, i) => i * 0.5)],
  };
}

afterEach(() => vi.restoreAllMocks());

describe(".agr cells section", () => {
  // decision 308
  it("asks for no message per cell: the reader's calls do not grow with the cell count", () => {
    const calls = (cells: number, bytes: boolean) => {
      const text = writeAgrText(hexes(cells));
      const need = vi.spyOn(TokenReader.prototype, "need");
      const r = readAgr(bytes ? encodeUtf8(text) : text);
      expect(r.diagnostics).toEqual([]);
      expect(r.model!.cellTypes.length).toBe(cells);
      const n = need.mock.calls.length;
      need.mockRestore();
      return n;
    };
    for (const bytes of [false, true]) expect(calls(1000, bytes)).toBe(calls(2, bytes));
  });

  it("reports a defect in any cell exactly as in any other cell, and reads the rest", () => {
    const text = writeAgrText(hexes(6));
    const lines = text.split("\n");
    const first = lines.findIndex((l) => l.startsWith("hex"));
    for (let cell = 0; cell < 6; cell++) {
      const defects: [string, string][] = [
        ["hex 0 1 2 3 4 5 6 9", AGR.nodeIndex.code],
        ["cube 0 1 2 3 4 5 6 7", AGR.unknownCellKind.code],
        ["hex 0 1 2 x 4 5 6 7", AGR.cellNodes.code],
      ];
      for (const [line, code] of defects) {
        const bad = lines.slice();
        bad[first + cell] = line;
        const input = bad.join("\n");
        for (const r of [readAgr(input), readAgr(encodeUtf8(input))]) {
          const codes = r.diagnostics.map((d) => d.code);
          expect(codes[0]).toBe(code);
          const at = input.indexOf(line);
          expect(r.diagnostics[0]!.start).toBeGreaterThanOrEqual(at);
          expect(r.diagnostics[0]!.end).toBeLessThanOrEqual(at + line.length);
          // The cells after the defect are read: a defect costs at most its cell and the next.
          expect(r.model!.cellTypes.length).toBeGreaterThanOrEqual(4);
        }
      }
    }
  });
});
