import { describe, expect, it } from "vitest";
import { readAmx, readAmxSyntax, validateAmx, writeAmx } from "../../src/mixed/amx/index.js";
import { amxArb } from "../arbitraries.js";
import { AMX_UNDER_TEST } from "../formats.js";
import { fixture, SEED_AMX, where } from "../helpers.js";
import { roundTripSuite } from "../property-suites.js";

/** A valid one-body file to mutate; line numbers in the tests refer to this layout. */
const BASE = [
  "mbs.amb", // 1
  "1", // 2
  "2 1 0", // 3
  "1 0 0 arm.agr", // 4
  "1 0 0 0.5", // 5
  "0 1 0 0", // 6
  "0 0 1 0", // 7
].join("\n");

function codes(text: string): string[] {
  return where(readAmx(text).diagnostics, text);
}

describe("the seed's .amx example", () => {
  it("flattened on one line reads as the spec says", () => {
    const r = readAmx(fixture("seed/seed-flat.amx"));
    expect(r.model).toEqual(SEED_AMX);
    // Body 6's CAD matrix is orthonormal but has det −1: a reflection, warned, not an error.
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["AMX030", "warning"]]);
  });

  // decision 1
  it("laid out on lines reads the same, and the warning points at body 6's matrix", () => {
    const text = fixture("seed/seed-lines.amx");
    const r = readAmx(text);
    expect(r.model).toEqual(SEED_AMX);
    expect(where(r.diagnostics, text)).toEqual(["AMX030@10:1"]);
  });

  it("writes back in the canonical layout, which reads back to the same model", () => {
    const text = writeAmx(readAmx(fixture("seed/seed-flat.amx")).model);
    expect(text).toBe(fixture("seed/seed-lines.amx"));
    expect(readAmx(text).model).toEqual(SEED_AMX);
  });
});

describe(".amx decisions of the spec", () => {
  it("accepts the base file clean, with LF, CR LF and tabs alike", () => {
    expect(codes(`${BASE}\n`)).toEqual([]);
    expect(codes(`${BASE.replace(/\n/g, "\r\n")}\r\n`)).toEqual([]);
    expect(codes(`${BASE.replace(/ /g, "\t")}\n`)).toEqual([]);
  });

  it("counts lines of CR LF files once", () => {
    const text = `${BASE.replace("2 1 0", "2 1 5").replace(/\n/g, "\r\n")}\r\n`;
    expect(codes(text)).toEqual(["AMX013@3:5"]);
  });

  it("requires a final end-of-line but still returns the model", () => {
    const r = readAmx(BASE);
    expect(where(r.diagnostics, BASE)).toEqual(["AMX001@7:8"]);
    expect(r.diagnostics[0]!.severity).toBe("error");
    expect(r.model.bodies[0]!.animations[0]!.matrix).toEqual([
      1, 0, 0, 0.5, 0, 1, 0, 0, 0, 0, 1, 0,
    ]);
  });

  it("indices are 0-based: variant in use must be below the variant count", () => {
    expect(codes(`${BASE.replace("2 1 0", "2 1 1")}\n`)).toEqual(["AMX013@3:5"]);
  });

  it("a variant count of 0 is an error", () => {
    const text = "mbs.amb\n1\n2 0 0\n";
    expect(codes(text)).toEqual(["AMX014@3:3"]);
  });

  it("body numbers are positive and unique", () => {
    expect(codes(`${BASE.replace("2 1 0", "0 1 0")}\n`)).toEqual(["AMX015@3:1"]);
    const two = `${BASE.replace(/^1$/m, "2")}\n${BASE.split("\n").slice(2).join("\n")}\n`;
    expect(codes(two)).toEqual(["AMX016@8:1"]);
  });

  it("integers have no sign, point or exponent", () => {
    expect(codes(`${BASE.replace("1 0 0 arm", "1.0 0 0 arm")}\n`)).toEqual(["AMX004@4:1"]);
    expect(codes(`${BASE.replace("2 1 0", "+2 1 0")}\n`)).toEqual(["AMX004@3:1"]);
    expect(codes(`${BASE.replace("2 1 0", "x 1 0")}\n`)).toEqual(["AMX003@3:1"]);
  });

  it("reals take the usual forms; nan, inf and overflow are errors", () => {
    const forms = `${BASE.replace("1 0 0 0.5", "1 -0 0 .5").replace("0 1 0 0", "0 1E+00 0 1e-3")}\n`;
    expect(codes(forms)).toEqual([]);
    expect(codes(`${BASE.replace("1 0 0 0.5", "1 0 0 nan")}\n`)).toEqual(["AMX005@5:7"]);
    expect(codes(`${BASE.replace("0 0 1 0", "0 0 1 inf")}\n`)).toEqual(["AMX005@7:7"]);
    expect(codes(`${BASE.replace("0 0 1 0", "0 0 1 1e999")}\n`)).toEqual(["AMX005@7:7"]);
  });

  it("tokens after the last body are an error", () => {
    expect(codes(`${BASE}\n7 1 0\n`)).toEqual(["AMX006@8:1"]);
  });

  it("a count that promises more than the file has is an error at end of file", () => {
    const text = `${BASE.replace(/^1$/m, "2")}\n`;
    expect(codes(text)).toEqual(["AMX002@8:1"]);
    const cut = "mbs.amb\n1\n2 1 0\n1 0 0 arm.agr\n1 0 0\n";
    expect(codes(cut)).toEqual(["AMX002@6:1"]);
  });

  it("an empty file reports the missing MBS name", () => {
    expect(codes("")).toEqual(["AMX002@1:1"]);
  });

  it("types are 0 or 1, and parameter indices valid for the type", () => {
    expect(codes(`${BASE.replace("1 0 0 arm", "2 0 0 arm")}\n`)).toEqual(["AMX010@4:1"]);
    expect(codes(`${BASE.replace("1 0 0 arm", "1 1 0 arm")}\n`)).toEqual(["AMX011@4:3"]);
    expect(codes(`${BASE.replace("1 0 0 arm", "0 0 1 arm")}\n`)).toEqual(["AMX012@4:5"]);
  });

  it("extensions: missing is an error, another one a warning", () => {
    expect(codes(`${BASE.replace("mbs.amb", "mbs")}\n`)).toEqual(["AMX020@1:1"]);
    expect(codes(`${BASE.replace("arm.agr", "arm.vtu")}\n`)).toEqual(["AMX021@4:7"]);
    expect(codes(`${BASE.replace("mbs.amb", "mbs.AMB")}\n`)).toEqual([]);
  });

  it("warns when the rotation part is not orthonormal", () => {
    const text = `${BASE.replace("0 1 0 0", "0 2 0 0")}\n`;
    expect(codes(text)).toEqual(["AMX030@5:1"]);
    expect(readAmx(text).diagnostics[0]!.message).toContain("not orthonormal");
  });

  // decision 2
  it("allows 1e-3 in each entry of AᵀA − I and in |det − 1|, and warns past either", () => {
    const diagonal = (a: string, b: string, c: string) =>
      `${BASE.replace("1 0 0 0.5", `${a} 0 0 0.5`).replace("0 1 0 0", `0 ${b} 0 0`).replace("0 0 1 0", `0 0 ${c} 0`)}\n`;
    expect(codes(diagonal("1.0004", "1", "1"))).toEqual([]);
    // Each AᵀA − I entry is 0.0008, but det − 1 is 0.0012.
    expect(codes(diagonal("1.0004", "1.0004", "1.0004"))).toEqual(["AMX030@5:1"]);
    // AᵀA − I has 0.0012 on its diagonal, det − 1 is 0.0006.
    expect(codes(diagonal("1.0006", "1", "1"))).toEqual(["AMX030@5:1"]);
  });

  // decision 10
  it("stops at a count that cannot be read: one finding there, the rest left unread", () => {
    const found = (bad: string) => codes(`${BASE.replace(/^1$/m, bad)}\n`);
    expect(found("x")).toEqual(["AMX003@2:1"]);
    // A negative count: the bodies are not guessed at; what follows is one AMX006.
    expect(found("-2")).toEqual(["AMX004@2:1", "AMX006@3:1"]);
  });

  it("huge counts neither allocate nor hang", () => {
    expect(codes("m.amb 999999999999\n")).toEqual(["AMX002@2:1"]);
    expect(codes("m.amb 1 2 99999999999 0\n")).toEqual(["AMX002@2:1"]);
  });

  it("spans point at every value", () => {
    const r = readAmx(`${BASE}\n`);
    const s = r.spans.bodies[0]!.animations[0]!;
    expect(`${BASE}\n`.slice(...s.file)).toBe("arm.agr");
    expect(`${BASE}\n`.slice(...s.matrix)).toBe("1 0 0 0.5\n0 1 0 0\n0 0 1 0");
  });
});

describe(".amx reader template: read (syntax) → validate (semantics)", () => {
  const wrong = `${BASE.replace("2 1 0", "0 1 3").replace("arm.agr", "arm")}`;

  it("read keeps syntax only: tokens, counts, spans", () => {
    const syntax = readAmxSyntax(wrong);
    expect(where(syntax.diagnostics, wrong)).toEqual(["AMX001@7:8"]);
    expect(syntax.spans.declaredBodies).toBe(1);
    expect(syntax.spans.bodies[0]!.declaredVariants).toBe(1);
    expect(wrong.slice(...syntax.spans.bodies[0]!.variantCount)).toBe("1");
  });

  it("validate finds the meaning's faults, at the spans read found", () => {
    const syntax = readAmxSyntax(wrong);
    const semantics = validateAmx(syntax.model, syntax.spans, syntax.diagnostics);
    expect(where(semantics, wrong)).toEqual(["AMX015@3:1", "AMX013@3:5", "AMX020@4:7"]);
    expect(where(readAmx(wrong).diagnostics, wrong)).toEqual([
      "AMX015@3:1",
      "AMX013@3:5",
      "AMX020@4:7",
      "AMX001@7:8",
    ]);
  });

  it("validate checks an in-memory model at offset 0, counts as held", () => {
    const m = readAmx(`${BASE}\n`).model;
    expect(validateAmx(m)).toEqual([]);
    const bad = { ...m, bodies: [{ ...m.bodies[0]!, variantInUse: 1 }] };
    expect(validateAmx(bad).map((d) => `${d.code}@${d.start}`)).toEqual(["AMX013@0"]);
  });

  it("a body count of 0 is warned only in a file without errors", () => {
    expect(codes("m.amb\n0\n")).toEqual(["AMX017@2:1"]);
    expect(codes("m\n0\n")).toEqual(["AMX020@1:1"]);
    expect(codes("m.amb\n0")).toEqual(["AMX001@2:2"]);
  });
});

roundTripSuite(AMX_UNDER_TEST, amxArb);
