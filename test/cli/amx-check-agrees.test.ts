/**
 * `deforma check x.amx` and `deforma amx validate x.amx` agree: the `.amx`
 * descriptor reads the companions through the registry's context reader
 * (`FormatReadContext.read`), so both report the same cross-file findings
 * and each companion's own, on a copy of the demo and on a broken model.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, demoPath } from "../helpers.js";

const DEMO_FILES = [
  "slider-crank.amx",
  "slider-crank.amb",
  "CAD_Matrixes.dat",
  "rod.agr",
  "piston.agr",
];

/** A scratch folder holding a copy of the demo's mixed model. */
function demoCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-amx-agree-"));
  for (const f of DEMO_FILES) copyFileSync(demoPath(f), join(dir, f));
  return dir;
}

/** The findings both commands print with --json, and their exit codes. */
async function both(dir: string, file: string) {
  const checked = await cli(["check", file, "--json"], dir);
  const validated = await cli(["amx", "validate", file, "--json"], dir);
  return {
    check: { code: checked.code, json: JSON.parse(checked.out) },
    validate: { code: validated.code, json: JSON.parse(validated.out) },
  };
}

describe("check and amx validate agree on an .amx", () => {
  // decision 146
  it("find the demo's copy clean, companions read", async () => {
    const dir = demoCopy();
    const r = await both(dir, "slider-crank.amx");
    expect(r.check).toEqual(r.validate);
    expect(r.check).toEqual({ code: 0, json: { ok: true, diagnostics: [] } });
  });

  // decision 146
  it("report the same cross-file and companion findings on a broken model", async () => {
    const dir = demoCopy();
    const amx = readFileSync(join(dir, "slider-crank.amx"), "utf8");
    // Body 4 becomes 9 (in neither the MBS animation nor CAD_Matrixes.dat); piston.agr goes away.
    writeFileSync(join(dir, "broken.amx"), amx.replace("4 1 0", "9 1 0").replace("piston", "gone"));
    // The mesh of body 3 holds errors of its own.
    writeFileSync(join(dir, "rod.agr"), "DEFORMA-AGR 1\ntype x\n");
    const r = await both(dir, "broken.amx");
    expect(r.check).toEqual(r.validate);
    expect(r.check.code).toBe(1);
    const found = r.check.json.diagnostics.map(
      (d: { file: string; code: string; line: number }) => `${d.file}:${d.line} ${d.code}`,
    );
    expect(found).toEqual(
      expect.arrayContaining([
        "broken.amx:8 AMX107",
        "broken.amx:8 AMX103",
        "broken.amx:9 AMX101",
        "rod.agr:2 AGR005",
      ]),
    );
  });
});
