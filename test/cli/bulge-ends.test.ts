/** `deforma bulge lint` warns about profiles that do not end at 0 (BLG030), located at the value. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openEndWarnings, readBulgeTypes } from "../../src/bulge/catalogue/index.js";
import { cli, fixture } from "../helpers.js";

function write(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-ends-"));
  writeFileSync(join(dir, "bulge_types"), text);
  return dir;
}

describe("bulge lint: open ends", () => {
  it("warns, located at the value, when a profile's end is not 0; the exit code stays 0", async () => {
    const dir = write(fixture("bulge/manual-generic.bulge_types"));
    const r = await cli(["bulge", "lint", "bulge_types"], dir);
    expect(r.code).toBe(0);
    // "0.008335" on line 3 (the first keypoint of the section at angle 0), its third value.
    expect(r.err).toContain("bulge_types:3:");
    expect(r.err).toMatch(/warning.*BLG030/);
    expect(r.err).toContain("ends at y 0.008335");
    expect(r.out).toContain("1 definition listed");
  });

  it("x off the circle icon at an end is warned about too; closed profiles are not", () => {
    const text =
      'bulge: "A" code: 1\nangle: 0\n0 0.1 0\n1 0.9 0.0125\nangle: 90\n0 0 0\n0.5 0.5 0.2\n1 1 0\n';
    const r = readBulgeTypes(text);
    const w = openEndWarnings(r.model.bulges[0]!, r.spans[0]);
    expect(w.map((d) => [d.code, text.slice(d.start, d.end)])).toEqual([
      ["BLG030", "0.1"],
      ["BLG030", "0.9"],
      ["BLG030", "0.0125"],
    ]);
    expect(w[2]!.args).toEqual({ bulge: '"A"', angle: 0, position: "1.0", value: 0.0125 });
  });
});
