import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteTokenCursor, encodeUtf8, TokenCursor } from "../../src/core/index.js";
import { propertyRuns } from "../helpers.js";

/** Decimal number texts: sign, integer digits, fraction, exponent, in every mix (and some that are no number). */
const decimal = fc
  .tuple(
    fc.constantFrom("", "-", "+"),
    fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: 24 }),
    fc.option(fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: 24 })),
    fc.option(
      fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "-", "+"), fc.integer({ max: 400 })),
    ),
  )
  .map(([sign, int, frac, exp]) => {
    let s = sign + int;
    if (frac !== null) s += `.${frac}`;
    if (exp !== null) s += `${exp[0]}${exp[1]}${Math.abs(exp[2])}`;
    return s;
  });

/** `Number(s)` when `s` is a decimal number as the formats write them, else NaN. */
function expected(s: string): number {
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s) ? Number(s) : Number.NaN;
}

function readAll(text: string, out: Float32Array | Float64Array): number {
  return new ByteTokenCursor(encodeUtf8(text)).fill(out, 0, out.length);
}

describe("ByteTokenCursor numbers", () => {
  // decisions 36 and 121
  it("reads float32 as Math.fround(Number(text)) and float64 as Number(text), for every decimal", () => {
    const texts = fc.oneof(
      decimal,
      fc.double({ noNaN: true }).map(String),
      fc.float({ noNaN: true }).map((v) => v.toPrecision(9)),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => v.toExponential(16)),
    );
    fc.assert(
      fc.property(texts, (s) => {
        const f32 = new Float32Array(1);
        const f64 = new Float64Array(1);
        readAll(`${s}\n`, f32);
        readAll(`${s}\n`, f64);
        const want = expected(s);
        expect(Object.is(f64[0], want), `${s} as float64`).toBe(true);
        expect(Object.is(f32[0], Math.fround(want)), `${s} as float32`).toBe(true);
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it("rounds at the edges: halfway float32 ties, 2^53, long mantissas, tiny and huge exponents", () => {
    for (const s of [
      "16777217", // 2^24 + 1: a float32 tie, to even
      "16777219",
      "9007199254740993", // 2^53 + 1
      "0.1",
      "3.4028235e38",
      "3.4028236e38", // rounds to the largest float32
      "3.5e38", // no float32
      "1.17549435e-38",
      "1.4e-45",
      "7e-46",
      "123456789012345678901234567890",
      "0.000000000000000000000000000001",
      "1e22",
      "1e23",
      "-0",
      "00012.50000",
    ]) {
      const f32 = new Float32Array(1);
      const f64 = new Float64Array(1);
      readAll(`${s} `, f32);
      readAll(`${s} `, f64);
      expect(Object.is(f64[0], Number(s)), s).toBe(true);
      expect(Object.is(f32[0], Math.fround(Number(s))), s).toBe(true);
    }
  });

  it("stops a run at the first value that is no finite float32, on that token", () => {
    const text = "1 2.5 1e39 x";
    const c = new ByteTokenCursor(encodeUtf8(text));
    const out = new Float32Array(4);
    expect(c.fill(out, 0, 4)).toBe(2);
    expect(out[2]).toBe(Number.POSITIVE_INFINITY);
    expect([c.start, c.end]).toEqual([6, 10]);
    expect(c.fill(out, 3, 4)).toBe(3);
    expect(c.token()).toBe("x");
    expect(c.fill(out, 0, 1)).toBe(0); // the end
    expect([c.start, c.end]).toEqual([text.length, text.length]);
  });
});

/** What one run of `fill` over `tokens` gives: each value until the first that is no finite number of the precision. */
function expectedRun(tokens: readonly string[], round: (v: number) => number): number[] {
  const values: number[] = [];
  for (const t of tokens) {
    const v = round(expected(t));
    if (!Number.isFinite(v)) break;
    values.push(v);
  }
  return values;
}

describe("ByteTokenCursor runs (the bounded loop, four fraction digits at a time)", () => {
  // decision 381: one run over many tokens, wherever the bytes start and whether or not they end with a separator
  it("reads every value of a run as Math.fround(Number(text)), in a slice at any offset, with or without a final separator", () => {
    const token = fc.oneof(
      decimal.filter((t) => t.length > 0),
      fc.constantFrom(
        ".5",
        "5.",
        "-.5",
        "+5.",
        "-0",
        "-0.0e0",
        "1e-45",
        "1.4e-45",
        "7.1e-46",
        "3.4028235e38",
        "3.4028236e38",
        "0.12345678901234567890123",
        "12345678.12345678",
        "0.000000000000000000000000012345",
        "9007199254740993.5",
        "0.1234x5678",
        "0.12345678e",
        "0.1234e+",
        "1.2.3",
        "inf",
        "nan",
        "Infinity",
        "-",
        ".",
        "e5",
      ),
    );
    const separator = fc.constantFrom(" ", "\n", "\r\n", "\t", "\v\f", "   ");
    const run = fc.record({
      parts: fc.array(fc.tuple(token, separator), { minLength: 1, maxLength: 24 }),
      finalSeparator: fc.boolean(),
      before: fc.nat(7),
    });
    fc.assert(
      fc.property(run, ({ parts, finalSeparator, before }) => {
        const tokens = parts.map(([t]) => t);
        let text = parts.map(([t, sep]) => t + sep).join("");
        if (!finalSeparator) text = text.replace(/[ \t\n\v\f\r]+$/, "");
        // The bytes as a slice of a larger buffer (junk digits around), as a window of a file is.
        const body = encodeUtf8(text);
        const outer = new Uint8Array(before + body.length + 5).fill(0x37);
        outer.set(body, before);
        const bytes = outer.subarray(before, before + body.length);
        for (const [out, round] of [
          [new Float32Array(tokens.length), Math.fround],
          [new Float64Array(tokens.length), (v: number) => v],
        ] as const) {
          const want = expectedRun(tokens, round);
          const got = new ByteTokenCursor(bytes).fill(out, 0, tokens.length);
          expect(got, text).toBe(want.length);
          for (let i = 0; i < want.length; i++) {
            expect(Object.is(out[i], want[i]), `${tokens[i]} in ${JSON.stringify(text)}`).toBe(
              true,
            );
          }
        }
      }),
      { numRuns: propertyRuns(1000) },
    );
  });

  it("refuses bytes that are no digits next to digits, whatever their value (0xfa–0xff too)", () => {
    for (const tail of [0x2f, 0x3a, 0x40, 0x7f, 0x80, 0xc3, 0xfa, 0xff]) {
      for (const at of [0, 1, 2, 3, 4, 5]) {
        const digits = [..."0.12345678"].map((ch) => ch.charCodeAt(0));
        digits.splice(2 + at, 0, tail);
        const bytes = Uint8Array.from([...digits, 0x20, 0x31, 0x0a]);
        const out = new Float32Array(2);
        const c = new ByteTokenCursor(bytes);
        expect(c.fill(out, 0, 2), `byte ${tail} at ${at}`).toBe(0);
        expect([c.start, c.end]).toEqual([0, digits.length]);
        expect(c.fill(out, 1, 2)).toBe(2);
        expect(out[1]).toBe(1);
      }
    }
  });

  it("reads a last token that runs to the end of the bytes as any other", () => {
    for (const s of ["0.12345678", "-0.123456789012", "5.", ".5", "1e-45", "-0", "12"]) {
      const out = new Float32Array(2);
      const c = new ByteTokenCursor(encodeUtf8(`7 ${s}`));
      expect(c.fill(out, 0, 2), s).toBe(2);
      expect(Object.is(out[1], Math.fround(Number(s))), s).toBe(true);
      expect(c.end).toBe(2 + s.length);
    }
  });
});

describe("ByteTokenCursor tokens", () => {
  it("gives the tokens, forms and values of TokenCursor, offsets in bytes", () => {
    const token = fc.oneof(
      decimal,
      fc.constantFrom("frame", "x", "nan", "1.2.3", "0x10", "Infinity", "тест", "a\u00e9b", "1e"),
    );
    const separator = fc.constantFrom(" ", "\n", "\r\n", "\t", "\v\f", "  ");
    fc.assert(
      fc.property(fc.array(fc.tuple(token, separator), { maxLength: 20 }), (parts) => {
        const text = parts.map(([t, s]) => t + s).join("");
        const bytes = encodeUtf8(text);
        const a = new TokenCursor(text);
        const b = new ByteTokenCursor(bytes);
        const c = new ByteTokenCursor(bytes);
        // Byte offset of a text offset.
        const at = (o: number) => encodeUtf8(text.slice(0, o)).length;
        for (;;) {
          const more = a.next();
          expect(b.next()).toBe(more);
          const v = c.nextNumber();
          expect([b.start, b.end]).toEqual([at(a.start), at(a.end)]);
          expect([c.start, c.end]).toEqual([b.start, b.end]);
          if (!more) break;
          expect(b.token()).toBe(a.token());
          expect(b.is(a.token())).toBe(true);
          expect(b.form()).toBe(a.form());
          expect(Object.is(b.number(), a.number())).toBe(true);
          expect(Object.is(v, a.number())).toBe(true);
        }
      }),
      { numRuns: propertyRuns(250) },
    );
  });

  it("skips a UTF-8 BOM at the start and can start anywhere", () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...encodeUtf8("a 12\n")]);
    const c = new ByteTokenCursor(bytes);
    expect(c.next() && c.token()).toBe("a");
    expect(c.start).toBe(3);
    const d = new ByteTokenCursor(bytes, 5);
    expect(d.nextNumber()).toBe(12);
    expect(d.endsWithLineBreak()).toBe(true);
    expect(new ByteTokenCursor(new Uint8Array(0)).endsWithLineBreak()).toBe(false);
  });
});
