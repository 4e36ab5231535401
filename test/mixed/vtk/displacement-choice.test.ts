/**
 * Issue 18, item 1: displacement is chosen, never guessed silently. Names
 * that can only mean displacement are followed; `U`/`u` (OpenFOAM's
 * velocity) is ambiguous: the studio never warps by it, `agr from-vtk
 * --type 1` takes it only with a warning naming it (VTK030); every
 * conversion says which arrays it took and why; a name settles no unit.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FileReader } from "../../../src/core/file-source.js";
import { FORMATS } from "../../../src/formats.js";
import { readAgr } from "../../../src/mixed/agr/index.js";
import { loadMeshFile } from "../../../src/mixed/load-mesh.js";
import {
  chooseDisplacement,
  detectDisplacement,
  isAmbiguousDisplacementName,
} from "../../../src/mixed/vtk/select.js";
import { withSplitDisplacement } from "../../../src/mixed/vtk/split-displacement.js";
import { unitText, withUnit } from "../../../web/src/mixed/unit-label.js";
import { cli } from "../../helpers.js";

const FIXTURES = join(__dirname, "../../fixtures/vtk/disp");
const fixture = (name: string) => join(FIXTURES, name);

/** A frame with 3-component point arrays named `names`. */
const frame = (names: string[], comps = 3) =>
  ({
    pointData: names.map((name) => ({ name, components: comps, values: new Float64Array() })),
  }) as never;

async function openInStudio(name: string) {
  const bytes = new Uint8Array(readFileSync(fixture(name)));
  const read: FileReader = async () => ({ status: "missing" });
  return loadMeshFile(name, bytes, read, FORMATS);
}

describe("choosing the displacement", () => {
  // decision 176
  it("follows names that can only mean displacement; U/u alone is ambiguous", () => {
    for (const n of ["DISPL", "Displacement", "displacement_", "Nodal Displacement"])
      expect(detectDisplacement(frame([n, "V"])), n).toBe(n);
    for (const n of ["U", "u"]) {
      expect(detectDisplacement(frame([n])), n).toBeUndefined();
      expect(isAmbiguousDisplacementName(n)).toBe(true);
      expect(chooseDisplacement(frame([n]), undefined, false)).toBeUndefined();
      expect(chooseDisplacement(frame([n]), undefined, true)).toEqual({
        name: n,
        reason: "ambiguous",
      });
    }
    expect(chooseDisplacement(frame(["U", "DISPL"]), undefined, true)).toEqual({
      name: "DISPL",
      reason: "by name",
    });
    expect(chooseDisplacement(frame(["U"]), "U", false)).toEqual({ name: "U", reason: "named" });
  });

  // decision 176
  it("the studio does not warp by an OpenFOAM-style U: it offers it by magnitude", async () => {
    for (const name of ["openfoam-U.vtk", "only-U.vtk"]) {
      const r = await openInStudio(name);
      const m = r.model!;
      expect(r.vtk?.displacement, name).toBeUndefined();
      // The studio says why it did not warp.
      expect(r.vtk?.notWarped, name).toBe("U");
      // The positions never move: no frame is drawn displaced by m/s.
      const coords = m.vectorValues[0]!;
      expect([...coords.subarray(0, 24)], name).toEqual([...m.positions]);
      expect(
        m.scalars.map((p) => p.name),
        name,
      ).toContain("U_magnitude");
      expect(r.report.flatMap((f) => f.diagnostics.map((d) => d.code))).not.toContain("VTK030");
    }
    const both = await openInStudio("openfoam-U.vtk");
    expect(both.vtk?.type).toBe(0);
    expect(both.model!.scalars[0]!.name).toBe("p");
  });

  // decision 176
  it("the studio follows an array named displacement, with no unit claimed", async () => {
    const r = await openInStudio("displacement.vtk");
    expect(r.vtk?.displacement).toBe("displacement");
    const m = r.model!;
    expect(m.vectorValues[0]![3 * 7 + 2]).toBeCloseTo(1 + 0.007, 6);
    expect(m.scalars[0]).toMatchObject({ name: "displacement", unit: "-" });
  });
});

describe("agr from-vtk says what it took", () => {
  const out = () => join(mkdtempSync(join(tmpdir(), "deforma-disp-")), "out.agr");

  // decision 177
  it("--type 1 takes U only with a warning naming it, and says so on one line", async () => {
    const o = out();
    const r = await cli(["agr", "from-vtk", fixture("openfoam-U.vtk"), "--type", "1", "-o", o]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/warning VTK030: 'U' is taken as the displacement/);
    const line = r.err.split("\n").filter((l) => l.includes("arrays:"));
    expect(line).toEqual([`${o}: arrays: displacement 'U' (U may be velocity: --type 1 takes it)`]);
    // After the findings, before "written".
    expect(r.err.indexOf("arrays:")).toBeGreaterThan(r.err.indexOf("VTK030"));
    expect(r.err.indexOf("arrays:")).toBeLessThan(r.err.indexOf("written"));
  });

  // decision 177
  it("--displacement NAME chooses explicitly; a displacement name is followed", async () => {
    const o = out();
    const named = await cli([
      "agr",
      "from-vtk",
      fixture("openfoam-U.vtk"),
      "--type",
      "1",
      "--displacement",
      "U",
      "-o",
      o,
    ]);
    expect(named.code).toBe(0);
    expect(named.err).not.toMatch(/VTK030/);
    expect(named.err).toContain(`${o}: arrays: displacement 'U' (--displacement)`);
    const o2 = out();
    const found = await cli([
      "agr",
      "from-vtk",
      fixture("displacement.vtk"),
      "--type",
      "1",
      "-o",
      o2,
    ]);
    expect(found.code).toBe(0);
    expect(found.err).toContain(
      `${o2}: arrays: displacement 'displacement' (its name means displacement)`,
    );
    // A name settles no unit: the .agr says "-", not metres.
    const model = readAgr(new Uint8Array(readFileSync(o2))).model!;
    expect(model.scalars[0]).toMatchObject({ name: "displacement", unit: "-" });
  });

  // decision 177
  it("type 0 says which scalar it took and why", async () => {
    const o = out();
    const r = await cli(["agr", "from-vtk", fixture("openfoam-U.vtk"), "--type", "0", "-o", o]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`${o}: arrays: scalar 'p' (the only one-component array)`);
  });
});

describe("unit labels", () => {
  // decision 178
  it("claim no unit they do not know", () => {
    expect(withUnit("displacement", "-")).toBe("displacement");
    expect(withUnit("displacement", "")).toBe("displacement");
    expect(withUnit("temperature", "K")).toBe("temperature (K)");
    expect(unitText("-")).toBe("");
    expect(unitText("MPa")).toBe("MPa");
  });
});

describe("split displacement components", () => {
  // decision 179
  it("combines deal.II's x_/y_/z_displacement into one vector, in the CLI and the studio", async () => {
    const o = join(mkdtempSync(join(tmpdir(), "deforma-disp-")), "out.agr");
    const r = await cli(["agr", "from-vtk", fixture("dealii-split.vtk"), "--type", "1", "-o", o]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      `${o}: arrays: 'displacement' combined from 'x_displacement', 'y_displacement', 'z_displacement'; displacement 'displacement' (its name means displacement)`,
    );
    const model = readAgr(new Uint8Array(readFileSync(o))).model!;
    // Node 7 at (1, 1, 1) moves by 7 · (0.001, −0.002, 0.003).
    const at = 3 * 7;
    expect([...model.vectorValues[0]!.subarray(at, at + 3)].map((v) => +v.toFixed(6))).toEqual([
      1.007, 0.986, 1.021,
    ]);
    const studio = await openInStudio("dealii-split.vtk");
    expect(studio.vtk?.displacement).toBe("displacement");
    expect(studio.vtk?.type).toBe(1);
  });

  // decision 179
  it("takes z = 0 in 2-D and leaves a frame with its own displacement alone", () => {
    const f = (names: string[]) =>
      ({
        pointCount: 2,
        pointData: names.map((name) => ({
          name,
          components: 1,
          values: Float64Array.from([1, 2]),
        })),
      }) as never;
    const two = withSplitDisplacement(f(["x_displacement", "Y_Displacement"]));
    const d = two.pointData.find((a) => a.name === "displacement")!;
    expect(d.components).toBe(3);
    expect([...d.values]).toEqual([1, 1, 0, 2, 2, 0]);
    const own = f(["x_displacement", "y_displacement", "displacement"]);
    expect(withSplitDisplacement(own)).toBe(own);
    const xOnly = f(["x_displacement"]);
    expect(withSplitDisplacement(xOnly)).toBe(xOnly);
  });
});
