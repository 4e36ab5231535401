/**
 * The property suites can fail: a toy format (a count, then that many reals)
 * passes all three, and each planted defect is caught by the property meant
 * to catch it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Diagnostic,
  type DiagnosticTable,
  formatReal,
  type KindOf,
  TokenReader,
} from "../src/core/index.js";
import {
  alwaysLocatedProperty,
  neverThrowsProperty,
  roundTripProperty,
  type Writable,
} from "./property-suites.js";

const TOY = {
  endOfFile: { code: "TOY001", severity: "error", summary: "the file ended early" },
  notInteger: { code: "TOY002", severity: "error", summary: "not a count" },
  notReal: { code: "TOY003", severity: "error", summary: "not a finite real" },
  missingFinalNewline: { code: "TOY004", severity: "warning", summary: "no final line break" },
} as const satisfies DiagnosticTable;

function readToy(text: string): { model: number[]; diagnostics: Diagnostic[] } {
  const r = new TokenReader<KindOf<typeof TOY>>(text, TOY);
  const n = r.integer("the count") ?? 0;
  const values = new Array<number>(Math.min(n, text.length)).fill(0);
  if (r.fits(n, 1, "values")) r.reals(n, values, 0, (i) => `value ${i}`);
  r.expectFinalNewline();
  return { model: values, diagnostics: r.sink.items };
}

const writeToy = (m: number[]) => `${m.length}\n${m.map(formatReal).join(" ")}\n`;

const toy: Writable<number[], string> = {
  name: "toy",
  codes: TOY,
  read: readToy,
  write: writeToy,
};
const models = fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 5 });
const seeds = ["2\n1 2.5\n", "0\n\n"];

function fails<T extends [unknown]>(p: fc.IPropertyWithHooks<T>): boolean {
  return fc.check(p, { numRuns: 300 }).failed;
}

describe("property suites", () => {
  it("a sound format passes all three", () => {
    expect(fails(roundTripProperty(toy, models))).toBe(false);
    expect(fails(neverThrowsProperty(toy, seeds))).toBe(false);
    expect(fails(alwaysLocatedProperty(toy, seeds))).toBe(false);
  });

  it("round trip catches a writer that loses a value", () => {
    const lossy = { ...toy, write: (m: number[]) => writeToy(m.slice(1)) };
    expect(fails(roundTripProperty(lossy, models))).toBe(true);
  });

  it("never throws catches a reader that throws", () => {
    const throwing = {
      ...toy,
      read: (t: string) => {
        if (t.includes("x") || t.length < 3) throw new Error("boom");
        return readToy(t);
      },
    };
    expect(fails(neverThrowsProperty(throwing, seeds))).toBe(true);
  });

  it("always located catches a span past the end and a code of no table", () => {
    const past = {
      ...toy,
      read: (t: string) => {
        const r = readToy(t);
        return { ...r, diagnostics: r.diagnostics.map((d) => ({ ...d, end: t.length + 1 })) };
      },
    };
    expect(fails(alwaysLocatedProperty(past, seeds))).toBe(true);
    const alien = {
      ...toy,
      read: (t: string) => {
        const r = readToy(t);
        return { ...r, diagnostics: r.diagnostics.map((d) => ({ ...d, code: "AMX001" })) };
      },
    };
    expect(fails(alwaysLocatedProperty(alien, seeds))).toBe(true);
  });
});
