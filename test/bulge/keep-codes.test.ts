/** Codes are stable: `rm` and `merge` never change a surviving definition's code (issue 19). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BulgeDefinition,
  mergeCatalogues,
  readBulgeTypes,
  removeDefinition,
  removeKeepingCodes,
} from "../../src/bulge/catalogue/index.js";
import { propertyRuns } from "../helpers.js";

const OK = "angle: 0\n0 0 0\n1 1 0\n";

/** Name → code of the lister's definitions. */
function codes(text: string): [string, number][] {
  return readBulgeTypes(text).model.bulges.map((d) => [d.name, d.code]);
}

describe("bulge rm keeps every other code", () => {
  // decision 230
  it("removing code 2 leaves the next duplicate on 3 (it turned into 2)", () => {
    const text = `bulge: "A" code: 0 ${OK}bulge: "B" code: 1 ${OK}bulge: "X" code: 2 ${OK}bulge: "C" code: 0 ${OK}`;
    expect(codes(text)).toEqual([
      ["A", 0],
      ["B", 1],
      ["X", 2],
      ["C", 3],
    ]);
    const r = removeKeepingCodes(text, 2)!;
    expect(r.keeps).toBe(true);
    expect(codes(r.text)).toEqual([
      ["A", 0],
      ["B", 1],
      ["C", 3],
    ]);
    // Only C's written code changed; the note points at it in the new text.
    expect(r.text).toBe(`bulge: "A" code: 0 ${OK}bulge: "B" code: 1 ${OK}bulge: "C" code: 3 ${OK}`);
    expect(r.pinned.map((d) => [d.code, r.text.slice(d.start, d.end), d.args])).toEqual([
      ["BLG022", "3", { bulge: '"C"', code: 3, written: 0 }],
    ]);
    expect(removeDefinition(text, 2)).toBe(r.text);
  });

  // decision 230
  it("removing the first holder of a written code does not hand it to the duplicate", () => {
    const text = `bulge: "A" code: 0 ${OK}bulge: "X" code: 2 ${OK}bulge: "C" code: 2 ${OK}`;
    expect(codes(text)).toEqual([
      ["A", 0],
      ["X", 2],
      ["C", 1],
    ]);
    expect(codes(removeDefinition(text, 2)!)).toEqual([
      ["A", 0],
      ["C", 1],
    ]);
  });

  it("a cut that keeps every code alone changes no other byte", () => {
    const text = `bulge: "A" code: 0 ${OK}bulge: "C" code: 0 ${OK}bulge: "X" code: 7 ${OK}`;
    const r = removeKeepingCodes(text, 7)!;
    expect(r.pinned).toEqual([]);
    expect(r.text).toBe(`bulge: "A" code: 0 ${OK}bulge: "C" code: 0 ${OK}`);
  });

  it("a definition sharing a line with its neighbours is cut alone", () => {
    const text = `bulge: "A" code: 0 angle: 0 0 0 0 1 1 0 bulge: "X" code: 1 angle: 0 0 0 0 1 1 0 bulge: "B" code: 2 ${OK}`;
    const out = removeDefinition(text, 1)!;
    expect(out).toBe(`bulge: "A" code: 0 angle: 0 0 0 0 1 1 0 bulge: "B" code: 2 ${OK}`);
  });
});

/** One definition's text: a valid one, or (bad) one the lister omits. */
const definitionArb = fc.record({
  name: fc.constantFrom("A", "B", "C", "D", "E", "F"),
  code: fc.integer({ min: 0, max: 6 }),
  bad: fc.integer({ min: 0, max: 9 }).map((v) => v < 3),
  comment: fc.boolean(),
  sameLine: fc.boolean(),
  y: fc.integer({ min: -5, max: 5 }).map((v) => v / 10),
});

type DefinitionText = typeof definitionArb extends fc.Arbitrary<infer T> ? T : never;

function catalogueText(defs: readonly DefinitionText[]): string {
  return defs
    .map((d) => {
      const body = d.bad
        ? "angle: 0\n0.5 0 0\n1 1 0\n"
        : `angle: 0\n0 0 0\n0.5 0.5 ${d.y}\n1 1 0\n`;
      const head = `${d.comment ? "# about it\n" : ""}bulge: "${d.name}" code: ${d.code}`;
      return `${head}${d.sameLine ? " " : "\n"}${d.sameLine ? body.replace(/\n/g, " ") : body}`;
    })
    .join("");
}

/** The lister's definitions without their lines. */
function shapes(defs: readonly BulgeDefinition[]): BulgeDefinition[] {
  return defs.map((d) => ({ ...d, line: 0 }));
}

describe("properties: rm and merge never change a surviving code", () => {
  // decision 230
  it("rm: every other listed definition keeps its name, code and shape", () => {
    fc.assert(
      fc.property(fc.array(definitionArb, { minLength: 1, maxLength: 9 }), fc.nat(), (defs, k) => {
        const text = catalogueText(defs);
        const before = readBulgeTypes(text).model.bulges;
        fc.pre(before.length > 0);
        const gone = before[k % before.length]!;
        const after = removeKeepingCodes(text, gone.code)!;
        expect(after.keeps).toBe(true);
        expect(shapes(readBulgeTypes(after.text).model.bulges)).toEqual(
          shapes(before.filter((d) => d !== gone)),
        );
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  // decision 231
  it("merge: A's codes never change; B's change only where reported (BLG023)", () => {
    fc.assert(
      fc.property(
        fc.array(definitionArb, { maxLength: 8 }),
        fc.array(definitionArb, { maxLength: 8 }),
        (da, db) => {
          const a = readBulgeTypes(catalogueText(da.filter((d) => !d.bad))).model;
          const rb = readBulgeTypes(catalogueText(db.filter((d) => !d.bad)));
          const m = mergeCatalogues(a, rb.model, rb.spans);
          const merged = m.catalogue.bulges;
          expect(shapes(merged.slice(0, a.bulges.length))).toEqual(shapes(a.bulges));
          const fromB = merged.slice(a.bulges.length);
          expect(fromB.length + m.identical.length).toBe(rb.model.bulges.length);
          const changed = fromB.filter((d) => !rb.model.bulges.some((x) => x.code === d.code));
          expect(m.changed).toHaveLength(changed.length);
          for (const d of m.changed) expect(d.code).toBe("BLG023");
          expect(new Set(merged.map((d) => d.code)).size).toBe(merged.length);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });
});

/** A catalogue of `n` distinct definitions with codes from `first`. */
function big(n: number, first: number, name: string): string {
  let s = "";
  for (let i = 0; i < n; i++) s += `bulge: "${name}${i}" code: ${first + i}\n${OK}`;
  return s;
}

/**
 * How often a merge of two catalogues of `n` definitions each (half of B's
 * codes taken by A) reads a definition of A: each read of a name counts, so
 * the work is counted, not timed.
 */
function mergeWork(n: number): number {
  let reads = 0;
  const a = readBulgeTypes(big(n, 0, "a")).model;
  for (const d of a.bulges) {
    const name = d.name;
    Object.defineProperty(d, "name", {
      get: () => {
        reads++;
        return name;
      },
    });
  }
  const b = readBulgeTypes(big(n, n / 2, "b")).model;
  const m = mergeCatalogues(a, b);
  expect(m.catalogue.bulges).toHaveLength(2 * n);
  expect(m.changed).toHaveLength(n / 2);
  return reads;
}

describe("merge is near linear (issue 23, item 4)", () => {
  // decision 232
  it("twice the definitions, at most about twice the work (it was four times: A scanned per B)", () => {
    // Sizes whose findings (n / 2 BLG023) stay within the 1,000 kept per code.
    const ratio = mergeWork(2000) / mergeWork(1000);
    expect(ratio).toBeLessThan(2.5);
  });
});
