/** TokenReader: the one recovery rule of a run of reals, and kinds checked by the compiler. */
import { describe, expect, it } from "vitest";
import {
  DiagnosticSink,
  type DiagnosticTable,
  type KindOf,
  type TokenCursor,
  TokenReader,
} from "../../src/core/index.js";
import { AGR } from "../../src/mixed/agr/index.js";
import { AMX, type AmxCode, type AmxKind } from "../../src/mixed/amx/index.js";
import { where } from "../helpers.js";

const T = {
  endOfFile: { code: "TST001", severity: "error", summary: "end" },
  notInteger: { code: "TST002", severity: "error", summary: "integer" },
  notReal: { code: "TST003", severity: "error", summary: "real" },
  missingFinalNewline: { code: "TST004", severity: "error", summary: "newline" },
  runCut: { code: "TST005", severity: "error", summary: "cut" },
  tooManyErrors: { code: "TST006", severity: "error", summary: "cap" },
} as const satisfies DiagnosticTable;

const isNext = (c: TokenCursor) => c.is("next");

function run(text: string, out: Float32Array | Float64Array | number[], standIn?: number) {
  const r = new TokenReader<KindOf<typeof T>>(text, T, {
    marker: isNext,
    ...(standIn === undefined ? {} : { standIn }),
  });
  const ok = r.reals(4, out, 1, (i) => `value ${i}`);
  const rest = r.cursor.next() ? r.cursor.token() : "";
  return { ok, out: Array.from(out), codes: where(r.sink.items, text), r, rest };
}

describe("TokenReader.reals: one recovery rule", () => {
  it("1. stores finite reals at the offset, across line breaks", () => {
    const x = run("1 -2.5\n3e2\r\n.5", [9, 9, 9, 9, 9]);
    expect(x).toMatchObject({ ok: true, out: [9, 1, -2.5, 300, 0.5], codes: [] });
  });

  it("2. at end of text: reported there, stand-in stored, the run ends", () => {
    const x = run("1 2\n", [9, 9, 9, 9, 9]);
    expect(x.ok).toBe(false);
    expect(x.out).toEqual([9, 1, 2, Number.NaN, 9]);
    expect(x.codes).toEqual(["TST001@2:1"]);
    expect(x.r.sink.items[0]!.message).toBe("expected value 2, found end of file");
  });

  // decision 33
  it("3. at a marker: reported as cut, left unread for what follows, the run ends", () => {
    const x = run("1 next 2 3\n", new Float64Array(5), 0);
    expect(x).toMatchObject({ ok: false, out: [0, 1, 0, 0, 0], codes: ["TST005@1:3"] });
    expect(x.rest).toBe("next");
    expect(x.r.sink.items[0]!.message).toBe("expected value 1, found 'next'");
  });

  it("4. any other bad token: reported, stand-in stored, the run goes on", () => {
    const x = run("x nan 1e999 4\n", [9, 9, 9, 9, 9]);
    expect(x.ok).toBe(true);
    expect(x.out).toEqual([9, Number.NaN, Number.NaN, Number.NaN, 4]);
    expect(x.codes).toEqual(["TST003@1:1", "TST003@1:3", "TST003@1:7"]);
    expect(x.r.sink.items[2]!.message).toBe(
      "expected value 2 (a finite real), found '1e999', out of float64 range",
    );
  });

  it("4. a Float32Array rounds to float32: beyond its range is out of range", () => {
    const x = run("1e39 1 2 3\n", new Float32Array(5), 0);
    expect(x.codes).toEqual(["TST003@1:1"]);
    expect(x.r.sink.items[0]!.message).toContain("out of float32 range");
    expect(x.out).toEqual([0, 0, 1, 2, 3]);
  });

  it("4. the error cap ends the run", () => {
    const text = `${"x ".repeat(120)}\n`;
    const r = new TokenReader<KindOf<typeof T>>(text, T);
    expect(r.reals(120, new Float64Array(120), 0, (i) => `value ${i}`)).toBe(false);
    expect(r.sink.items.at(-1)!.code).toBe("TST006");
    expect(r.sink.items).toHaveLength(101);
  });
});

describe("diagnostic kinds are checked by the compiler", () => {
  it("a sink takes only its table's kinds, through one report method", () => {
    const sink = new DiagnosticSink<AmxKind>();
    sink.report(AMX.notRotation, "m", 0);
    // Type-checked by `tsc` (npm test), never run: each line must fail to compile.
    const wrong = () => {
      // @ts-expect-error: a kind of another table
      sink.report(AGR.badMagic, "m", 0);
      // @ts-expect-error: no such kind in the table
      sink.report(AMX.noSuchKind, "m", 0);
      // @ts-expect-error: there is one way to report, not error/warning/add
      sink.error("AMX999", "m", 0);
      // @ts-expect-error: a code outside the table's union
      const alien: AmxCode = "AMX999";
      return alien;
    };
    const code: AmxCode = sink.items[0]!.code;
    expect([code, typeof wrong]).toEqual(["AMX030", "function"]);
  });
});
