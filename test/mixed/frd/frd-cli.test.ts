/**
 * A `.frd` through the code every solver format shares: `deforma check`,
 * `agr from` (DISP followed as the displacement, NDTEMP as the temperature,
 * STRESS:mises) and the studio's Mesh workspace (loadMeshFile).
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FileReader } from "../../../src/core/file-source.js";
import { FORMATS } from "../../../src/formats.js";
import { readAgr } from "../../../src/mixed/agr/index.js";
import { loadMeshFile } from "../../../src/mixed/load-mesh.js";
import { defaultScalar, detectDisplacement } from "../../../src/mixed/vtk/select.js";
import { cli, fixturePath } from "../../helpers.js";

const frd = fixturePath("frd/cantilever.frd");
const out = () => join(mkdtempSync(join(tmpdir(), "deforma-frd-")), "out.agr");

describe("a .frd in check, agr from and the Mesh workspace", () => {
  it("agr from refuses two .frd files with one finding that says why, nothing more", async () => {
    const r = await cli(["agr", "from", frd, frd, "--type", "1", "-o", out()]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("FMT006: a CalculiX results file is read alone");
    expect(r.err).not.toContain("VTK015");
  });

  it("check recognises it by content and reports its findings", async () => {
    const r = await cli(["check", fixturePath("frd/cantilever-binary.frd")]);
    expect(r.code).toBe(0);
    expect(r.out + r.err).toMatch(/ok \(CalculiX results, binary; 0 errors, 3 warnings\)/);
    expect(r.out + r.err).toMatch(/:1:2978: warning FRD011/);
  });

  // decision 190
  it("agr from --type 1 follows DISP as the displacement by its name, over both steps", async () => {
    expect(detectDisplacement({ pointData: [{ name: "DISP", components: 3 }] } as never)).toBe(
      "DISP",
    );
    expect(detectDisplacement({ pointData: [{ name: "DISPX", components: 3 }] } as never)).toBe(
      undefined,
    );
    const o = out();
    const r = await cli(["agr", "from", frd, "--type", "1", "--scalar", "STRESS:mises", "-o", o]);
    expect(r.code).toBe(0);
    expect(r.err).toContain("displacement 'DISP' (its name means displacement)");
    expect(r.err).not.toMatch(/VTK0(12|27|30)/);
    const agr = readAgr(new Uint8Array(readFileSync(o)));
    expect(agr.model?.times).toEqual(new Float64Array([1, 2]));
    expect(agr.model?.nodeCount).toBe(56);
  });

  // decision 190
  it("agr from --type 0 takes NDTEMP as the temperature", async () => {
    expect(
      defaultScalar({
        pointData: [
          { name: "NDTEMP", components: 1 },
          { name: "ERROR", components: 1 },
        ],
      } as never),
    ).toEqual({ name: "NDTEMP" });
    const o = out();
    const r = await cli(["agr", "from", frd, "--type", "0", "-o", o]);
    expect(r.code).toBe(0);
    expect(r.err).toContain("scalar 'NDTEMP' (its name means temperature)");
  });

  // decision 193
  it("claims no unit for NDTEMP: CalculiX has no unit system", async () => {
    const o = out();
    expect((await cli(["agr", "from", frd, "--type", "0", "-o", o])).code).toBe(0);
    const agr = readAgr(new Uint8Array(readFileSync(o))).model!;
    expect(agr.scalars.map((p) => [p.name, p.unit])).toEqual([["NDTEMP", "-"]]);
  });

  it("the Mesh workspace opens it as a two-frame body", async () => {
    const read: FileReader = async () => ({ status: "missing" });
    const bytes = new Uint8Array(readFileSync(frd));
    const r = await loadMeshFile("cantilever.frd", bytes, read, FORMATS);
    expect(r.model?.times).toEqual(new Float64Array([1, 2]));
    expect(r.model?.nodeCount).toBe(56);
    expect(r.report.flatMap((f) => f.diagnostics.map((d) => d.code))).toEqual([
      "FRD011",
      "FRD011",
      "FRD011",
    ]);
  });
});
