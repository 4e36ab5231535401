/** Catalogue operations: merge (codes reassigned, nothing lost), remove (text edit), free codes. */
import { describe, expect, it } from "vitest";
import {
  defaultCatalogue,
  freeCode,
  GENERIC_BULGE,
  mergeCatalogues,
  readBulgeTypes,
  removeDefinition,
  validateCatalogue,
} from "../../src/bulge/catalogue/index.js";

const OK = "angle: 0\n0 0 0\n1 1 0\n";

describe("mergeCatalogues", () => {
  it("keeps A's codes, gives B's colliding ones the smallest code neither uses, loses nothing", () => {
    const a = readBulgeTypes(`bulge: "A" code: 0 ${OK}bulge: "B" code: 2 ${OK}`).model;
    const b = readBulgeTypes(
      `bulge: "C" code: 0 ${OK}bulge: "D" code: 1 ${OK}bulge: "E" code: 2 ${OK}`,
    ).model;
    const m = mergeCatalogues(a, b);
    expect(m.catalogue.bulges.map((d) => [d.name, d.code, d.line])).toEqual([
      ["A", 0, 0],
      ["B", 2, 0],
      ["C", 3, 0],
      ["D", 1, 0],
      ["E", 4, 0],
    ]);
    expect(m.reassigned.map((e) => [e.name, e.line, e.oldCode, e.newCode])).toEqual([
      ["C", 1, 0, 3],
      ["E", 7, 2, 4],
    ]);
    expect(validateCatalogue(m.catalogue)).toEqual([]);
    // The inputs are unchanged.
    expect(b.bulges.map((d) => d.code)).toEqual([0, 1, 2]);
  });

  it("a catalogue merged with itself is itself", () => {
    const d = defaultCatalogue();
    const m = mergeCatalogues(d, defaultCatalogue());
    expect(m.catalogue.bulges.map((x) => x.name)).toEqual(d.bulges.map((x) => x.name));
    expect(m.identical).toHaveLength(d.bulges.length);
    expect(m.reassigned).toEqual([]);
  });
});

describe("removeDefinition", () => {
  it("cuts the lister's definition of that code and keeps every other byte", () => {
    const text = `bulge: "A" code: 1 ${OK}\nbulge: "Bad" code: 1\nbulge: "B" code: 2 ${OK}`;
    expect(removeDefinition(text, 1)).toBe(`bulge: "Bad" code: 1\nbulge: "B" code: 2 ${OK}`);
    expect(removeDefinition(text, 2)).toBe(`bulge: "A" code: 1 ${OK}\nbulge: "Bad" code: 1\n`);
  });

  it("removes the definition with the final code (after reassignment)", () => {
    const text = `bulge: "A" code: 1 ${OK}bulge: "B" code: 1 ${OK}`;
    expect(removeDefinition(text, 0)).toBe(`bulge: "A" code: 1 ${OK}`);
  });

  it("undefined when no listed definition has the code (an omitted one's code is not listed)", () => {
    expect(removeDefinition(`bulge: "Bad" code: 3\n`, 3)).toBeUndefined();
  });
});

describe("codes", () => {
  it("freeCode is the smallest code the catalogue does not use", () => {
    expect(freeCode(defaultCatalogue())).toBe(0);
    expect(freeCode({ bulges: [{ ...GENERIC_BULGE, code: 0 }], errlog: [] })).toBe(1);
  });
});
