/** The FRUND formats as the property suites see them, and the seeds their fuzzing starts from. */
import fc from "fast-check";
import { expect } from "vitest";
import {
  AGR,
  agrInfo,
  extractSurface,
  type MeshAnimation,
  readAgr,
  validateAgr,
  writeAgrBinary,
  writeAgrText,
} from "../src/mixed/agr/index.js";
import {
  AMB,
  ambInfo,
  type MbsAnimation,
  readAmb,
  validateAmb,
  writeAmbBinary,
  writeAmbText,
} from "../src/mixed/amb/index.js";
import {
  AMX,
  type MixedAnimation,
  readAmx,
  validateAmx,
  writeAmx,
} from "../src/mixed/amx/index.js";
import { CAD, type CadMatrices, readCad, validateCad, writeCad } from "../src/mixed/cad/index.js";
import { agrArb, ambArb, amxArb, cadArb } from "./arbitraries.js";
import { expectSameAgr, expectSameAmb, fixture } from "./helpers.js";
import type { ReadOutcome, Writable } from "./property-suites.js";

/** `.amx` text. */
export const AMX_UNDER_TEST: Writable<MixedAnimation, string> = {
  name: ".amx",
  codes: AMX,
  read: readAmx,
  write: writeAmx,
  validate: (m) => validateAmx(m),
};

/** `CAD_Matrixes.dat` text. */
export const CAD_UNDER_TEST: Writable<CadMatrices, string> = {
  name: "CAD_Matrixes.dat",
  codes: CAD,
  read: readCad,
  write: writeCad,
  validate: (m) => validateCad(m),
};

/** A model read from any input is shape-consistent and can be summarised and drawn. */
function agrInvariants(r: ReadOutcome<MeshAnimation>): void {
  if (!r.model) return;
  expect(validateAgr(r.model).filter((d) => d.code === AGR.shape.code)).toEqual([]);
  agrInfo(r.model);
  extractSurface(r.model);
}

function ambInvariants(r: ReadOutcome<MbsAnimation>): void {
  if (!r.model) return;
  expect(validateAmb(r.model).filter((d) => d.code === AMB.shape.code)).toEqual([]);
  ambInfo(r.model);
}

/** `.agr`, text encoding. */
export const AGR_TEXT: Writable<MeshAnimation, string> = {
  name: ".agr text",
  codes: AGR,
  read: readAgr,
  write: writeAgrText,
  same: expectSameAgr,
  invariants: agrInvariants,
};

/** `.agr`, binary encoding; a binary read reports what the in-memory checks report. */
export const AGR_BINARY: Writable<MeshAnimation, Uint8Array> = {
  ...AGR_TEXT,
  name: ".agr binary",
  read: readAgr,
  write: writeAgrBinary,
  validate: validateAgr,
};

/** `.amb`, text encoding. */
export const AMB_TEXT: Writable<MbsAnimation, string> = {
  name: ".amb text",
  codes: AMB,
  read: readAmb,
  write: writeAmbText,
  same: expectSameAmb,
  invariants: ambInvariants,
};

/** `.amb`, binary encoding; a binary read reports what the in-memory checks report. */
export const AMB_BINARY: Writable<MbsAnimation, Uint8Array> = {
  ...AMB_TEXT,
  name: ".amb binary",
  read: readAmb,
  write: writeAmbBinary,
  validate: validateAmb,
};

/** The seed's files and generated models, as `.amx` text. */
export const AMX_SEEDS = fc.oneof(
  fc.constantFrom(fixture("seed/seed-flat.amx"), fixture("seed/seed-lines.amx")),
  amxArb.map(writeAmx),
);

/** The seed's `CAD_Matrixes.dat` and generated models. */
export const CAD_SEEDS = fc.oneof(
  fc.constant(fixture("seed/CAD_Matrixes.dat")),
  cadArb.map(writeCad),
);

const agrFixtures = [fixture("agr/thermal-tets.agr"), fixture("agr/stress-plate.agr")];
const ambFixtures = [fixture("amb/slider-crank.amb")];

/** The `.agr` fixtures and generated models, as text. */
export const AGR_TEXT_SEEDS = fc.oneof(fc.constantFrom(...agrFixtures), agrArb.map(writeAgrText));

/** The `.agr` fixtures and generated models, as binary. */
export const AGR_BINARY_SEEDS = fc.oneof(
  fc.constantFrom(...agrFixtures).map((t) => writeAgrBinary(readAgr(t).model!)),
  agrArb.map(writeAgrBinary),
);

/** The `.amb` fixture and generated models, as text. */
export const AMB_TEXT_SEEDS = fc.oneof(fc.constantFrom(...ambFixtures), ambArb.map(writeAmbText));

/** The `.amb` fixture and generated models, as binary. */
export const AMB_BINARY_SEEDS = fc.oneof(
  fc.constantFrom(...ambFixtures).map((t) => writeAmbBinary(readAmb(t).model!)),
  ambArb.map(writeAmbBinary),
);
