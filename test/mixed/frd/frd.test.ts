/**
 * Issue 18: CalculiX `.frd` results. The fixture is a C3D20R cantilever run
 * by ccx 2.20 (a heat step, then a static step); the reference is the same
 * run's `.dat` (`*NODE PRINT` of NT and U) read by a small Python script.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readFrd } from "../../../src/mixed/frd/index.js";
import { scalarValues } from "../../../src/mixed/vtk/select.js";
import { corpusFile, fixturePath } from "../../helpers.js";

const bytes = (name: string) => new Uint8Array(readFileSync(fixturePath(`frd/${name}`)));
const ascii = readFrd(bytes("cantilever.frd"), "cantilever.frd");
const binary = readFrd(bytes("cantilever-binary.frd"), "cantilever-binary.frd");
const PYTHON = "/usr/bin/python3";

interface Table {
  time: number;
  values: Record<string, number[]>;
}

/** The `.dat` tables, read by the fixture's Python script. */
function reference(): Record<string, Table[]> {
  const r = spawnSync(PYTHON, [fixturePath("frd/read-dat.py"), fixturePath("frd/cantilever.dat")]);
  return JSON.parse(r.stdout.toString());
}

/** The values of array `name` of frame `k` at node number `label`. */
function at(read: ReturnType<typeof readFrd>, k: number, name: string, label: number): number[] {
  const a = read.frames[k]!.pointData.find((x) => x.name === name)!;
  const i = read.labels.indexOf(label);
  return [...a.values.subarray(i * a.components, (i + 1) * a.components)];
}

describe("the .frd reader against the run's .dat", () => {
  it.skipIf(!existsSync(PYTHON))("counts and values equal the .dat's", () => {
    const ref = reference();
    expect(ascii.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(ascii.frames.map((f) => f.time)).toEqual([1, 2]);
    const f = ascii.frames[0]!;
    expect(f.pointCount).toBe(56);
    expect(f.types).toEqual(new Uint8Array([12, 12, 12, 12]));
    const temps = ref.temperatures!;
    const disps = ref.displacements!;
    expect(temps.map((t) => t.time)).toEqual([1, 2]);
    expect(Object.keys(temps[0]!.values)).toHaveLength(56);
    for (const [k, table] of temps.entries())
      for (const [label, [t]] of Object.entries(table.values))
        expect(at(ascii, k, "NDTEMP", Number(label))[0]).toBeCloseTo(t!, 3);
    let peak = 0;
    for (const [label, u] of Object.entries(disps[0]!.values)) {
      const got = at(ascii, 1, "DISP", Number(label));
      // Five significant digits in the .frd.
      for (let c = 0; c < 3; c++)
        expect(Math.abs(got[c]! - u[c]!)).toBeLessThan(1e-5 * Math.abs(u[c]!) + 1e-12);
      peak = Math.max(peak, Math.hypot(...u));
    }
    expect(peak).toBeGreaterThan(1e-3);
  });

  it("binary blocks give the ASCII file's values within float precision, located by byte", () => {
    expect(binary.binary).toBe(true);
    expect(binary.text).toBeUndefined();
    expect(ascii.text).toBeDefined();
    expect(binary.frames.length).toBe(2);
    expect(binary.labels).toEqual(ascii.labels);
    expect(binary.frames[0]!.points).toEqual(ascii.frames[0]!.points);
    expect(binary.frames[0]!.connectivity).toEqual(ascii.frames[0]!.connectivity);
    for (const k of [0, 1])
      for (const a of ascii.frames[k]!.pointData) {
        const b = binary.frames[k]!.pointData.find((x) => x.name === a.name)!;
        expect(b.components).toBe(a.components);
        let worst = 0;
        a.values.forEach((v, i) => {
          worst = Math.max(worst, Math.abs(b.values[i]! - v) / (Math.abs(v) || 1));
        });
        expect(worst).toBeLessThanOrEqual(1e-6);
      }
    expect(binary.diagnostics.map((d) => d.code)).toEqual(ascii.diagnostics.map((d) => d.code));
  });

  it("keeps every node of a second-order element and draws the cell from its corners", () => {
    const f = ascii.frames[0]!;
    const labels = [...f.connectivity.subarray(0, 8)].map((i) => ascii.labels[i]);
    // Element 1's first eight nodes in the .frd (its corners).
    expect(labels).toEqual([1000, 1007, 1014, 1021, 1028, 1035, 1042, 1049]);
    // Mid-side nodes are points too.
    expect(new Set(f.connectivity).size).toBeLessThan(f.pointCount);
  });

  it("STRESS is a symmetric tensor: :mises works", () => {
    const a = ascii.frames[1]!.pointData.find((x) => x.name === "STRESS")!;
    expect(a.components).toBe(6);
    const m = scalarValues(ascii.frames[1]!, "STRESS:mises");
    expect(m).toBeInstanceOf(Float64Array);
    expect(Math.max(...(m as Float64Array))).toBeGreaterThan(1);
  });

  // decision 192
  it("a step is a frame; a result missing from a step is held, one FRD011 per result", () => {
    expect(ascii.frames[0]!.pointData.map((a) => a.name)).toEqual([
      "NDTEMP",
      "DISP",
      "STRESS",
      "ERROR",
    ]);
    const held = ascii.diagnostics.filter((d) => d.code === "FRD011");
    expect(held.map((d) => d.args?.name)).toEqual(["DISP", "STRESS", "ERROR"]);
    expect(held.every((d) => d.severity === "warning" && d.args?.frame === 0)).toBe(true);
    // DISP is 0 before its first step; STRESS takes that step's values.
    expect(ascii.frames[0]!.pointData[1]!.values.every((v) => v === 0)).toBe(true);
    expect(ascii.frames[0]!.pointData[2]!.values).toBe(ascii.frames[1]!.pointData[2]!.values);
    // The warning sits on the first step's 100C record.
    expect(ascii.text!.slice(held[0]!.start, held[0]!.start + 7)).toBe("  100CL");
  });

  // decision 191
  it("ccx's pe15 and te10 become a VTK wedge and tetrahedron of the right handedness", () => {
    const r = readFrd(bytes("shapes.frd"), "shapes.frd");
    expect(r.diagnostics).toEqual([]);
    const f = r.frames[0]!;
    expect([...f.types]).toEqual([13, 10]);
    expect(f.pointCount).toBe(25);
    const p = (k: number) => [
      ...f.points.subarray(3 * f.connectivity[k]!, 3 * f.connectivity[k]! + 3),
    ];
    /** (b − a) × (c − a) · (d − a) of the connectivity entries a b c d. */
    const volume = (a: number, b: number, c: number, d: number) => {
      const [o, u, v, w] = [p(a), p(b), p(c), p(d)];
      const s = (x: number[]) => x.map((xi, i) => xi - o[i]!);
      const [x, y, z] = [s(u), s(v), s(w)];
      return (
        (x[1]! * y[2]! - x[2]! * y[1]!) * z[0]! +
        (x[2]! * y[0]! - x[0]! * y[2]!) * z[1]! +
        (x[0]! * y[1]! - x[1]! * y[0]!) * z[2]!
      );
    };
    // VTK_WEDGE: the base (0 1 2) faces away from the top (3); VTK_TETRA: towards its apex (3).
    expect(volume(0, 1, 2, 3)).toBeLessThan(0);
    expect(volume(6, 7, 8, 9)).toBeGreaterThan(0);
    // Every node is a point; the .dat's displacements agree.
    const ref = existsSync(PYTHON)
      ? JSON.parse(
          spawnSync(PYTHON, [
            fixturePath("frd/read-dat.py"),
            fixturePath("frd/shapes.dat"),
          ]).stdout.toString(),
        )
      : undefined;
    for (const [label, u] of Object.entries(
      (ref?.displacements[0]?.values ?? {}) as Record<string, number[]>,
    )) {
      const got = at(r, 0, "DISP", Number(label));
      for (let c = 0; c < 3; c++)
        expect(Math.abs(got[c]! - u[c]!)).toBeLessThan(1e-5 * Math.abs(u[c]!) + 1e-12);
    }
  });

  const corpus = corpusFile("solver-output/vtk-data/mesh.frd");
  it.skipIf(!corpus)("reads the corpus' mesh.frd (beams as lines, six results, two steps)", () => {
    const r = readFrd(new Uint8Array(readFileSync(corpus!)), "mesh.frd");
    expect(r.diagnostics).toEqual([]);
    expect(r.frames.map((f) => f.time)).toEqual([0.5, 1]);
    expect(r.frames[0]!.pointCount).toBe(190);
    expect(r.frames[0]!.types.length + r.frames[0]!.skippedCells).toBe(61);
    // decision 219: the be2 (nodes 1 2), then the be3s (3 4 5: x 20, 25, 22.5; the middle listed last).
    expect([...r.frames[0]!.lines!.subarray(0, 6)]).toEqual([0, 1, 2, 4, 4, 3]);
    expect(r.frames[0]!.pointData.map((a) => `${a.name}/${a.components}`)).toEqual([
      "DISP/3",
      "NDTEMP/1",
      "STRESS/6",
      "TOSTRAIN/6",
      "FORC/3",
      "ERROR/1",
    ]);
  });
});
