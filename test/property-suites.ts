/**
 * Reusable property suites for readers and writers. A format adopts each
 * with one call:
 *
 *     roundTripSuite(AMX_UNDER_TEST, amxArb);        // read(write(m)) equals m
 *     neverThrowsSuite(AMX_UNDER_TEST, AMX_SEEDS);   // mutated and random inputs never throw
 *     alwaysLocatedSuite(AMX_UNDER_TEST, AMX_SEEDS); // every diagnostic coded and located
 *
 * Runs: {@link RUNS} per property, many more with FUZZ=1 (`npm run fuzz`).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Diagnostic,
  type DiagnosticTable,
  FINDINGS_CAPPED,
  hasErrors,
  LineCounter,
  locate,
} from "../src/core/index.js";
import { RUNS } from "./helpers.js";
import { byteMutations, mutateBytes, mutateText, textMutations } from "./mutate.js";

/** What a reader returns: at least the diagnostics, and the model when it read one. */
export interface ReadOutcome<M> {
  readonly model?: M | undefined;
  readonly diagnostics: readonly Diagnostic[];
  /** The decoded text, for readers that take bytes and found text. */
  readonly text?: string | undefined;
}

/** A format as the suites see it: read and write one encoding, its code table, its checks. */
export interface FormatUnderTest<M, I extends string | Uint8Array> {
  /** Name in test titles (`.agr text`). */
  readonly name: string;
  /** The format's code table: every diagnostic carries one of its codes. */
  readonly codes: DiagnosticTable;
  readonly read: (input: I) => ReadOutcome<M>;
  /** The writer; without one, reads are not written back (a read-only format). */
  readonly write?: (model: M) => I;
  /** Asserts that `actual` is `expected` (default: `toEqual`). */
  readonly same?: (expected: M, actual: M) => void;
  /** The in-memory checks; a written model then reads back with the same findings (codes). */
  readonly validate?: (model: M) => readonly Diagnostic[];
  /** What every read must keep besides not throwing (a shape-consistent model, summaries that work). */
  readonly invariants?: (result: ReadOutcome<M>) => void;
}

/** A format with a writer, as round trips need. */
export type Writable<M, I extends string | Uint8Array> = FormatUnderTest<M, I> & {
  readonly write: (model: M) => I;
};

/** Seeds of a suite: valid inputs, listed or generated; the suites mutate them. */
export type Seeds<I> = readonly I[] | fc.Arbitrary<I>;

function seedArb<I>(seeds: Seeds<I>): fc.Arbitrary<I> {
  return seeds instanceof fc.Arbitrary ? seeds : fc.constantFrom(...seeds);
}

/**
 * Inputs made from seeds: a seed with a few mutations, a seed cut anywhere
 * and followed by junk, or junk alone (text for text seeds, bytes for bytes).
 */
export function inputsFrom<I extends string | Uint8Array>(seeds: Seeds<I>): fc.Arbitrary<I> {
  return seedArb(seeds).chain((seed): fc.Arbitrary<I> => {
    if (typeof seed === "string") {
      return fc.oneof(
        textMutations.map((ms) => mutateText(seed, ms)),
        fc
          .tuple(fc.nat(), fc.string({ unit: "binary", maxLength: 60 }))
          .map(([at, junk]) => seed.slice(0, at % (seed.length + 1)) + junk),
        fc.string({ unit: "binary", maxLength: 300 }),
      ) as fc.Arbitrary<I>;
    }
    const bytes = seed as Uint8Array;
    return fc.oneof(
      byteMutations.map((ms) => mutateBytes(bytes, ms)),
      fc
        .tuple(fc.nat(), fc.uint8Array({ maxLength: 60 }))
        .map(([at, junk]) =>
          Uint8Array.from([...bytes.subarray(0, at % (bytes.length + 1)), ...junk]),
        ),
      fc.uint8Array({ maxLength: 300 }),
    ) as fc.Arbitrary<I>;
  });
}

function expectSame<M, I extends string | Uint8Array>(
  format: FormatUnderTest<M, I>,
  expected: M,
  actual: M | undefined,
): void {
  expect(actual).toBeDefined();
  if (format.same) format.same(expected, actual!);
  else expect(actual).toEqual(expected);
}

function codesOf(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => d.code).sort();
}

/** The round-trip property: `read(write(m))` is `m` (and, with `validate`, reports what it reports). */
export function roundTripProperty<M, I extends string | Uint8Array>(
  format: Writable<M, I>,
  models: fc.Arbitrary<M>,
): fc.IPropertyWithHooks<[M]> {
  return fc.property(models, (m) => {
    const r = format.read(format.write(m));
    expectSame(format, m, r.model);
    if (format.validate) expect(codesOf(r.diagnostics)).toEqual(codesOf(format.validate(m)));
  });
}

/** `read(write(m))` is `m` for every generated model (and, with `validate`, reports what it reports). */
export function roundTripSuite<M, I extends string | Uint8Array>(
  format: Writable<M, I>,
  models: fc.Arbitrary<M>,
): void {
  describe(`${format.name}: round trip`, () => {
    it("read(write(m)) equals m", () => {
      fc.assert(roundTripProperty(format, models), { numRuns: RUNS });
    });
  });
}

/** The never-throws property over inputs made from `seeds` (see {@link neverThrowsSuite}). */
export function neverThrowsProperty<M, I extends string | Uint8Array>(
  format: FormatUnderTest<M, I>,
  seeds: Seeds<I>,
): fc.IPropertyWithHooks<[I]> {
  return fc.property(inputsFrom(seeds), (input) => {
    const r = format.read(input);
    format.invariants?.(r);
    if (format.write && r.model !== undefined && !hasErrors(r.diagnostics)) {
      expectSame(format, r.model, format.read(format.write(r.model)).model);
    }
  });
}

/**
 * The reader never throws on mutated seeds, cut seeds with junk, or junk; its
 * invariants hold; a read without errors writes back to the same model (when
 * the format has a writer).
 */
export function neverThrowsSuite<M, I extends string | Uint8Array>(
  format: FormatUnderTest<M, I>,
  seeds: Seeds<I>,
): void {
  describe(`${format.name}: never throws`, () => {
    it("on mutated, cut and random inputs; a clean read writes back to the same model", () => {
      fc.assert(neverThrowsProperty(format, seeds), { numRuns: RUNS });
    });
  });
}

/** The always-located property over inputs made from `seeds` (see {@link alwaysLocatedSuite}). */
export function alwaysLocatedProperty<M, I extends string | Uint8Array>(
  format: FormatUnderTest<M, I>,
  seeds: Seeds<I>,
): fc.IPropertyWithHooks<[I]> {
  const codes = new Set(Object.values(format.codes).map((k) => k.code));
  return fc.property(inputsFrom(seeds), (input) => {
    const r = format.read(input);
    expectLocated(r.diagnostics, codes, input, typeof input === "string" ? input : r.text);
  });
}

/**
 * Every diagnostic, on any input made from the seeds, has a code of the
 * format's table, a message, a span inside the input and a 1-based line and
 * column that exist in it (binary: line 1, column = byte offset + 1).
 */
export function alwaysLocatedSuite<M, I extends string | Uint8Array>(
  format: FormatUnderTest<M, I>,
  seeds: Seeds<I>,
): void {
  describe(`${format.name}: always located`, () => {
    it("every diagnostic is coded and lies within the input, line and column 1-based", () => {
      fc.assert(alwaysLocatedProperty(format, seeds), { numRuns: RUNS });
    });
  });
}

/**
 * Asserts what {@link alwaysLocatedSuite} asserts for one read: every
 * diagnostic has a code of `codes` (a table or a set of codes), a message, a
 * span within `input` and a 1-based line and column that exist in `text`
 * (the input as read; absent for binary input).
 */
export function expectLocated(
  diagnostics: readonly Diagnostic[],
  table: DiagnosticTable | ReadonlySet<string>,
  input: string | Uint8Array,
  text: string | undefined = typeof input === "string" ? input : undefined,
): void {
  const codes =
    table instanceof Set
      ? table
      : new Set(Object.values(table as DiagnosticTable).map((k) => k.code));
  const length = text?.length ?? input.length;
  const counter = text === undefined ? undefined : new LineCounter(text);
  const located = locate(diagnostics, text === undefined ? { file: "x" } : { file: "x", text });
  diagnostics.forEach((d, i) => {
    // FMT007 (findings past the cap, counted) may come from any reader (decision 254).
    const known = codes.has(d.code) || d.code === FINDINGS_CAPPED.code;
    expect(known, `${d.code} is in the table`).toBe(true);
    expect(["error", "warning", "info"]).toContain(d.severity);
    expect(d.message.length).toBeGreaterThan(0);
    expect(d.start).toBeGreaterThanOrEqual(0);
    expect(d.end).toBeGreaterThanOrEqual(d.start);
    expect(d.end).toBeLessThanOrEqual(length);
    const { line, column } = located[i]!;
    expect(line).toBeGreaterThanOrEqual(1);
    expect(column).toBeGreaterThanOrEqual(1);
    if (counter) {
      // The line exists and the column is on it (or just past its end).
      expect(counter.position(d.start)).toEqual({ line, column });
      expect(column).toBeLessThanOrEqual(counter.lineText(line).length + 1);
    } else {
      expect(line).toBe(1);
      expect(column).toBeLessThanOrEqual(length + 1);
    }
  });
}
