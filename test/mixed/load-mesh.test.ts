/**
 * Opening one mesh animation alone (the studio's `#/mesh`): an `.agr` as it
 * is, a VTK series with its type and scalar chosen from the data and every
 * other point array offered as a further scalar; the one-body scene over the
 * mesh's own time span.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { FileReader } from "../../src/core/file-source.js";
import { locateReport, reportHasErrors } from "../../src/core/report.js";
import { FORMATS } from "../../src/formats.js";
import { readAgr } from "../../src/mixed/agr/index.js";
import { isMeshFile, loadMeshFile } from "../../src/mixed/load-mesh.js";
import { MixedSampler, meshAloneScene } from "../../src/mixed/sample/index.js";
import { demoPath } from "../helpers.js";
import { cubeSeries } from "./vtk/vtu-text.js";

const encode = (s: string) => new TextEncoder().encode(s);

/** A reader over in-memory files, paths as the loader builds them. */
function reader(files: Record<string, string>): FileReader {
  return async (path) =>
    files[path] === undefined
      ? { status: "missing" }
      : { status: "ok", bytes: encode(files[path]) };
}

async function open(files: Record<string, string>, path: string) {
  return loadMeshFile(path, encode(files[path]!), reader(files), FORMATS);
}

describe("loadMeshFile", () => {
  it("knows the files it opens by name", () => {
    for (const p of ["a.agr", "x/run.pvd", "r.series", "m.vtm", "f.VTU", "p.vtp", "q.pvtu"])
      expect(isMeshFile(p, FORMATS)).toBe(true);
    expect(isMeshFile("a.amx", FORMATS)).toBe(false);
    expect(isMeshFile("notes.txt", FORMATS)).toBe(false);
  });

  it("reads an .agr as it is, and locates a broken one's errors", async () => {
    const bytes = new Uint8Array(readFileSync(demoPath("rod.agr")));
    const r = await loadMeshFile("rod.agr", bytes, reader({}), FORMATS);
    expect(r.report).toEqual([]);
    expect(r.model?.nodeCount).toBe(readAgr(bytes).model!.nodeCount);
    expect(r.vtk).toBeUndefined();
    const broken = await loadMeshFile(
      "b.agr",
      encode("DEFORMA-AGR 1\ntype x\n"),
      reader({}),
      FORMATS,
    );
    expect(locateReport(broken.report)[0]).toMatchObject({ file: "b.agr", line: 2, column: 6 });
  });

  // decision 44
  it("takes a series with a displacement array as type 1 and offers its other arrays", async () => {
    const files = cubeSeries("out/run", [0, 0.5, 2], ["displacement", "T"]);
    const r = await open(files, "out/run.pvd");
    expect(r.report.flatMap((f) => f.diagnostics)).toEqual([]);
    expect(r.vtk).toEqual({
      type: 1,
      displacement: "displacement",
      scalar: "displacement",
      others: [],
    });
    const m = r.model!;
    expect([...m.times]).toEqual([0, 0.5, 2]);
    expect(m.scalars.map((p) => p.name)).toEqual(["displacement", "displacement_magnitude", "T"]);
    // Frame 2: node 6 (1,1,1) moved by 0.2 in z; T = 300 + 2 + 1.
    expect(m.vectorValues[0]![2 * 24 + 6 * 3 + 2]).toBeCloseTo(1.2, 6);
    expect(m.scalarValues[2]![2 * 8 + 6]).toBe(303);
  });

  it("takes a series without one as type 0 with its temperature", async () => {
    const r = await open(cubeSeries("t", [1, 2], ["T", "a"]), "t.pvd");
    expect(r.vtk).toEqual({ type: 0, scalar: "T", others: [] });
    expect(r.model!.scalars.map((p) => `${p.name} ${p.unit}`)).toEqual(["T K", "a -"]);
  });

  // decision 44
  it("shows the first of several candidates and names the others, instead of refusing", async () => {
    const r = await open(cubeSeries("c", [0, 1], ["a", "b"]), "c.pvd");
    expect(r.vtk).toEqual({ type: 0, scalar: "a", others: ["b"] });
    expect(r.model!.scalars.map((p) => p.name)).toEqual(["a", "b"]);
  });

  // decision 217
  it("shows first a candidate every frame has, not one written only at the start", async () => {
    // As OpenFOAM writes v2 at time 0 only: here a at the start, b at every time.
    const files = cubeSeries("f", [0, 1, 2], ["a", "b"]);
    for (const k of [1, 2]) files[`f_${k}.vtu`] = cubeSeries("x", [0, 1, 2], ["b"])[`x_${k}.vtu`]!;
    const r = await open(files, "f.pvd");
    expect(r.vtk).toEqual({ type: 0, scalar: "b", others: ["a"] });
  });

  // decision 174
  it("offers an array some frames lack, held there, with one warning in the first such frame", async () => {
    const files = cubeSeries("h", [0, 1, 2], ["T", "b"]);
    files["h_1.vtu"] = cubeSeries("x", [0, 1], ["T"])["x_1.vtu"]!;
    const r = await open(files, "h.pvd");
    expect(r.vtk).toEqual({ type: 0, scalar: "T", others: [] });
    const m = r.model!;
    expect(m.scalars.map((p) => p.name)).toEqual(["T", "b"]);
    expect([...m.scalarValues[1]!.subarray(8, 16)]).toEqual(Array(8).fill(0));
    expect([...m.scalarValues[1]!.subarray(16, 24)]).toEqual(Array(8).fill(-2));
    const found = locateReport(r.report).map((d) => `${d.code} ${d.file}`);
    expect(found).toEqual(["VTK027 h_1.vtu"]);
  });

  it("reports a series whose companion is missing, located in the .pvd", async () => {
    const files = cubeSeries("m", [0, 1]);
    delete files["m_1.vtu"];
    const r = await open(files, "m.pvd");
    const where = locateReport(r.report).find((d) => d.file === "m.pvd");
    expect(where?.message).toContain("m_1.vtu");
    expect(where?.line).toBeGreaterThan(1);
    expect(reportHasErrors(r.report)).toBe(true);
  });
});

describe("meshAloneScene", () => {
  // decision 43
  it("is one body at the origin over the mesh's own frames", async () => {
    const r = await open(cubeSeries("s", [0.25, 1, 4], ["displacement", "T"]), "s.pvd");
    const scene = meshAloneScene("s.pvd", r.model!, 2);
    expect([scene.start, scene.end]).toEqual([0.25, 4]);
    expect([...scene.mbs.times]).toEqual([0.25, 1, 4]);
    expect(scene.bodies).toHaveLength(1);
    const variant = scene.bodies[0]!.variants[0]!;
    expect(variant.ref.scalarParam).toBe(2);
    expect(variant.surface.length).toBe(6 * 2 * 3);
    const sampler = new MixedSampler(scene);
    sampler.setTime(4);
    const world = sampler.worldPositions(0, variant, new Float32Array(24));
    expect([...world.subarray(18, 21)].map((v) => +v.toFixed(6))).toEqual([1, 1, 1.2]);
  });
});

describe("line and point cells of the solver formats that are not VTK", () => {
  // decision 218
  it("an Exodus file's BAR3 and SPHERE blocks reach the Mesh workspace as lines and points, not reported skipped", async () => {
    const path = new URL("../fixtures/exodus/lines.exo", import.meta.url);
    const bytes = new Uint8Array(readFileSync(path));
    const r = await loadMeshFile("lines.exo", bytes, reader({}), FORMATS);
    // No time steps, no displacement; nothing said of the bar and spheres (no EXO010, no VTK020).
    expect(r.report.flatMap((f) => f.diagnostics.map((d) => d.code))).toEqual(["VTK014", "VTK021"]);
    expect([[...r.model!.lines!], [...r.model!.vertices!]]).toEqual([
      [0, 2, 2, 1],
      [3, 4],
    ]);
  });
});
