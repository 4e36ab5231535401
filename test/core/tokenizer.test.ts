import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatFloat32,
  NumberForm,
  numberForm,
  parseNumber,
  TokenCursor,
} from "../../src/core/index.js";
import { propertyRuns } from "../helpers.js";

const value = (s: string) => parseNumber(s, 0, s.length);
const form = (s: string) => numberForm(s, 0, s.length);

describe("TokenCursor", () => {
  it("splits on spaces, tabs, LF, CR LF and keeps offsets", () => {
    const text = "a\tbb\r\nccc  d\n";
    const c = new TokenCursor(text);
    const seen: [string, number, number][] = [];
    while (c.next()) seen.push([c.token(), c.start, c.end]);
    expect(seen).toEqual([
      ["a", 0, 1],
      ["bb", 2, 4],
      ["ccc", 6, 9],
      ["d", 11, 12],
    ]);
    expect(c.start).toBe(text.length);
  });
});

describe("numbers", () => {
  it("classifies integer and real forms as the spec says", () => {
    expect(form("42")).toBe(NumberForm.Integer);
    for (const s of ["-0.99999", "1e-3", "1E+02", ".5", "1.", "+2", "-1", "1.0"]) {
      expect(form(s), s).toBe(NumberForm.Real);
    }
    for (const s of ["nan", "inf", "-", ".", "1e", "1e+", "1.2.3", "0x10", "1,5", "e5"]) {
      expect(form(s), s).toBe(NumberForm.None);
    }
  });

  it("reads every double exactly as Number() does, signs included", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (v) => {
        const s = String(v);
        expect(Object.is(value(s), Number(s))).toBe(true);
        expect(Object.is(value(v.toExponential(12)), Number(v.toExponential(12)))).toBe(true);
        expect(Object.is(value(v.toFixed(6)), Number(v.toFixed(6)))).toBe(true);
      }),
      { numRuns: propertyRuns(500) },
    );
    expect(value("-5e-324")).toBe(-5e-324);
    expect(value("0.1")).toBe(0.1);
    expect(value("123456789012345678901")).toBe(Number("123456789012345678901"));
    expect(value("abc")).toBeNaN();
  });
});

describe("formatFloat32", () => {
  it("writes the shortest text that reads back to the same float32", () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (v) => {
        const s = formatFloat32(v);
        expect(Object.is(Math.fround(Number(s)), v)).toBe(true);
        // Integers are written in full, as integers; other values in at most 9 significant digits.
        if (Number.isInteger(v) && Math.abs(v) < 1e15) {
          expect(s).toBe(Object.is(v, -0) ? "-0" : String(v));
        } else {
          const digits = s
            .replace(/^-/, "")
            .replace(/e.*$/, "")
            .replace(".", "")
            .replace(/^0+/, "");
          expect(digits.length).toBeLessThanOrEqual(9);
        }
      }),
      { numRuns: propertyRuns(1000) },
    );
    expect(formatFloat32(Math.fround(0.1))).toBe("0.1");
    expect(formatFloat32(Math.fround(1.5e-7))).toBe("1.5e-7");
    expect(formatFloat32(-0)).toBe("-0");
  });
});

describe("TokenCursor.nextNumber", () => {
  it("reads the same tokens and values as next() and number()", () => {
    const token = fc.oneof(
      fc.double({ noNaN: true }).map(String),
      fc.float().map((v) => v.toPrecision(7)),
      fc.integer().map(String),
      fc.constantFrom(
        "-0",
        "+.5",
        "1.",
        ".",
        "-",
        "1e5",
        "1E-3",
        "nan",
        "x",
        "0.000000000000000000000001",
        "12345678901234567890",
      ),
    );
    const separator = fc.constantFrom(" ", "\n", "\r\n", "\t", "  ");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(token, separator), { maxLength: 20 }),
        fc.boolean(),
        (parts, lead) => {
          const text = (lead ? " " : "") + parts.map(([t, s]) => t + s).join("");
          const a = new TokenCursor(text);
          const b = new TokenCursor(text);
          for (;;) {
            const more = a.next();
            const v = b.nextNumber();
            expect([b.start, b.end]).toEqual([a.start, a.end]);
            if (!more) break;
            expect(Object.is(v, a.number())).toBe(true);
          }
        },
      ),
      { numRuns: propertyRuns(250) },
    );
  });
});
