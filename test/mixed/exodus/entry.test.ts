/**
 * Exodus II through the existing entries: `deforma check`, `agr from … -o
 * x.agr` and the studio's `#/mesh` loader, in both encodings; MOOSE's
 * `_out.e-s002` adaptivity files known by content.
 */
import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FORMATS } from "../../../src/formats.js";
import { readSolverSeries } from "../../../src/mixed/index.js";
import { loadMeshFile } from "../../../src/mixed/load-mesh.js";
import { meshAnimationFromVtk } from "../../../src/mixed/vtk/index.js";
import { cli } from "../../helpers.js";
import { exodusFixture, fixtureBytes } from "./helpers.js";

const missing = async () => ({ status: "missing" }) as const;

interface Info {
  nodes: number;
  elements: number;
  cells: Record<string, number>;
  frames: number;
  scalars: { name: string; min: number; max: number }[];
}

describe("Exodus II in check, agr from and the Mesh workspace", () => {
  it("deforma check names the encoding of each file and finds no error", async () => {
    for (const [file, variant] of [
      ["classic.exo", "NetCDF-3 classic"],
      ["offset64.e", "NetCDF-3 64-bit offset"],
      ["hdf5.exo", "NetCDF-4"],
    ] as const) {
      const r = await cli(["check", exodusFixture(file)]);
      expect(r.code, r.err + r.out).toBe(0);
      expect(r.out + r.err).toContain(`Exodus II results, ${variant}; 0 errors`);
    }
  });

  // decision 205
  it("knows a MOOSE adaptivity file (run_out.e-s002) by its NetCDF-3 content, whatever its name", async () => {
    const dir = mkdtempSync(join(tmpdir(), "exo-"));
    const path = join(dir, "run_out.e-s002");
    copyFileSync(exodusFixture("offset64.e"), path);
    const r = await cli(["check", path]);
    expect(r.code, r.err + r.out).toBe(0);
    expect(r.out + r.err).toContain("Exodus II results, NetCDF-3 64-bit offset");
  });

  // decision 207
  it("agr from --type 1 follows MOOSE's disp_x/disp_y/disp_z as the displacement 'disp' and says so", async () => {
    const dir = mkdtempSync(join(tmpdir(), "exo-"));
    for (const file of ["classic.exo", "hdf5.exo"]) {
      const out = join(dir, `${file}.agr`);
      const r = await cli(["agr", "from", exodusFixture(file), "--type", "1", "-o", out]);
      expect(r.code, r.err).toBe(0);
      expect(r.err).toMatch(/arrays: displacement 'disp'/);
      const info = await cli(["agr", "info", "--json", out]);
      const says = JSON.parse(info.out) as Info;
      expect([says.nodes, says.cells, says.frames]).toEqual([24, { hex: 2, tet: 1 }, 3]);
      // |disp| is largest at the last step at the bar's far node, x = 6, z = 0: (0.06, −0.72, 0).
      const peak = Math.hypot(0.06, 0.72);
      expect(says.scalars[0]!.name).toBe("displacement");
      expect(Math.abs(says.scalars[0]!.max - peak)).toBeLessThan(1e-6);
    }
  });

  // decision 218
  it("a conversion notes the bar once, as for a VTK beam (VTK020), not as an Exodus warning too", async () => {
    const series = await readSolverSeries(
      [{ name: "classic.exo", bytes: fixtureBytes("classic.exo") }],
      FORMATS,
    );
    const made = meshAnimationFromVtk(series.frames, { type: 0 });
    const codes = [...series.report, ...made.report].flatMap((f) =>
      f.diagnostics.map((d) => d.code),
    );
    expect(codes.filter((c) => c === "VTK020" || c === "EXO010")).toEqual(["VTK020"]);
    expect(made.model?.lines).toBeUndefined();
  });

  it("agr from --type 0 takes temp as the temperature, from the NetCDF-4 file as from NetCDF-3", async () => {
    const dir = mkdtempSync(join(tmpdir(), "exo-"));
    const out = join(dir, "t.agr");
    const r = await cli(["agr", "from", exodusFixture("hdf5.exo"), "--type", "0", "-o", out]);
    expect(r.code, r.err).toBe(0);
    const says = JSON.parse((await cli(["agr", "info", "--json", out])).out) as Info;
    expect(says.scalars.map((s) => [s.name, s.min, s.max])).toEqual([["temp", 300, 420]]);
    expect(readFileSync(out).length).toBeGreaterThan(0);
  });

  it("the Mesh workspace opens either encoding warped by disp", async () => {
    for (const file of ["offset64.e", "hdf5.exo"]) {
      const m = await loadMeshFile(file, fixtureBytes(file), missing, FORMATS);
      expect(m.model?.type, JSON.stringify(m.report)).toBe(1);
      expect(m.vtk?.displacement).toBe("disp");
      expect(m.model!.times.length).toBe(3);
    }
  });
});
