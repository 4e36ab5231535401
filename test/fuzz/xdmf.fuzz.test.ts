/**
 * Fuzzing of the XDMF reader: mutated and cut XDMF texts (inline data, and
 * FEniCSx's with a mutated HDF5 file) never throw and every finding is an
 * XDMF code located inside its file.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { XDM } from "../../src/mixed/xdmf/index.js";
import { FIXTURES, readText } from "../mixed/xdmf/xdmf-helpers.js";

const CODES = new Set<string>(Object.values(XDM).map((k) => k.code));
const MIXED = readFileSync(join(FIXTURES, "mixed-xdmf2.xmf"), "utf8");
const HEAT = readFileSync(join(FIXTURES, "heat_p1.xdmf"), "utf8").replaceAll("heat_p1.h5", "r.h5");
const H5 = new Uint8Array(readFileSync(join(FIXTURES, "heat_p1.h5")));

/** A seed with a slice replaced by junk drawn from XDMF's own vocabulary and digits. */
const mutated = (seed: string) =>
  fc
    .tuple(
      fc.nat(seed.length),
      fc.nat(40),
      fc.array(
        fc.constantFrom(
          "<",
          ">",
          "/",
          '"',
          "'",
          " ",
          "-1",
          "1e309",
          "Mixed",
          "Grid",
          "DataItem",
          "9",
          "0",
          ":",
          "[",
          "]",
          "\n",
        ),
        { maxLength: 12 },
      ),
    )
    .map(([at, cut, junk]) => seed.slice(0, at) + junk.join("") + seed.slice(at + cut));

async function located(text: string, files: Record<string, Uint8Array> = {}): Promise<void> {
  const r = await readText(text, files);
  for (const d of r.diagnostics) {
    expect(CODES.has(d.code), d.code).toBe(true);
    expect(d.start >= 0 && d.start <= d.end && d.end <= r.text.length).toBe(true);
  }
  for (const rel of r.related)
    for (const d of rel.diagnostics) expect(CODES.has(d.code), d.code).toBe(true);
}

describe("XDMF reader fuzzing", () => {
  it("never throws on mutated inline XDMF, and locates every finding", async () => {
    await fc.assert(
      fc.asyncProperty(mutated(MIXED), (t) => located(t)),
      { numRuns: 150 },
    );
  });

  it("never throws on a FEniCSx XDMF with a mutated HDF5 file", async () => {
    const bytes = fc
      .tuple(fc.nat(H5.length - 1), fc.array(fc.nat(255), { minLength: 1, maxLength: 16 }))
      .map(([at, junk]) => {
        const b = H5.slice();
        b.set(junk.slice(0, b.length - at), at);
        return b;
      });
    await fc.assert(
      fc.asyncProperty(mutated(HEAT), bytes, (t, h5) => located(t, { "r.h5": h5 })),
      { numRuns: 40 },
    );
  });
});
