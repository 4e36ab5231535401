/** Helpers of the .agr / .amb suites: exact model comparison, positions, generators. */
import fc from "fast-check";
import { expect } from "vitest";
import { type Diagnostic, locate } from "../../src/core/index.js";
import { CELL_KINDS, type MeshAnimation } from "../../src/mixed/agr/index.js";
import type { MbsAnimation } from "../../src/mixed/amb/index.js";

/** Property-test run count: small in CI, large with FUZZ=1. */
export const RUNS = process.env.FUZZ ? 20000 : 100;

/** The bytes of a typed array's contents (exact comparison: -0, NaN payloads). */
export function bytesOf(a: ArrayBufferView): number[] {
  return Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
}

/** Asserts that two mesh animations are identical, typed arrays bit for bit. */
export function expectSameAgr(a: MeshAnimation, b: MeshAnimation): void {
  expect(b.type).toBe(a.type);
  expect(b.nodeCount).toBe(a.nodeCount);
  expect(b.scalars).toEqual(a.scalars);
  expect(b.vectors).toEqual(a.vectors);
  for (const k of ["positions", "cellTypes", "connectivity", "times"] as const) {
    expect(bytesOf(b[k]), k).toEqual(bytesOf(a[k]));
  }
  expect(b.scalarValues.map(bytesOf)).toEqual(a.scalarValues.map(bytesOf));
  expect(b.vectorValues.map(bytesOf)).toEqual(a.vectorValues.map(bytesOf));
}

/** Asserts that two MBS animations are identical, typed arrays bit for bit. */
export function expectSameAmb(a: MbsAnimation, b: MbsAnimation): void {
  expect(b.bodies).toEqual(a.bodies);
  expect(bytesOf(b.times)).toEqual(bytesOf(a.times));
  expect(bytesOf(b.matrices)).toEqual(bytesOf(a.matrices));
}

/** 1-based `line:column` of the `occurrence`-th (0-based) `needle` in `text`. */
export function pos(text: string, needle: string, occurrence = 0, shift = 0): string {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`'${needle}' not found`);
  }
  return lineCol(text, at + shift);
}

/** 1-based `line:column` of an offset. */
export function lineCol(text: string, offset: number): string {
  const [d] = locate([{ code: "X", severity: "error", message: "", start: offset, end: offset }], {
    file: "x",
    text,
  });
  return `${d!.line}:${d!.column}`;
}

/** `CODE@line:column` of each diagnostic. */
export function where(diagnostics: readonly Diagnostic[], text: string): string[] {
  return locate(diagnostics, { file: "x", text }).map((d) => `${d.code}@${d.line}:${d.column}`);
}

/** Asserts every diagnostic has a code of `prefix` and a location inside `length`. */
export function expectLocated(diagnostics: readonly Diagnostic[], prefix: string, length: number) {
  for (const d of diagnostics) {
    expect(d.code).toMatch(new RegExp(`^${prefix}\\d{3}$`));
    expect(d.start).toBeGreaterThanOrEqual(0);
    expect(d.end).toBeGreaterThanOrEqual(d.start);
    expect(d.end).toBeLessThanOrEqual(length);
    expect(d.message.length).toBeGreaterThan(0);
  }
}

/** A token-safe name: no whitespace, valid Unicode, a few characters. */
export const nameArb = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 8 })
  .filter((s) => !/\s/u.test(s));

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const float32 = fc.float({ noNaN: true, noDefaultInfinity: true });

/** Strictly increasing finite times, 1 to 4 of them. */
export const timesArb = fc
  .uniqueArray(fc.double({ noNaN: true, noDefaultInfinity: true }), {
    minLength: 1,
    maxLength: 4,
    comparator: (a, b) => a === b,
  })
  .map((t) => Float64Array.from(t.sort((a, b) => a - b)));

const kinds = [...CELL_KINDS.values()];

/** Any shape-consistent, encodable mesh animation (valid or not semantically). */
export const agrArb: fc.Arbitrary<MeshAnimation> = fc
  .record({
    type: fc.constantFrom(0, 1, 7),
    n: fc.integer({ min: 0, max: 6 }),
    times: timesArb,
    scalars: fc.array(fc.record({ name: nameArb, unit: nameArb, varying: fc.boolean() }), {
      maxLength: 2,
    }),
    vectors: fc.array(fc.record({ name: nameArb, unit: nameArb, varying: fc.boolean() }), {
      maxLength: 2,
    }),
    cells: fc.array(fc.constantFrom(...kinds), { maxLength: 4 }),
    seed: fc.array(float32, { minLength: 1, maxLength: 64 }),
  })
  .map(({ type, n, times, scalars, vectors, cells, seed }) => {
    let k = 0;
    const next = () => seed[k++ % seed.length]!;
    const fill = (len: number) => Float32Array.from({ length: len }, next);
    const usable = n === 0 ? [] : cells;
    const connectivity: number[] = [];
    for (const c of usable) for (let j = 0; j < c.nodes; j++) connectivity.push((k++ * 7) % n);
    const f = times.length;
    return {
      type,
      nodeCount: n,
      positions: fill(3 * n),
      cellTypes: Uint8Array.from(usable.map((c) => c.vtk)),
      connectivity: Uint32Array.from(connectivity),
      scalars,
      vectors,
      times,
      scalarValues: scalars.map((d) => fill((d.varying ? f : 1) * n)),
      vectorValues: vectors.map((d) => fill((d.varying ? f : 1) * 3 * n)),
    };
  });

/** Any encodable MBS animation. */
export const ambArb: fc.Arbitrary<MbsAnimation> = fc
  .record({
    numbers: fc.uniqueArray(fc.integer({ min: 1, max: 0xffffffff }), { maxLength: 4 }),
    names: fc.array(nameArb, { minLength: 4, maxLength: 4 }),
    geometry: fc.array(
      fc.oneof(
        fc.constant({ kind: "none" as const }),
        fc.tuple(finite, finite, finite).map((size) => ({ kind: "box" as const, size })),
        fc
          .tuple(finite, finite)
          .map(([radius, length]) => ({ kind: "cylinder" as const, radius, length })),
        finite.map((radius) => ({ kind: "sphere" as const, radius })),
      ),
      { minLength: 4, maxLength: 4 },
    ),
    times: timesArb,
    seed: fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), {
      minLength: 1,
      maxLength: 50,
    }),
  })
  .map(({ numbers, names, geometry, times, seed }) => {
    const count = times.length * numbers.length * 12;
    return {
      bodies: numbers.map((number, i) => ({ number, name: names[i]!, geometry: geometry[i]! })),
      times,
      matrices: Float64Array.from({ length: count }, (_, i) => seed[i % seed.length]!),
    };
  });
