import { describe, expect, it } from "vitest";
import { readCad, readCadSyntax, validateCad, writeCad } from "../../src/mixed/cad/index.js";
import { cadArb } from "../arbitraries.js";
import { CAD_UNDER_TEST } from "../formats.js";
import { fixture, where } from "../helpers.js";
import { roundTripSuite } from "../property-suites.js";

function codes(text: string): string[] {
  return where(readCad(text).diagnostics, text);
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

describe("the seed's CAD_Matrixes.dat example", () => {
  const r = readCad(fixture("seed/CAD_Matrixes.dat"));

  it("has 37 bodies in file order, body 49 between 25 and 26", () => {
    const numbers = r.model.bodies.map((b) => b.body);
    expect(numbers).toHaveLength(37);
    expect(numbers.slice(24, 27)).toEqual([25, 49, 26]);
    expect(numbers).toEqual([
      ...Array.from({ length: 25 }, (_, i) => i + 1),
      49,
      ...Array.from({ length: 11 }, (_, i) => i + 26),
    ]);
  });

  it("bodies 1, 2, 3 and 6 have one stress-strain solver with a CAD matrix; the rest none", () => {
    for (const b of r.model.bodies) {
      if ([1, 2, 3, 6].includes(b.body)) {
        expect(b.solvers).toHaveLength(1);
        expect(b.solvers[0]!.type).toBe(1);
        expect(b.solvers[0]!.hasCad).toBe(true);
      } else expect(b.solvers).toEqual([]);
    }
    expect(r.model.bodies[0]!.solvers[0]!.matrix).toEqual(IDENTITY);
    expect(r.model.bodies[2]!.solvers[0]!.matrix).toEqual(IDENTITY);
  });

  it("gives bodies 2 and 6 the matrices of the seed's .amx", () => {
    expect(r.model.bodies[1]!.solvers[0]!.matrix).toEqual([
      -0.99999, 0.00190386, -0.00403572, -0.374617, -0.001825, -0.999809, -0.0194551, -0.0252398,
      -0.00407199, -0.0194476, 0.999803, 0.619363,
    ]);
    expect(r.model.bodies[5]!.solvers[0]!.matrix).toEqual([
      -0.999992, -0.000132341, -0.00407241, -0.374657, -0.00033201, 0.998795, 0.0490684, 0.0576611,
      -0.00406101, -0.0490693, 0.998787, 0.609129,
    ]);
  });

  // decision 1
  it("has no error; body 6's reflection is warned", () => {
    expect(r.diagnostics.map((d) => `${d.code}:${d.severity}`)).toEqual(["CAD020:warning"]);
  });

  it("round-trips through the writer, one line per body", () => {
    const text = writeCad(r.model);
    expect(text.split("\n")).toHaveLength(39);
    expect(text.split("\n")[26]).toBe("49 0");
    expect(readCad(text).model).toEqual(r.model);
  });
});

describe("CAD_Matrixes.dat rules", () => {
  const ok = "2\n1 1 0 1 1 0 0 0 0 1 0 0 0 0 1 0\n2 0\n";

  it("accepts a well-formed file", () => {
    expect(codes(ok)).toEqual([]);
  });

  // decision 3
  it("the flag is 0 or 1", () => {
    // Read as non-zero ("yes"): the matrix after it is taken, the rest of the file stays in step.
    const r = readCad(ok.replace("1 1 0 1", "1 1 0 2"));
    expect(where(r.diagnostics, ok)).toEqual(["CAD010@2:7"]);
    expect(r.model.bodies[0]!.solvers[0]!.matrix).toEqual(IDENTITY);
  });

  // decision 4
  it("a matrix is present exactly when the flag is 1", () => {
    // Flag 0 followed by a matrix (its entries are no integers).
    expect(codes("1\n5 1 1 0 -0.5 0 0 0 0 1 0 0 0 0 1 0\n")).toEqual(["CAD012@2:9"]);
    // Flag 1 without a matrix: the next body's header is where entries were due.
    expect(codes("2\n5 1 1 1\n6 x\n")).toEqual(["CAD011@3:3"]);
    expect(codes("1\n5 1 1 1 1 0 0\n")).toEqual(["CAD002@3:1"]);
  });

  it("the body count matches the bodies in the file, both ways", () => {
    expect(codes("3\n1 0\n2 0\n")).toEqual(["CAD006@4:1"]);
    expect(codes("1\n1 0\n2 0\n")).toEqual(["CAD006@3:1"]);
  });

  it("body numbers are positive and unique; solver types known; one solver per type", () => {
    expect(codes("2\n1 0\n1 0\n")).toEqual(["CAD014@3:1"]);
    expect(codes("1\n0 0\n")).toEqual(["CAD015@2:1"]);
    expect(codes("1\n1 1 7 0\n")).toEqual(["CAD013@2:5"]);
    expect(codes("1\n1 2 0 0 0 0\n")).toEqual(["CAD016@2:9"]);
  });

  it("integers are integers, reals are finite", () => {
    expect(codes("1.0\n1 0\n")).toEqual(["CAD004@1:1"]);
    expect(codes("one\n")).toEqual(["CAD003@1:1"]);
    expect(codes("1\n1 1 1 1 1 0 0 0 0 1 0 0 0 0 1 nan\n")).toEqual(["CAD011@2:31"]);
    expect(codes("1\n1 1 1 1 1 0 0 0 0 1 0 0 0 0 1 1e400\n")).toEqual(["CAD005@2:31"]);
  });

  // decision 5
  it("warns on a missing final newline", () => {
    expect(codes("1\n1 0")).toEqual(["CAD001@2:4"]);
  });
});

describe("CAD_Matrixes.dat reader template: read (syntax) → validate (semantics)", () => {
  it("read keeps syntax and declared counts; validate the meaning", () => {
    const text = "2\n1 2 0 0 7 0\n1 0\n";
    const syntax = readCadSyntax(text);
    expect(syntax.diagnostics).toEqual([]);
    expect(syntax.spans.declaredBodies).toBe(2);
    expect(syntax.spans.bodies.map((b) => b.declaredSolvers)).toEqual([2, 0]);
    expect(where(validateCad(syntax.model, syntax.spans), text)).toEqual([
      "CAD013@2:9",
      "CAD014@3:1",
    ]);
    expect(validateCad(syntax.model).map((d) => `${d.code}@${d.start}`)).toEqual([
      "CAD013@0",
      "CAD014@0",
    ]);
  });

  it("a word where a matrix entry is due cuts the matrix (CAD011), a bad number does not", () => {
    const r = readCad("1\n1 1 1 1 1 0 0 0 0 1 0 0 0 0 1 nan\n");
    expect(r.diagnostics[0]!.message).toBe(
      "expected matrix entry b3 of solver 1 of body 1, found 'nan'",
    );
  });
});

roundTripSuite(CAD_UNDER_TEST, cadArb);
