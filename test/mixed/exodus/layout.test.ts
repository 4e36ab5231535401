/**
 * The Exodus II layout's rules without a file: element type names as `.agr`
 * cells, and nodal components combined into vectors.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exodusCell } from "../../../src/mixed/exodus/elements.js";
import { readExodus } from "../../../src/mixed/exodus/read.js";
import { withVectors } from "../../../src/mixed/exodus/vectors.js";
import { corpusFile } from "../../helpers.js";
import { fixtureBytes } from "./helpers.js";

const one = (name: string, values: number[]) => ({
  name,
  components: 1,
  values: Float64Array.from(values),
});

describe("Exodus II element types", () => {
  // decision 209
  it("draws every order from its corners; bars, beams, trusses are lines and spheres points", () => {
    const cases: [string, number, unknown][] = [
      ["HEX", 8, { to: 12, corners: 8 }],
      ["HEX20", 20, { to: 12, corners: 8 }],
      ["hex27", 27, { to: 12, corners: 8 }],
      ["TETRA", 4, { to: 10, corners: 4 }],
      ["TETRA10", 10, { to: 10, corners: 4 }],
      ["WEDGE15", 15, { to: 13, corners: 6 }],
      ["PYRAMID13", 13, { to: 14, corners: 5 }],
      ["QUAD8", 8, { to: 9, corners: 4 }],
      ["SHELL4", 4, { to: 9, corners: 4 }],
      ["SHELL2", 2, { skip: "line" }],
      ["TRI6", 6, { to: 5, corners: 3 }],
      ["TRISHELL3", 3, { to: 5, corners: 3 }],
      ["TRUSS2", 2, { skip: "line" }],
      ["BEAM3", 3, { skip: "line" }],
      ["BAR2", 2, { skip: "line" }],
      ["SPHERE", 1, { skip: "point" }],
      ["NSIDED", 0, undefined],
      ["NFACED", 0, undefined],
    ];
    for (const [type, nodes, cell] of cases) expect(exodusCell(type, nodes), type).toEqual(cell);
  });
});

describe("Exodus II vectors", () => {
  // decision 204
  it("combines MOOSE's disp_x/y/z and Sierra's DISPLX/Y/Z into vectors named by their stem, keeping the components", () => {
    const moose = withVectors(
      [one("disp_x", [1, 2]), one("disp_y", [3, 4]), one("disp_z", [5, 6]), one("temp", [0, 0])],
      3,
    );
    expect(moose.map((a) => [a.name, a.components])).toEqual([
      ["disp_x", 1],
      ["disp_y", 1],
      ["disp_z", 1],
      ["temp", 1],
      ["disp", 3],
    ]);
    expect([...moose[4]!.values]).toEqual([1, 3, 5, 2, 4, 6]);
    const sierra = withVectors([one("DISPLX", [1]), one("DISPLY", [2]), one("DISPLZ", [3])], 3);
    expect(sierra.at(-1)).toEqual({
      name: "DISPL",
      components: 3,
      values: Float64Array.of(1, 2, 3),
    });
  });

  // decision 204
  it("in 2-D takes x and y (z = 0); never makes a vector of tensor components or of a lone axis", () => {
    const flat = withVectors([one("vel_x", [1]), one("vel_y", [2])], 2);
    expect(flat.at(-1)).toEqual({ name: "vel", components: 3, values: Float64Array.of(1, 2, 0) });
    expect(withVectors([one("vel_x", [1]), one("vel_y", [2])], 3)).toHaveLength(2);
    const tensor = [one("stress_xx", [1]), one("stress_xy", [2]), one("stress_xz", [3])];
    expect(withVectors(tensor, 3)).toHaveLength(3);
  });
});

describe("Exodus II results", () => {
  // decision 208
  it("reads no global variable: 'energy' is in no frame", async () => {
    const r = await readExodus(fixtureBytes("classic.exo"), "classic.exo");
    for (const f of r.frames!)
      expect([...f.pointData, ...f.cellData].map((a) => a.name)).not.toContain("energy");
  });

  // decision 208
  it.skipIf(!corpusFile("solver-output/vtk-data/mesh_fs8.exo"))(
    "a mesh without time steps (mesh_fs8.exo) is one frame without time",
    async () => {
      const path = corpusFile("solver-output/vtk-data/mesh_fs8.exo")!;
      const r = await readExodus(new Uint8Array(readFileSync(path)), path);
      expect(r.frames!.map((f) => f.time)).toEqual([undefined]);
      expect(r.frames![0]!.types.length).toBe(1344);
    },
  );

  // decision 211
  it("reads meshio's vector nodal variable (time_step, num_nodes, 3) as one 3-component array", async () => {
    const r = await readExodus(fixtureBytes("meshio.e"), "meshio.e");
    expect(r.diagnostics).toEqual([]);
    const f = r.frames![0]!;
    expect([...f.types]).toEqual([12, 5]);
    expect(f.pointData.map((a) => [a.name, a.components])).toEqual([
      ["T", 1],
      ["displacement", 3],
    ]);
    const x = [0, 1, 1, 0, 0, 1, 1, 0];
    expect([...f.pointData[0]!.values]).toEqual(x.map((v) => 300 + 10 * v));
    expect([...f.pointData[1]!.values.filter((_, i) => i % 3 === 0)]).toEqual(
      x.map((v) => 0.01 * v),
    );
  });
});
