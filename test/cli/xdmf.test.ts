/**
 * XDMF through the commands: `agr from x.xdmf` converts a FEniCSx series
 * (its HDF5 file read beside it), `deforma check` reports the HDF5 file's
 * own problems under its name and refuses one outside the folder.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../helpers.js";
import { FIXTURES } from "../mixed/xdmf/xdmf-helpers.js";

/** A temp folder with the XDMF fixtures. */
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-xdmf-"));
  for (const f of ["heat_p1.xdmf", "heat_p1.h5", "plate_p2.xdmf", "plate_p2.h5", "mixed-xdmf2.xmf"])
    copyFileSync(join(FIXTURES, f), join(dir, f));
  return dir;
}

describe("XDMF in the commands", () => {
  it("agr from converts a FEniCSx series, type 0 (T) and type 1 (displacement)", async () => {
    const dir = folder();
    const heat = await cli(["agr", "from", "heat_p1.xdmf", "--type", "0", "-o", "h.agr"], dir);
    expect(heat.code, heat.err).toBe(0);
    expect(heat.err).toContain("h.agr: written (type 0, 45 nodes, 96 cells, 3 frames)");
    const info = await cli(["agr", "info", "h.agr"], dir);
    expect(info.code, info.err).toBe(0);
    const plate = await cli(
      ["agr", "from-vtk", "plate_p2.xdmf", "--type", "1", "-o", "p.agr"],
      dir,
    );
    expect(plate.code, plate.err).toBe(0);
    expect(plate.err).toContain("displacement 'displacement'");
    expect(plate.err).toContain("written (type 1, 35 nodes, 12 cells, 2 frames)");
    const mixed = await cli(
      ["agr", "from", "mixed-xdmf2.xmf", "--type", "0", "--scalar", "temperature", "-o", "m.agr"],
      dir,
    );
    expect(mixed.code, mixed.err).toBe(0);
  });

  // decision 201
  it("check reports a broken HDF5 file under its own name and one outside the folder in the XDMF", async () => {
    const dir = folder();
    writeFileSync(join(dir, "broken.h5"), readFileSync(join(dir, "heat_p1.h5")).subarray(0, 400));
    const text = readFileSync(join(dir, "heat_p1.xdmf"), "utf8");
    writeFileSync(join(dir, "broken.xdmf"), text.replaceAll("heat_p1.h5:", "broken.h5:"));
    mkdirSync(join(dir, "sub"));
    writeFileSync(join(dir, "sub", "out.xdmf"), text.replaceAll("heat_p1.h5:", "../heat_p1.h5:"));
    const ok = await cli(["check", "heat_p1.xdmf", "plate_p2.xdmf"], dir);
    expect(ok.code, ok.out + ok.err).toBe(0);
    expect(ok.out).toContain("heat_p1.xdmf: ok (XDMF data (with HDF5); 0 errors, 0 warnings)");
    const bad = await cli(["check", "broken.xdmf"], dir);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/broken\.h5:.*error XDM011/);
    const out = await cli(["check", "sub/out.xdmf"], dir);
    expect(out.code).toBe(1);
    expect(out.out).toMatch(
      /sub\/out\.xdmf:\d+:\d+: error XDM010: HDF5 file '.*heat_p1\.h5' cannot be read: it lies outside/,
    );
  });
});
