import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readAgr } from "../../src/mixed/agr/index.js";
import { cli } from "../helpers.js";
import { demoPath } from "./export-helpers.js";

describe("deforma mixed export / agr from-vtk", () => {
  // decision 22
  it("refuses a frame rate that would make more than a million frames (usage error)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-cli-"));
    const r = await cli([
      "mixed",
      "export",
      demoPath("slider-crank.amx"),
      "--vtk",
      join(dir, "v"),
      "--fps",
      "1e12",
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("more than 1000000 frames");
  });

  it("never writes a hidden (dot) file name for a body", async () => {
    const { safeName } = await import("../../src/mixed/vtk/export.js");
    expect(safeName(".hidden")).toBe("_hidden");
    expect(safeName("..")).toBe("_.");
    expect(safeName("")).toBe("_");
    expect(safeName("rod 1/2")).toBe("rod_1_2");
  });

  it("exports the demo to .glb once and refuses to overwrite without --force", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-cli-"));
    const out = join(dir, "demo.glb");
    const args = [
      "mixed",
      "export",
      demoPath("slider-crank.amx"),
      "--gltf",
      out,
      "--frame-step",
      "10",
    ];
    const r = await cli(args);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/demo\.glb: written \(\d+ bytes\)/);
    expect(readFileSync(out).subarray(0, 4).toString()).toBe("glTF");
    expect((await cli(args)).code).toBe(1);
    expect((await cli([...args, "--force"])).code).toBe(0);
  });

  // decision 101
  it("exports a VTK series, refuses a non-empty folder, and from-vtk makes a valid .agr of the rod", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-cli-"));
    const out = join(dir, "vtk");
    const args = ["mixed", "export", demoPath("slider-crank.amx"), "--vtk", out, "--fps", "4"];
    const r = await cli(args);
    expect(r.code).toBe(0);
    expect(existsSync(join(out, "slider-crank.pvd"))).toBe(true);
    expect((await cli(args)).code).toBe(1);
    // --force replaces the series whole; a folder holding anything else is never replaced.
    expect((await cli([...args, "--force"])).code).toBe(0);
    writeFileSync(join(out, "notes.txt"), "mine\n");
    const refused = await cli([...args, "--force"]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("holds 'notes.txt', which is not part of a VTK series");
    expect(readFileSync(join(out, "notes.txt"), "utf8")).toBe("mine\n");
    rmSync(join(out, "notes.txt"));
    const agr = join(dir, "rod.agr");
    const f = await cli([
      "agr",
      "from-vtk",
      join(out, "slider-crank_connecting_rod.pvd"),
      "--type",
      "1",
      "-o",
      agr,
    ]);
    expect(f.err).toContain("2135 nodes, 1440 cells, 13 frames");
    expect(f.code).toBe(0);
    const back = readAgr(readFileSync(agr));
    expect(back.diagnostics).toEqual([]);
    expect(back.model?.times.length).toBe(13);
    // The piston moves with the crank in world space: not a thermal series.
    const p = await cli([
      "agr",
      "from-vtk",
      join(out, "slider-crank.pvd"),
      "--block",
      "piston",
      "--type",
      "0",
      "-o",
      join(dir, "p.agr"),
    ]);
    expect(p.code).toBe(1);
    expect(p.err).toContain("error VTK011");
  });

  it("prints located diagnostics of a broken input and exits 1; usage mistakes exit 2", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-cli-"));
    const bad = join(dir, "bad.vtu");
    writeFileSync(bad, '<VTKFile type="UnstructuredGrid">\n<UnstructuredGrid>\n<Piece\n');
    const r = await cli(["agr", "from-vtk", bad, "--type", "1", "-o", join(dir, "x.agr")]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/bad\.vtu:3:1: error VTK001/);
    expect((await cli(["agr", "from-vtk", bad, "--type", "2", "-o", "x.agr"])).code).toBe(2);
    expect((await cli(["mixed", "export", demoPath("slider-crank.amx")])).code).toBe(2);
    expect(
      (
        await cli([
          "mixed",
          "export",
          demoPath("slider-crank.amx"),
          "--gltf",
          "a.glb",
          "--fps",
          "0",
        ])
      ).code,
    ).toBe(2);
    const missing = await cli([
      "mixed",
      "export",
      join(dir, "none.amx"),
      "--gltf",
      join(dir, "a.glb"),
    ]);
    expect(missing.code).toBe(2);
    // An .amx whose companions are missing: its diagnostics, exit 1, nothing written.
    writeFileSync(join(dir, "alone.amx"), readFileSync(demoPath("slider-crank.amx")));
    const alone = await cli([
      "mixed",
      "export",
      join(dir, "alone.amx"),
      "--gltf",
      join(dir, "a.glb"),
    ]);
    expect(alone.code).toBe(1);
    expect(alone.err).toMatch(/alone\.amx:1:1: error AMX\d+/);
    expect(existsSync(join(dir, "a.glb"))).toBe(false);
  });
});
