/**
 * Diagnostics stay linear in the file's size and bounded in number: a
 * one-line file with tens of thousands of findings is located, printed and
 * reported as JSON without rescanning its line per finding, and each code
 * shows at most MAX_PER_CODE findings plus one closing "… and N more".
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type Diagnostic,
  formatDiagnostics,
  LineCounter,
  sourceExcerpt,
} from "../../src/core/diagnostics.js";
import { capDiagnostics, formatReport, MAX_PER_CODE, reportJson } from "../../src/core/report.js";

/** A one-line text of `n` fields and a warning on each. */
function oneLine(n: number): { text: string; diagnostics: Diagnostic[] } {
  const fields = Array.from({ length: n }, (_, i) => `${i} 1 7 0`);
  const text = `${fields.join(" ")}\n`;
  const diagnostics: Diagnostic[] = [];
  let at = 0;
  for (const f of fields) {
    diagnostics.push({
      code: "CAD013",
      severity: "warning",
      message: "type 7",
      start: at + f.length - 3,
      end: at + f.length - 2,
    });
    at += f.length + 1;
  }
  return { text, diagnostics };
}

afterEach(() => vi.restoreAllMocks());

describe("diagnostics in linear time", () => {
  it("printing findings on one long line slices windows, not the whole line per finding", () => {
    const { text, diagnostics } = oneLine(5000);
    const slice = vi.spyOn(String.prototype, "slice");
    formatDiagnostics(diagnostics, { file: "x.dat", text });
    const sliced = slice.mock.results.reduce((n, r) => n + String(r.value).length, 0);
    // The old way sliced the whole 50 kB line for each of the 5000 findings (2.5·10⁸ characters).
    expect(sliced).toBeLessThan(diagnostics.length * 2000);
  });

  it("a window excerpt equals the excerpt of the whole line", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", "b", "\t", " ", "é", "\u0001"), {
          minLength: 0,
          maxLength: 500,
        }),
        fc.nat(600),
        fc.integer({ min: 0, max: 20 }),
        (chars, col, len) => {
          const line = chars.join("");
          const text = `first\n${line}\nlast`;
          const column = Math.min(col, line.length) + 1;
          expect(new LineCounter(text).excerpt(2, column, len)).toBe(
            sourceExcerpt(line, column, len),
          );
        },
      ),
    );
  });
});

describe("diagnostics capped per code", () => {
  // decision 100
  it("keeps the first MAX_PER_CODE of each code and closes with one '… and N more of CODE'", () => {
    const { diagnostics } = oneLine(MAX_PER_CODE + 250);
    const other: Diagnostic = {
      code: "CAD001",
      severity: "warning",
      message: "no final line break",
      start: 3,
      end: 3,
    };
    const capped = capDiagnostics([...diagnostics, other]);
    expect(capped).toHaveLength(MAX_PER_CODE + 2);
    expect(capped.filter((d) => d.code === "CAD013" && d.severity === "warning")).toHaveLength(
      MAX_PER_CODE,
    );
    const closing = capped.at(-1)!;
    expect(closing).toMatchObject({
      code: "CAD013",
      severity: "info",
      message: "… and 250 more of CAD013",
    });
    expect(closing.start).toBe(diagnostics[MAX_PER_CODE - 1]!.start);
    expect(capDiagnostics(diagnostics.slice(0, MAX_PER_CODE))).toHaveLength(MAX_PER_CODE);
  });

  it("text and JSON reports show the cap; ok is judged on every finding", () => {
    const { text, diagnostics } = oneLine(30_000);
    const error: Diagnostic = {
      code: "CAD003",
      severity: "error",
      message: "bad",
      start: 0,
      end: 1,
    };
    const report = [{ file: "x.dat", text, diagnostics: [...diagnostics, error] }];
    const json = reportJson(report);
    expect(json.ok).toBe(false);
    expect(json.diagnostics).toHaveLength(MAX_PER_CODE + 2);
    expect(json.diagnostics.at(-1)).toMatchObject({
      severity: "info",
      code: "CAD013",
      message: `… and ${30_000 - MAX_PER_CODE} more of CAD013`,
      line: 1,
    });
    const out = formatReport(report);
    expect(out).toContain(`x.dat:1:`);
    expect(out).toContain(`info CAD013: … and ${30_000 - MAX_PER_CODE} more of CAD013`);
    expect(out.split("\n").filter((l) => l.includes("warning CAD013"))).toHaveLength(MAX_PER_CODE);
  });
});
