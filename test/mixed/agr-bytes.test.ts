/**
 * The `.agr` text read straight from its bytes: the same model and findings
 * as reading the decoded text (offsets too), the two-part read of large files
 * the same as one pass, and texts longer than a JavaScript string.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeText, encodeUtf8 } from "../../src/core/index.js";
import { formatReport, locateReport } from "../../src/core/report.js";
import { AGR, type MeshAnimation, readAgr, writeAgrText } from "../../src/mixed/agr/index.js";
import { readTextBytes } from "../../src/mixed/agr/read.js";
import {
  findFrameSplit,
  mergeFrameRun,
  readAgrInTwo,
  readFrameRun,
} from "../../src/mixed/agr/read-frames.js";
import { readAgrText } from "../../src/mixed/agr/read-text.js";
import { agrArb } from "../arbitraries.js";
import { AGR_TEXT_SEEDS } from "../formats.js";
import { framesModel, RUNS } from "../helpers.js";
import { expectLocated, inputsFrom } from "../property-suites.js";

type Read = ReturnType<typeof readAgr>;

/** Model and findings of two reads are the same (arrays bitwise, NaN = NaN). */
function expectSameRead(a: Read, b: Read): void {
  expect(a.diagnostics).toEqual(b.diagnostics);
  expect(a.encoding).toBe(b.encoding);
  expect(a.model === undefined).toBe(b.model === undefined);
  if (a.model && b.model) expect(plain(a.model)).toEqual(plain(b.model));
}

/** A model with its typed arrays as plain number arrays of their bits (so -0 and NaN compare). */
function plain(m: MeshAnimation): unknown {
  const bits = (a: Float32Array | Float64Array | Uint8Array | Uint32Array) =>
    a instanceof Float32Array
      ? Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length))
      : Array.from(a, (v) => (Object.is(v, -0) ? "-0" : Number.isNaN(v) ? "NaN" : v));
  return {
    ...m,
    positions: bits(m.positions),
    cellTypes: bits(m.cellTypes),
    connectivity: bits(m.connectivity),
    times: bits(m.times),
    scalarValues: m.scalarValues.map(bits),
    vectorValues: m.vectorValues.map(bits),
  };
}

const asBytes = (s: string | Uint8Array) => (typeof s === "string" ? encodeUtf8(s) : s);

describe(".agr text from bytes", () => {
  // decision 35
  it("reads mutated files exactly as their decoded text: model, findings and offsets", () => {
    fc.assert(
      fc.property(inputsFrom(AGR_TEXT_SEEDS), (input) => {
        const bytes = asBytes(input);
        const text = decodeText(bytes);
        const fromBytes = readAgr(bytes);
        expectSameRead(fromBytes, readAgr(text));
        expect(fromBytes.text).toBe(text);
        expectLocated(fromBytes.diagnostics, AGR, text);
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it("reads a BOM, a non-ASCII name and a later error with the text's offsets", () => {
    const text = `${writeAgrText(framesModel(2, 2))
      .replace("strain", "déformation")
      .replace(/frame 0.25\n[^ ]+/, "frame 0.25\nx")}`;
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...encodeUtf8(text)]);
    const r = readAgr(bytes);
    const bad = r.diagnostics.find((d) => d.code === AGR.badReal.code);
    expect(bad?.start).toBe(text.indexOf("frame 0.25\nx") + 11);
    expect(r.model!.scalars[0]!.name).toBe("déformation");
  });
});

describe(".agr text longer than a JavaScript string", () => {
  // The string limit is a parameter here: `maxText` = 64 bytes stands for 2²⁹ − 24.
  const maxText = 64;

  // decision 35
  it("reads a clean file past the limit from its bytes; its text is not made", () => {
    const m = framesModel(5, 3);
    const bytes = encodeUtf8(writeAgrText(m));
    expect(bytes.length).toBeGreaterThan(maxText);
    const r = readTextBytes(bytes, maxText);
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toBeUndefined();
    expect(plain(r.model!)).toEqual(plain(readAgr(bytes).model!));
  });

  it("locates findings in bytes past the limit (a non-ASCII name before them), never throws", () => {
    const text = writeAgrText(framesModel(5, 3)).replace("strain", "déformation");
    const bad = text.lastIndexOf("frame");
    const broken = `${text.slice(0, bad)}frame 9 oops\n`;
    const bytes = encodeUtf8(broken);
    const r = readTextBytes(bytes, maxText);
    expect(r.text).toBeUndefined();
    expect(r.model).toBeDefined();
    const at = encodeUtf8(broken.slice(0, broken.lastIndexOf("oops"))).length;
    expect(r.diagnostics.map((d) => [d.code, d.start])).toContainEqual([AGR.badReal.code, at]);
    // Within the limit, the same file's findings are in the decoded text's units.
    const within = readTextBytes(bytes, bytes.length);
    expect(within.diagnostics.map((d) => d.start)).toContain(broken.lastIndexOf("oops"));
  });

  it("gives findings past the limit the line, column and excerpt the decoded text gives", () => {
    const text = writeAgrText(framesModel(5, 3))
      .replace("strain", "déformation")
      .replace(/\n/g, "\r\n");
    const bad = text.lastIndexOf("frame");
    const broken = `${text.slice(0, bad)}frame 9 oops\r\n0 1 2 zz\n`;
    const bytes = encodeUtf8(broken);
    const past = readTextBytes(bytes, maxText);
    const within = readTextBytes(bytes, bytes.length);
    expect(past.textBytes).toBe(bytes);
    expect(past.diagnostics.length).toBeGreaterThan(1);
    const report = (r: typeof past) => [
      { file: "big.agr", text: r.text, textBytes: r.textBytes, diagnostics: r.diagnostics },
    ];
    const located = locateReport(report(past));
    expect(located.map((d) => [d.line, d.column])).toEqual(
      locateReport(report(within)).map((d) => [d.line, d.column]),
    );
    expect(located.some((d) => d.line > 1)).toBe(true);
    expect(formatReport(report(past))).toBe(formatReport(report(within)));
  });
});

describe(".agr text read in two parts", () => {
  const readInTwo = (bytes: Uint8Array) =>
    readAgrInTwo(bytes, async (start) => readFrameRun(bytes, start), 0);

  it("gives exactly the one-pass read, for any file and any defect", async () => {
    const seeds = fc.oneof(
      AGR_TEXT_SEEDS,
      agrArb.map(writeAgrText),
      fc.constant(writeAgrText(framesModel(3, 6))),
    );
    await fc.assert(
      fc.asyncProperty(inputsFrom(seeds), async (input) => {
        const bytes = asBytes(input);
        const two = await readInTwo(bytes);
        expectSameRead(two, readAgr(bytes));
        expect(two.text).toBe(readAgr(bytes).text);
      }),
      { numRuns: RUNS * 4 },
    );
  });

  // decision 38
  it("keeps the first part's findings when the rest is clean, as one pass does", async () => {
    const text = writeAgrText(framesModel(30, 8)).replace(/frame 0\n[^\n]+/, "frame 0\nx");
    const bytes = encodeUtf8(text);
    let used = false;
    const two = await readAgrInTwo(
      bytes,
      async (start) => {
        const run = readFrameRun(bytes, start);
        used = run !== undefined;
        return run;
      },
      0,
    );
    expect(used).toBe(true);
    expect(two.diagnostics.map((d) => d.code)).toEqual([AGR.badReal.code]);
    expectSameRead(two, readAgr(bytes));
  });

  it("merges the second half's frames when both halves are clean", () => {
    const m = framesModel(40, 8);
    const bytes = encodeUtf8(writeAgrText(m));
    const at = findFrameSplit(bytes, bytes.length >>> 1);
    expect(at).toBeGreaterThan(0);
    const head = readAgrText(bytes, { splitAt: at });
    expect(head.diagnostics).toEqual([]);
    expect(head.pending!.frame).toBeGreaterThan(0);
    const run = readFrameRun(bytes, at)!;
    expect(run.times.length).toBe(8 - head.pending!.frame);
    expect(mergeFrameRun(head.pending!, run)).toBe(true);
    expect(plain(head.model!)).toEqual(plain(readAgr(bytes).model!));
  });

  it("does not merge a run that does not fit: frame count, size or order", () => {
    const bytes = encodeUtf8(writeAgrText(framesModel(4, 6)));
    const at = findFrameSplit(bytes, bytes.length >>> 1);
    const pending = () => readAgrText(bytes, { splitAt: at }).pending!;
    const run = readFrameRun(bytes, at)!;
    expect(mergeFrameRun(pending(), { ...run, times: run.times.subarray(1) })).toBe(false);
    expect(mergeFrameRun(pending(), { ...run, perFrame: run.perFrame - 1 })).toBe(false);
    const early = Float64Array.from(run.times);
    early[0] = 0;
    expect(mergeFrameRun(pending(), { ...run, times: early })).toBe(false);
    // Runs that are not clean are not read at all.
    const text = decodeText(bytes);
    const at2 = text.indexOf("frame", at);
    const cut = (s: string) => encodeUtf8(s);
    expect(readFrameRun(cut(`${text.slice(0, at2)}frame 9 1 2 x\n`), at2)).toBeUndefined();
    expect(readFrameRun(cut(`${text.slice(0, at2)}frame 9 1 2`), at2)).toBeUndefined();
    expect(
      readFrameRun(cut(`${text.slice(0, at2)}frame 9 1\nframe 10 1 2\n`), at2),
    ).toBeUndefined();
    expect(readFrameRun(cut(`${text.slice(0, at2)}frame nan 1\n`), at2)).toBeUndefined();
  });
});
