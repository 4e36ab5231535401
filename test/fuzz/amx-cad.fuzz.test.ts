import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/core/index.js";
import { type MixedAnimation, readAmx, writeAmx } from "../../src/mixed/amx/index.js";
import { type CadMatrices, readCad, writeCad } from "../../src/mixed/cad/index.js";
import { fixture } from "../helpers.js";
import { mutate, mutations, RUNS } from "./mutate.js";

function expectLocated(diagnostics: readonly Diagnostic[], text: string): void {
  for (const d of diagnostics) {
    expect(d.code).toMatch(/^[A-Z]{3}\d{3}$/);
    expect(d.start).toBeGreaterThanOrEqual(0);
    expect(d.start).toBeLessThanOrEqual(text.length);
    expect(d.end).toBeGreaterThanOrEqual(d.start);
    expect(d.end).toBeLessThanOrEqual(text.length);
  }
}

const fileName = (ext: string) =>
  fc.stringMatching(/^[A-Za-z0-9_\-.а-я]{1,12}$/).map((s) => `${s}${ext}`);
const real = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
const matrix = fc.array(real, { minLength: 12, maxLength: 12 });

const amxModel: fc.Arbitrary<MixedAnimation> = fc.record({
  mbs: fileName(".amb"),
  bodies: fc.uniqueArray(
    fc.record({
      body: fc.integer({ min: 1, max: 100000 }),
      variantInUse: fc.nat({ max: 3 }),
      animations: fc.array(
        fc.record({
          type: fc.integer({ min: 0, max: 1 }),
          scalarParam: fc.constant(0),
          vectorParam: fc.constant(0),
          file: fileName(".agr"),
          matrix,
        }),
        { minLength: 1, maxLength: 4 },
      ),
    }),
    { selector: (b) => b.body, maxLength: 6 },
  ),
});

const cadModel: fc.Arbitrary<CadMatrices> = fc.record({
  bodies: fc.uniqueArray(
    fc.record({
      body: fc.integer({ min: 1, max: 100000 }),
      solvers: fc.array(
        fc.boolean().chain((hasCad) =>
          fc.record({
            type: fc.integer({ min: 0, max: 1 }),
            hasCad: fc.constant(hasCad),
            matrix: hasCad ? matrix : fc.constant(null),
          }),
        ),
        { maxLength: 3 },
      ),
    }),
    { selector: (b) => b.body, maxLength: 8 },
  ),
});

describe(".amx property tests", () => {
  it("parse(write(m)) equals m", () => {
    fc.assert(
      fc.property(amxModel, (m) => {
        expect(readAmx(writeAmx(m)).model).toEqual(m);
      }),
      { numRuns: RUNS },
    );
  });

  it("mutated seed files never throw, and every diagnostic is located inside the file", () => {
    const seeds = [fixture("seed/seed-flat.amx"), fixture("seed/seed-lines.amx")];
    fc.assert(
      fc.property(fc.constantFrom(...seeds), mutations, (seed, edits) => {
        const text = mutate(seed, edits);
        const r = readAmx(text);
        expectLocated(r.diagnostics, text);
      }),
      { numRuns: RUNS },
    );
  });

  it("random text never throws", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        expectLocated(readAmx(text).diagnostics, text);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("CAD_Matrixes.dat property tests", () => {
  it("parse(write(m)) equals m", () => {
    fc.assert(
      fc.property(cadModel, (m) => {
        expect(readCad(writeCad(m)).model).toEqual(m);
      }),
      { numRuns: RUNS },
    );
  });

  it("mutated seed files never throw, and every diagnostic is located inside the file", () => {
    const seed = fixture("seed/CAD_Matrixes.dat");
    fc.assert(
      fc.property(mutations, (edits) => {
        const text = mutate(seed, edits);
        expectLocated(readCad(text).diagnostics, text);
      }),
      { numRuns: RUNS },
    );
  });

  it("random text never throws", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        expectLocated(readCad(text).diagnostics, text);
      }),
      { numRuns: RUNS },
    );
  });
});
