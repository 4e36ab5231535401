import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { naturalCompare } from "../../src/core/index.js";
import { RUNS } from "../helpers.js";

describe("naturalCompare", () => {
  // decision 169
  it("sorts a numbered series by its numbers: 0, 100, 200, 1000", () => {
    const names = [
      "pitzDaily_1000.vtk",
      "pitzDaily_200.vtk",
      "pitzDaily_0.vtk",
      "pitzDaily_100.vtk",
    ];
    expect(names.sort(naturalCompare)).toEqual([
      "pitzDaily_0.vtk",
      "pitzDaily_100.vtk",
      "pitzDaily_200.vtk",
      "pitzDaily_1000.vtk",
    ]);
    expect(["a/run10/x", "a/run9/x", "a/run10.pvd", "b"].sort(naturalCompare)).toEqual([
      "a/run9/x",
      "a/run10.pvd",
      "a/run10/x",
      "b",
    ]);
    // Padded numbers stay in their order; equal values put the shorter first.
    expect(["r_0010", "r_0002", "r_7", "r_007"].sort(naturalCompare)).toEqual([
      "r_0002",
      "r_7",
      "r_007",
      "r_0010",
    ]);
    // Numbers longer than a double holds still compare exactly.
    expect(naturalCompare("x99999999999999999999", "x100000000000000000000")).toBeLessThan(0);
  });

  it("is a total order: antisymmetric, transitive, 0 only for equal names", () => {
    const name = fc.stringMatching(/^[a-c0-9_.]{0,8}$/);
    fc.assert(
      fc.property(name, name, name, (a, b, c) => {
        expect(Math.sign(naturalCompare(a, b)) + Math.sign(naturalCompare(b, a))).toBe(0);
        expect(naturalCompare(a, b) === 0).toBe(a === b);
        if (naturalCompare(a, b) < 0 && naturalCompare(b, c) < 0)
          expect(naturalCompare(a, c)).toBeLessThan(0);
      }),
      { numRuns: RUNS * 10 },
    );
  });
});
