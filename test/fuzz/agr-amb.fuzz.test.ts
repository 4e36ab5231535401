/**
 * Mutation fuzzing of the .agr and .amb readers: valid files (fixtures and
 * generated models, both encodings) with tokens deleted, duplicated, swapped
 * or replaced, bytes flipped, header counts overwritten, and truncation.
 * Readers must never throw; every diagnostic is coded and located; a model is
 * always shape-consistent; an error-free read writes back to the same model.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasErrors } from "../../src/core/index.js";
import {
  AGR,
  agrInfo,
  extractSurface,
  readAgr,
  validateAgr,
  writeAgrBinary,
  writeAgrText,
} from "../../src/mixed/agr/index.js";
import {
  AMB,
  ambInfo,
  readAmb,
  validateAmb,
  writeAmbBinary,
  writeAmbText,
} from "../../src/mixed/amb/index.js";
import {
  agrArb,
  ambArb,
  expectLocated,
  expectSameAgr,
  expectSameAmb,
  RUNS,
} from "../mixed/agr-helpers.js";

const fixture = (path: string) =>
  readFileSync(new URL(`../fixtures/${path}`, import.meta.url), "utf8");
const agrTexts = [fixture("agr/thermal-tets.agr"), fixture("agr/stress-plate.agr")];
const ambTexts = [fixture("amb/slider-crank.amb")];

const POOL = [
  "0",
  "1",
  "-1",
  "2.5",
  "1e999",
  "nan",
  "inf",
  "-0",
  "4294967295",
  "4294967296",
  "99999999999",
  "frame",
  "frames",
  "constant",
  "cells",
  "tet",
  "hex",
  "box",
  "none",
  "x",
  "",
];

type Mutation =
  | { kind: "delete" | "duplicate"; at: number }
  | { kind: "swap"; at: number; other: number }
  | { kind: "replace"; at: number; token: string }
  | { kind: "truncate"; at: number }
  | { kind: "join"; at: number };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom("delete" as const, "duplicate" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("swap" as const), at: fc.nat(), other: fc.nat() }),
  fc.record({
    kind: fc.constant("replace" as const),
    at: fc.nat(),
    token: fc.oneof(fc.constantFrom(...POOL), fc.string({ maxLength: 6 })),
  }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("join" as const), at: fc.nat() }),
);

/** Applies token mutations to a text (tokens keep their separators). */
function mutateText(text: string, mutations: Mutation[]): string {
  const parts = text.split(/(\s+)/);
  const tokens = parts.filter((_, i) => i % 2 === 0);
  const seps = parts.filter((_, i) => i % 2 === 1);
  let truncateAt = -1;
  for (const m of mutations) {
    if (tokens.length === 0) break;
    const at = m.at % tokens.length;
    if (m.kind === "delete") tokens.splice(at, 1);
    else if (m.kind === "duplicate") tokens.splice(at, 0, tokens[at]!);
    else if (m.kind === "swap") {
      const o = m.other % tokens.length;
      [tokens[at], tokens[o]] = [tokens[o]!, tokens[at]!];
    } else if (m.kind === "replace") tokens[at] = m.token;
    else if (m.kind === "join") seps[at % Math.max(1, seps.length)] = "";
    else truncateAt = at;
  }
  let out = "";
  tokens.forEach((t, i) => {
    out += t + (seps[i] ?? "");
  });
  return truncateAt >= 0 ? out.slice(0, truncateAt % (out.length + 1)) : out;
}

const byteMutationArb = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant("flip" as const),
      at: fc.nat(),
      value: fc.integer({ min: 0, max: 255 }),
    }),
    fc.record({
      kind: fc.constant("u32" as const),
      field: fc.integer({ min: 2, max: 11 }),
      value: fc.oneof(fc.constantFrom(0, 1, 2, 0xffffffff, 0x7fffffff, 1e6), fc.nat()),
    }),
    fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
  ),
  { minLength: 1, maxLength: 4 },
);

/** A byte mutation: set a byte, overwrite a header u32 field, or truncate. */
interface ByteMutation {
  kind: string;
  at?: number;
  value?: number;
  field?: number;
}

function mutateBytes(input: Uint8Array, mutations: ByteMutation[]): Uint8Array {
  let bytes = Uint8Array.from(input);
  for (const m of mutations) {
    if (m.kind === "flip" && bytes.length > 8) bytes[8 + (m.at! % (bytes.length - 8))] = m.value!;
    else if (m.kind === "u32" && bytes.length >= 4 * m.field! + 4)
      new DataView(bytes.buffer).setUint32(4 * m.field!, m.value! >>> 0, true);
    else if (m.kind === "truncate") bytes = bytes.subarray(0, m.at! % (bytes.length + 1));
  }
  return bytes;
}

function checkAgrRead(data: Uint8Array | string): void {
  const r = readAgr(data);
  expectLocated(r.diagnostics, "AGR", data.length);
  const m = r.model;
  if (!m) return;
  expect(validateAgr(m).filter((d) => d.code === AGR.shape.code)).toEqual([]);
  agrInfo(m);
  extractSurface(m);
  if (!hasErrors(r.diagnostics)) {
    expectSameAgr(m, readAgr(writeAgrText(m)).model!);
    expectSameAgr(m, readAgr(writeAgrBinary(m)).model!);
  }
}

function checkAmbRead(data: Uint8Array | string): void {
  const r = readAmb(data);
  expectLocated(r.diagnostics, "AMB", data.length);
  const m = r.model;
  if (!m) return;
  expect(validateAmb(m).filter((d) => d.code === AMB.shape.code)).toEqual([]);
  ambInfo(m);
  if (!hasErrors(r.diagnostics)) {
    expectSameAmb(m, readAmb(writeAmbText(m)).model!);
    expectSameAmb(m, readAmb(writeAmbBinary(m)).model!);
  }
}

const agrSource = fc.oneof(fc.constantFrom(...agrTexts), agrArb.map(writeAgrText));
const ambSource = fc.oneof(fc.constantFrom(...ambTexts), ambArb.map(writeAmbText));
const mutations = fc.array(mutationArb, { minLength: 1, maxLength: 4 });

describe("fuzz: .agr", () => {
  it("mutated text never throws", () => {
    fc.assert(
      fc.property(agrSource, mutations, (text, ms) => checkAgrRead(mutateText(text, ms))),
      { numRuns: RUNS },
    );
  });
  it("mutated binary never throws", () => {
    const binaries = fc.oneof(
      fc.constantFrom(...agrTexts).map((t) => writeAgrBinary(readAgr(t).model!)),
      agrArb.map(writeAgrBinary),
    );
    fc.assert(
      fc.property(binaries, byteMutationArb, (bin, ms) => checkAgrRead(mutateBytes(bin, ms))),
      { numRuns: RUNS },
    );
  });
});

describe("fuzz: .amb", () => {
  it("mutated text never throws", () => {
    fc.assert(
      fc.property(ambSource, mutations, (text, ms) => checkAmbRead(mutateText(text, ms))),
      { numRuns: RUNS },
    );
  });
  it("mutated binary never throws", () => {
    const binaries = fc.oneof(
      fc.constantFrom(...ambTexts).map((t) => writeAmbBinary(readAmb(t).model!)),
      ambArb.map(writeAmbBinary),
    );
    fc.assert(
      fc.property(binaries, byteMutationArb, (bin, ms) => checkAmbRead(mutateBytes(bin, ms))),
      { numRuns: RUNS },
    );
  });
});
