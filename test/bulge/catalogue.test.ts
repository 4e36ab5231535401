/** `bulge_types`: the manual's example, every restriction and decision of the spec (one case each), the writer, the default catalogue. */
import { describe, expect, it } from "vitest";
import {
  BLG,
  type BulgeCatalogue,
  DEFAULT_BULGES,
  defaultBulgeTypes,
  definitionSpansOf,
  GENERIC_BULGE,
  mergeCatalogues,
  openEndWarnings,
  readBulgeTypes,
  removeKeepingCodes,
  validateCatalogue,
  validateDefinition,
  writeBulgeTypes,
  writeErrlog,
  writtenLines,
} from "../../src/bulge/catalogue/index.js";
import { fixture, where } from "../helpers.js";

/** A definition text with one section from `keypoints` (rows of three numbers). */
function one(keypoints: string, head = 'bulge: "B" code: 1\n  angle: 0\n'): string {
  return `${head}${keypoints}\n`;
}

/** Every code a test below saw reported (the last test checks all are). */
const seen = new Set<string>();

function note<T extends { code: string }>(diagnostics: readonly T[]): readonly T[] {
  for (const d of diagnostics) seen.add(d.code);
  return diagnostics;
}

/** Codes of a read's diagnostics. */
function codes(text: string): string[] {
  return note(readBulgeTypes(text).diagnostics).map((d) => d.code);
}

/** Reads `text` and expects the definition left out, with `code` as its (first) problem, located at `needle`. */
function omitted(text: string, code: string, needle: string): void {
  const r = readBulgeTypes(text);
  note(r.diagnostics);
  expect(r.model.bulges).toEqual([]);
  expect(r.model.errlog).toHaveLength(1);
  expect(r.model.errlog[0]!.kind).toBe("omitted");
  expect(r.diagnostics[0]!.code).toBe(code);
  expect(text.slice(r.diagnostics[0]!.start, r.diagnostics[0]!.end)).toBe(needle);
}

const OK = "0 0 0\n1 1 0";

describe("the manual's example (seed, typographic quotes, trailing blanks)", () => {
  it('lists "Generic" code 5 with its two sections exactly, and an empty error log', () => {
    const r = readBulgeTypes(fixture("bulge/manual-generic.bulge_types"));
    expect(r.diagnostics).toEqual([]);
    expect(r.model).toEqual({
      bulges: [
        {
          name: "Generic",
          code: 5,
          line: 1,
          sections: [
            {
              angle: 0,
              keypoints: [
                [0, 0, 0.008335],
                [0.5, 0.5, 0.25],
                [1, 1, 0],
              ],
            },
            {
              angle: 180,
              keypoints: [
                [0, 0, 0],
                [1, 1, 0],
              ],
            },
          ],
        },
      ],
      errlog: [],
    });
  });

  it("the keypoint example of the manual's text (x ≠ u at the end) is a complete section", () => {
    const r = readBulgeTypes(
      'bulge: "K" code: 0\nangle: 0\n0.000000 0.000000 0.000000\n0.291667 0.291667 0.012503\n0.629167 0.629167 0.120864\n1.000000 0.954167 0.012503\n',
    );
    expect(r.model.errlog).toEqual([]);
    expect(r.model.bulges[0]!.sections[0]!.keypoints[3]).toEqual([1, 0.954167, 0.012503]);
  });
});

describe("a catalogue mixing good and ill-defined definitions", () => {
  const r = readBulgeTypes(fixture("bulge/mixed.bulge_types"));

  it("lists exactly the good ones, in file order, with their final codes", () => {
    expect(r.model.bulges.map((d) => [d.name, d.code, d.line])).toEqual([
      ["Good", 3, 3],
      ["Twin", 0, 14],
      ["Also twin", 2, 22],
      ["Last", 1, 32],
    ]);
  });

  // decision 52
  it("logs every omission and reassignment, in line order, with name and line", () => {
    expect(r.model.errlog.map((e) => [e.kind, e.line, e.name, e.oldCode, e.newCode])).toEqual([
      ["omitted", 8, "Lost", undefined, undefined],
      ["code-reassigned", 14, "Twin", 3, 0],
      ["omitted", 20, "No sections", undefined, undefined],
      ["code-reassigned", 22, "Also twin", 3, 2],
      // decision 234: an unquoted name still names the entry
      ["omitted", 27, "Unquoted", undefined, undefined],
    ]);
    expect(r.model.errlog[0]!.message).toContain("y 0.9 is outside [-0.5, 0.5]");
    expect(r.model.errlog[1]!.message).toContain("code 0 assigned");
  });

  it("every log entry is also a located diagnostic (errors for omissions, warnings for new codes)", () => {
    expect(where(r.diagnostics, fixture("bulge/mixed.bulge_types"))).toEqual([
      "BLG015@11:17",
      "BLG020@14:21",
      "BLG008@20:1",
      "BLG020@22:26",
      "BLG002@27:8",
    ]);
    expect(r.diagnostics.map((d) => d.severity)).toEqual([
      "error",
      "warning",
      "error",
      "warning",
      "error",
    ]);
  });
});

describe("decisions of the spec", () => {
  it("recovery: an ill-defined definition is skipped up to the next 'bulge:'; what follows is read", () => {
    const r = readBulgeTypes(
      `bulge: "A" code: 1 angle: x 0 0 0 1 1 0\nbulge: "B" code: 2 angle: 0 ${OK}\n`,
    );
    expect(r.model.bulges.map((d) => d.name)).toEqual(["B"]);
    expect(r.model.errlog).toMatchObject([{ kind: "omitted", line: 1, name: "A" }]);
  });

  it("recovery: a 'bulge:' where a value is due starts the next definition", () => {
    const r = readBulgeTypes(`bulge: "A" code:\nbulge: "B" code: 2 angle: 0 ${OK}\n`);
    expect(r.model.bulges.map((d) => d.name)).toEqual(["B"]);
    expect(r.model.errlog).toMatchObject([{ kind: "omitted", line: 1, name: "A" }]);
  });

  it("an omitted definition's code is free: a duplicate takes it", () => {
    const r = readBulgeTypes(
      `bulge: "Bad" code: 0 angle: 0 0 0 0\nbulge: "A" code: 5 angle: 0 ${OK}\nbulge: "B" code: 5 angle: 0 ${OK}\n`,
    );
    expect(r.model.bulges.map((d) => [d.name, d.code])).toEqual([
      ["A", 5],
      ["B", 0],
    ]);
  });

  it("duplicates: the first keeps the code; a later one gets the smallest code no complete definition uses", () => {
    const r = readBulgeTypes(
      `bulge: "A" code: 0 angle: 0 ${OK}\nbulge: "B" code: 0 angle: 0 ${OK}\nbulge: "C" code: 1 angle: 0 ${OK}\n`,
    );
    expect(r.model.bulges.map((d) => d.code)).toEqual([0, 2, 1]);
    expect(r.model.errlog).toMatchObject([
      { kind: "code-reassigned", line: 3, name: "B", oldCode: 0, newCode: 2 },
    ]);
  });

  // decision 51
  it("comments (first non-blank '#') and blank lines are free; '#' elsewhere is a character", () => {
    const r = readBulgeTypes(
      `# catalogue\n\n\n   # indented comment\nbulge: "A#1" code: 4\n# between\n\n  angle: 0\n# in a section\n${OK}\n\n`,
    );
    expect(r.model.errlog).toEqual([]);
    expect(r.model.bulges.map((d) => [d.name, d.code])).toEqual([["A#1", 4]]);
  });

  it("any whitespace separates tokens: one line, tabs, CR LF", () => {
    const r = readBulgeTypes(`bulge:\t"A" code: 1\r\nangle: 0 0 0 0 1 1 0`);
    expect(r.model.errlog).toEqual([]);
    expect(r.model.bulges[0]!.sections[0]!.keypoints).toEqual([
      [0, 0, 0],
      [1, 1, 0],
    ]);
  });

  it("a keyword with blanks before its colon is accepted; a value may follow the colon directly", () => {
    const r = readBulgeTypes(`bulge : "A" code :7 angle  :0\n${OK}\n`);
    expect(r.model.bulges.map((d) => d.code)).toEqual([7]);
  });

  it("keywords are case-sensitive", () => {
    omitted(`bulge: "A" Code: 1 angle: 0 ${OK}\n`, "BLG004", "Code:");
  });

  // decision 48
  it("typographic quotes “…” are accepted and written straight", () => {
    const r = readBulgeTypes(`bulge: “Big one” code: 1 angle: 0 ${OK}\n`);
    expect(r.model.bulges[0]!.name).toBe("Big one");
    expect(writeBulgeTypes(r.model)).toContain('bulge: "Big one" code: 1');
  });

  // decision 48
  it("a mixed pair of quotes closes the name (neither closing quote can be in a name)", () => {
    expect(readBulgeTypes(`bulge: “Mixed" code: 1 angle: 0 ${OK}\n`).model.bulges[0]!.name).toBe(
      "Mixed",
    );
  });

  // decision 50
  it("angle 360 is the direction of 0: both in one definition is a repeated angle", () => {
    omitted(`bulge: "A" code: 1 angle: 0 ${OK} angle: 360 ${OK}\n`, "BLG010", "360");
  });

  // decision 52
  it("stray text before the first definition is one omitted entry without a name", () => {
    const r = readBulgeTypes(`hello world\nbulge: "A" code: 1 angle: 0 ${OK}\n`);
    expect(r.model.bulges.map((d) => d.name)).toEqual(["A"]);
    expect(r.model.errlog).toEqual([
      {
        kind: "omitted",
        line: 1,
        message:
          "expected 'bulge:' to begin a definition, found 'hello'; skipped up to the next 'bulge:'",
      },
    ]);
    expect(codes(`hello\n`)).toEqual(["BLG001"]);
  });

  it("an empty file is an empty catalogue", () => {
    expect(readBulgeTypes("")).toMatchObject({
      model: { bulges: [], errlog: [] },
      diagnostics: [],
    });
  });

  it("the sections of one definition need not have the same number of keypoints", () => {
    const r = readBulgeTypes(one(`${OK}\nangle: 90\n0 0 0\n0.5 0.5 0.1\n1 1 0`));
    expect(r.model.bulges[0]!.sections.map((s) => s.keypoints.length)).toEqual([2, 3]);
  });
});

describe("restrictions: each makes the definition ill-defined, located at the value", () => {
  // decision 234
  it("BLG002: the name must be in double quotes (the error log still names it)", () => {
    omitted(`bulge: Generic code: 5 angle: 0 ${OK}\n`, "BLG002", "Generic");
    expect(readBulgeTypes(`bulge: Generic code: 5 angle: 0 ${OK}\n`).model.errlog[0]!.name).toBe(
      "Generic",
    );
  });
  it("BLG002: the name must be closed on its line", () => {
    omitted(`bulge: "Generic code: 5\nangle: 0 ${OK}\n`, "BLG002", '"Generic code: 5');
  });
  it("BLG003: a character outside ASCII 32–126 (a tab)", () => {
    omitted(`bulge: "a\tb" code: 5 angle: 0 ${OK}\n`, "BLG003", '"a\tb"');
  });
  it("BLG003: a non-ASCII character", () => {
    omitted(`bulge: "Bíceps" code: 5 angle: 0 ${OK}\n`, "BLG003", '"Bíceps"');
  });
  // decision 49
  it("BLG003: an empty name", () => {
    omitted(`bulge: "" code: 5 angle: 0 ${OK}\n`, "BLG003", '""');
  });
  it("BLG003: a straight quote inside typographic ones", () => {
    // “a"b” — the straight quote closes the name, so what follows is out of place.
    omitted(`bulge: “a"b” code: 5 angle: 0 ${OK}\n`, "BLG004", "b”");
  });
  it("BLG004: 'code:' must follow the name", () => {
    omitted(`bulge: "A" 5 angle: 0 ${OK}\n`, "BLG004", "5");
  });
  it("BLG005: the code is an integer ≥ 0 (a negative one)", () => {
    omitted(`bulge: "A" code: -1 angle: 0 ${OK}\n`, "BLG005", "-1");
  });
  it("BLG005: the code is an integer (with a point)", () => {
    omitted(`bulge: "A" code: 5.0 angle: 0 ${OK}\n`, "BLG005", "5.0");
  });
  it("BLG006: the angle is an integer", () => {
    omitted(`bulge: "A" code: 1 angle: 45.5 ${OK}\n`, "BLG006", "45.5");
  });
  it("BLG006: the angle is at most 360", () => {
    omitted(`bulge: "A" code: 1 angle: 361 ${OK}\n`, "BLG006", "361");
  });
  it("BLG007: a keypoint value must be a finite real", () => {
    omitted(one("0 0 0\n1 nan 0"), "BLG007", "nan");
  });
  it("BLG007: a keypoint has three values", () => {
    omitted(one("0 0 0\n1 1"), "BLG007", "");
  });
  it("BLG008: at least one section", () => {
    omitted(`bulge: "A" code: 1\n`, "BLG008", "bulge:");
  });
  it("BLG009: at least two keypoints per section", () => {
    omitted(one("0 0 0"), "BLG009", "0");
  });
  it("BLG010: angles of one definition are distinct", () => {
    omitted(one(`${OK}\nangle: 0\n${OK}`), "BLG010", "0");
  });
  it("BLG011: the first keypoint is at bone position 0.0", () => {
    omitted(one("0.1 0.1 0\n1 1 0"), "BLG011", "0.1");
  });
  it("BLG012: the last keypoint is at bone position 1.0", () => {
    omitted(one("0 0 0\n0.9 0.9 0"), "BLG012", "0.9");
  });
  it("BLG013: the first value strictly increases", () => {
    omitted(one("0 0 0\n0.5 0.4 0\n0.5 0.6 0\n1 1 0"), "BLG013", "0.5");
  });
  it("BLG013: the second value strictly increases", () => {
    omitted(one("0 0 0\n0.4 0.5 0\n0.6 0.5 0\n1 1 0"), "BLG013", "0.5");
  });
  it("BLG014: the first two values lie in [0, 1] (the bounds are allowed)", () => {
    omitted(one("0 0 0\n0.5 1.5 0\n1 1 0"), "BLG014", "1.5");
    expect(codes(one("0 0 -0.5\n1 1 0.5"))).toEqual([]);
  });
  it("BLG015: the third value lies in [−0.5, 0.5]", () => {
    omitted(one("0 0 0\n0.5 0.5 -0.51\n1 1 0"), "BLG015", "-0.51");
  });
  // decision 53
  it("BLG020: a reassigned code is a warning and the definition is listed", () => {
    const r = readBulgeTypes(
      `bulge: "A" code: 1 angle: 0 ${OK}\nbulge: "B" code: 1 angle: 0 ${OK}\n`,
    );
    expect(note(r.diagnostics).map((d) => [d.code, d.severity])).toEqual([["BLG020", "warning"]]);
    expect(r.model.bulges).toHaveLength(2);
  });
  it("BLG021: a catalogue made in memory with a code twice", () => {
    const c: BulgeCatalogue = {
      bulges: [GENERIC_BULGE, { ...GENERIC_BULGE, name: "Copy" }],
      errlog: [],
    };
    expect(note(validateCatalogue(c)).map((d) => d.code)).toEqual(["BLG021"]);
  });
  it("BLG022: a removal writes the code a reassigned definition keeps (an info)", () => {
    const text = `bulge: "A" code: 0 angle: 0 ${OK}\nbulge: "X" code: 2 angle: 0 ${OK}\nbulge: "C" code: 2 angle: 0 ${OK}\n`;
    const r = removeKeepingCodes(text, 2)!;
    expect(note(r.pinned).map((d) => [d.code, d.severity, r.text.slice(d.start, d.end)])).toEqual([
      ["BLG022", "info", "1"],
    ]);
  });
  it("BLG023: a merge that would change a code of the second catalogue", () => {
    const a = readBulgeTypes(`bulge: "A" code: 4 angle: 0 ${OK}\n`).model;
    const b = readBulgeTypes(`bulge: "B" code: 4 angle: 0 ${OK}\n`);
    const m = mergeCatalogues(a, b.model, b.spans);
    expect(note(m.changed).map((d) => [d.code, d.severity, d.args])).toEqual([
      ["BLG023", "error", { bulge: '"B"', code: 4, new: 0, other: '"A"' }],
    ]);
  });
});

describe("validate (in memory)", () => {
  it("reports every problem of a definition, at offset 0", () => {
    const d = validateDefinition({
      name: "x\u00e9",
      code: -2,
      line: 0,
      sections: [{ angle: 400, keypoints: [[0.2, 0.2, 0.9]] }],
    });
    expect(d.map((x) => x.code)).toEqual([
      "BLG003",
      "BLG005",
      "BLG006",
      "BLG009",
      "BLG015",
      "BLG011",
    ]);
    expect(d.every((x) => x.start === 0 && x.end === 0)).toBe(true);
  });
  it("spans of an in-memory definition mirror its sections and keypoints", () => {
    const s = definitionSpansOf(GENERIC_BULGE);
    expect(s.sections.map((x) => x.keypoints.length)).toEqual([3, 2]);
  });
});

describe("writer", () => {
  // decision 54
  it("writes the canonical layout (4/8/12 indents, six decimals, blank lines, final newline)", () => {
    expect(writeBulgeTypes({ bulges: [GENERIC_BULGE] })).toBe(
      [
        '    bulge: "Generic" code: 5',
        "        angle: 0",
        "            0.000000 0.000000 0.008335",
        "            0.500000 0.500000 0.250000",
        "            1.000000 1.000000 0.000000",
        "",
        "        angle: 180",
        "            0.000000 0.000000 0.000000",
        "            1.000000 1.000000 0.000000",
        "",
      ].join("\n"),
    );
  });

  // decision 54
  it("a value six decimals cannot hold is written with as many as it needs", () => {
    const def = {
      ...GENERIC_BULGE,
      sections: [
        {
          angle: 0,
          keypoints: [
            [0, 0, 0.1234567],
            [1, 1, -0],
          ] as [number, number, number][],
        },
      ],
    };
    const text = writeBulgeTypes({ bulges: [def] });
    expect(text).toContain("0.1234567");
    expect(Object.is(readBulgeTypes(text).model.bulges[0]!.sections[0]!.keypoints[1]![2], -0)).toBe(
      true,
    );
  });

  it("read(write(c)) gives the definitions back, on the lines the writer put them", () => {
    const c = { bulges: [...DEFAULT_BULGES], errlog: [] };
    const r = readBulgeTypes(writeBulgeTypes(c));
    expect(r.model.errlog).toEqual([]);
    expect(r.model.bulges.map((d) => d.line)).toEqual(writtenLines(c));
    expect(r.model.bulges.map((d) => ({ ...d, line: 0 }))).toEqual(c.bulges);
  });

  it("an empty catalogue is an empty file", () => {
    expect(writeBulgeTypes({ bulges: [] })).toBe("");
  });

  it("the errlog file: one line per entry with file, line, kind, name and codes", () => {
    const r = readBulgeTypes(fixture("bulge/mixed.bulge_types"));
    const lines = writeErrlog(r.model.errlog, "bulge_types").split("\n");
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^bulge_types:8: omitted "Lost": /);
    expect(lines[1]).toMatch(/^bulge_types:14: code-reassigned "Twin" \(3 → 0\): /);
    expect(lines[4]).toMatch(/^bulge_types:27: omitted "Unquoted": expected the bulge name/);
    expect(writeErrlog([])).toBe("");
  });
});

describe("the default catalogue", () => {
  const r = readBulgeTypes(defaultBulgeTypes());

  it("lints clean: no diagnostics, an empty error log", () => {
    expect(r.diagnostics).toEqual([]);
    expect(r.model.errlog).toEqual([]);
  });

  it('holds the manual\'s "Generic" code 5 exactly, first', () => {
    expect({ ...r.model.bulges[0]!, line: 0 }).toEqual(GENERIC_BULGE);
  });

  it("and at least four more distinct shapes with distinct names and codes", () => {
    const others = r.model.bulges.slice(1);
    expect(others.length).toBeGreaterThanOrEqual(4);
    expect(new Set(r.model.bulges.map((d) => d.name)).size).toBe(r.model.bulges.length);
    expect(new Set(r.model.bulges.map((d) => d.code)).size).toBe(r.model.bulges.length);
    const shapes = new Set(r.model.bulges.map((d) => JSON.stringify(d.sections)));
    expect(shapes.size).toBe(r.model.bulges.length);
    // Each is a real bulge: some keypoint moves the skin.
    for (const d of others)
      expect(d.sections.some((s) => s.keypoints.some((k) => k[2] !== 0))).toBe(true);
  });
});

describe("open ends (BLG030)", () => {
  it("the manual's Generic starts at y 0.008335: a warning at that value; closed sections none", () => {
    const text = writeBulgeTypes({ bulges: [GENERIC_BULGE] });
    const r = readBulgeTypes(text);
    const w = note(openEndWarnings(r.model.bulges[0]!, r.spans[0]));
    expect(w.map((d) => [d.code, d.severity, text.slice(d.start, d.end)])).toEqual([
      ["BLG030", "warning", "0.008335"],
    ]);
  });
});

describe("coverage of the code table", () => {
  it("every code of the table is exercised above", () => {
    expect(
      Object.values(BLG)
        .filter((k) => !seen.has(k.code))
        .map((k) => k.code),
    ).toEqual([]);
  });
});
