/**
 * Real solver output (test/fixtures/solvers, README there) through `agr from-vtk`'s
 * library path, checked against VTK's own readers (test/fixtures/vtk/read-solver.py):
 * node count = VTK's point count (parts and blocks summed, as merge.ts merges them),
 * frames and times = the series', cells = VTK's less the skipped ones, peak |u| =
 * VTK's largest displacement norm, the scalar's range = VTK's. VTK is required under
 * CI=true; elsewhere these tests skip when /usr/bin/python3 cannot import it.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { validateAgr } from "../../../src/mixed/agr/index.js";
import { meshAnimationFromVtk, readVtkSeries } from "../../../src/mixed/vtk/index.js";
import { companionReader } from "../../../src/node/files.js";
import { cli } from "../../helpers.js";
import { HAS_VTK, python, VTK_REQUIRED } from "../export-helpers.js";

/** What VTK says of one frame (read-solver.py). */
interface VtkFrameSays {
  readonly time: number | null;
  readonly points: number;
  readonly cells: number;
  readonly cellTypes: Record<string, number>;
  readonly arrays: Record<
    string,
    | { components: number; maxNorm: number; min: number; max: number; mises?: [number, number] }
    | undefined
  >;
}

/** One fixture: the file given to `agr from-vtk` and the options it needs. */
interface Fixture {
  readonly path: string;
  readonly type: 0 | 1;
  /** The point array compared: the displacement (type 1) or the scalar (type 0). */
  readonly array: string;
  readonly scalar?: string;
  readonly displacement?: string;
  readonly block?: string;
  /** Further files given in order after `path` (a series of plain files). */
  readonly more?: readonly string[];
  /** Diagnostic codes the read and the conversion report (warnings), in order. */
  readonly codes?: readonly string[];
}

/** Files `${stem}${k}${ext}` given in the order of `ks`. */
const numbered = (stem: string, ks: readonly number[], ext: string) => ({
  path: `${stem}${ks[0]}${ext}`,
  more: ks.slice(1).map((k) => `${stem}${k}${ext}`),
});

const FIXTURES: readonly Fixture[] = [
  // FEniCS (DOLFIN 2019.2): .pvd of ASCII .vtu, P1 tetrahedra, thermal "Temperature".
  { path: "fenics/heat/temperature.pvd", type: 0, array: "Temperature" },
  // decision 107
  // FEniCS: .pvd of zlib-compressed base64 .vtu (padded offsets), "Displacement".
  { path: "fenics/beam/displacement.pvd", type: 1, array: "Displacement" },
  // The same run under `mpirun -np 2`: a .pvd of .pvtu files with two .vtu pieces each.
  { path: "fenics/beam-mpi/displacement.pvd", type: 1, array: "Displacement" },
  // FEniCSx (DOLFINx 0.5.2): .pvd → .pvtu → ASCII .vtu, Lagrange tetrahedra (71), "u" (named:
  // U/u alone may be velocity, decision 176).
  { path: "fenicsx/bracket/u.pvd", type: 1, array: "u", displacement: "u" },
  // FEniCSx: Lagrange hexahedra (72), thermal "T" beside vtkGhostType and vtkOriginalPointIds.
  { path: "fenicsx/block/T.pvd", type: 0, array: "T" },
  // FEniCSx 2-D: Lagrange triangles of order 3 (69, 10 nodes), "T".
  { path: "fenicsx/plate/T.pvd", type: 0, array: "T" },
  // FEniCSx 2-D: Lagrange quadrilaterals (70, 9 nodes), a 2-D "u" padded to 3 components.
  { path: "fenicsx/strip/u.pvd", type: 1, array: "u", displacement: "u" },
  // deal.II 9.4: .pvd → .pvtu → zlib .vtu, Lagrange hexahedra (72) with points per cell, "temperature".
  { path: "dealii/heat/heat.pvd", type: 0, array: "temperature" },
  // deal.II: a .pvd of zlib .vtu, Lagrange hexahedra, the vector "displacement" (Q2 elasticity).
  { path: "dealii/elastic/elastic.pvd", type: 1, array: "displacement" },
  // OpenFOAM v1912 foamToVTK: .vtm.series of nested .vtm (internal .vtu + boundary block of .vtp).
  { path: "openfoam/plate/plate.vtm.series", type: 0, array: "T" },
  // The same, one block chosen by name: the boundary patches (.vtp polys) alone.
  { path: "openfoam/plate/plate.vtm.series", type: 0, array: "T", block: "boundary" },
  // OpenFOAM: ASCII .vtu (foamToVTK -ascii).
  { path: "openfoam/plate-ascii/plate.vtm.series", type: 0, array: "T" },
  // OpenFOAM's .vtu and .vtp as the two parts of a multi-part .pvd (the .pvd written for the tests).
  { path: "openfoam/plate/parts.pvd", type: 0, array: "T" },
  // One OpenFOAM boundary patch alone: a .vtp (PolyData polys), one frame at its TimeValue.
  { path: "openfoam/plate/plate_2/boundary/walls.vtp", type: 0, array: "T" },
  // OpenFOAM legacy .vtk, binary (foamToVTK -legacy), files given in order (its .vtk.series names
  // no file that exists: OpenFOAM v1912 writes "_0", "_2" …).
  { ...numbered("openfoam/plate-legacy/plate_", [2, 4, 6], ".vtk"), type: 0, array: "T" },
  // The same in ASCII (foamToVTK -legacy -ascii).
  { ...numbered("openfoam/plate-legacy-ascii/plate_", [2, 4], ".vtk"), type: 0, array: "T" },
  // OpenFOAM binary legacy POLYDATA (foamToVTK -legacy -no-internal -patches walls).
  {
    ...numbered("openfoam/plate-legacy-patches/walls/walls_", [2, 4], ".vtk"),
    type: 0,
    array: "T",
  },
  // OpenFOAM solidDisplacementFoam: displacement "D" (named), a 6-component stress "sigma" as von Mises.
  {
    path: "openfoam/beam/beam.vtm.series",
    type: 1,
    array: "D",
    displacement: "D",
    scalar: "sigma:mises",
  },
  // Derived (derived/derive.py: the solvers' values re-encoded by VTK's writers, README):
  // quadratic tetrahedra (24), "U", uncompressed inline binary.
  { path: "derived/quadratic-tetra/bracket.pvd", type: 1, array: "U", displacement: "U" },
  // Quadratic hexahedra (25) with unused points, "NT", appended raw zlib, UInt64 headers, .series.
  { path: "derived/quadratic-hex/block.vtu.series", type: 0, array: "NT" },
  // Firedrake's empty NumberOfComponents, appended base64.
  { path: "derived/firedrake/heat.pvd", type: 0, array: "temperature" },
  // "Nodal Displacement" (legacy: Nodal%20Displacement), binary legacy files without times.
  {
    ...numbered("derived/abaqus-legacy/beam_", [0, 1, 2], ".vtk"),
    type: 1,
    array: "Nodal Displacement",
    codes: ["VTK014"],
  },
];

const fixture = (path: string) =>
  fileURLToPath(new URL(`../../fixtures/solvers/${path}`, import.meta.url));

/** Reads `f` as the CLI does (companions inside the naming file's folder) and converts it. */
async function convert(f: Fixture) {
  const names = [f.path, ...(f.more ?? [])].map(fixture);
  const series = await readVtkSeries(
    names.map((name) => ({ name, bytes: readFileSync(name) })),
    {
      read: companionReader(process.cwd()),
      ...(f.block !== undefined ? { block: f.block } : {}),
    },
  );
  const made = meshAnimationFromVtk(series.frames, {
    type: f.type,
    ...(f.scalar !== undefined ? { scalar: f.scalar } : {}),
    ...(f.displacement !== undefined ? { displacement: f.displacement } : {}),
  });
  return { series, made, report: [...series.report, ...made.report] };
}

/** VTK's frames of `f`: one per series entry, or one per file given. */
function vtkSays(f: Fixture): VtkFrameSays[] {
  const files = [f.path, ...(f.more ?? [])].map(fixture);
  return files.flatMap(
    (file) =>
      (
        python("read-solver.py", file, ...(f.block !== undefined ? [f.block] : [])) as {
          frames: VtkFrameSays[];
        }
      ).frames,
  );
}

/** `values`' range equals the range of VTK's per-frame `[min, max]`s (float32 tolerance). */
function expectRange(values: Float32Array, ranges: readonly (readonly number[])[]) {
  const lo = Math.min(...ranges.map((r) => r[0]!));
  const hi = Math.max(...ranges.map((r) => r[1]!));
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const x of values) {
    min = Math.min(min, x);
    max = Math.max(max, x);
  }
  expect(Math.abs(min - lo), `min ${min} vs ${lo}`).toBeLessThanOrEqual(1e-6 * Math.abs(lo));
  expect(Math.abs(max - hi), `max ${max} vs ${hi}`).toBeLessThanOrEqual(1e-6 * Math.abs(hi));
}

/** Cell types that draw no face (skipped, VTK020) and those cut into several cells. */
const SKIPPED = new Set([1, 2, 3, 4, 21, 68, 75]);
const CUT = new Set([6, 15, 16]);

if (VTK_REQUIRED && !HAS_VTK) {
  throw new Error("CI=true but /usr/bin/python3 cannot import vtk (python3-vtk9)");
}

describe.skipIf(!HAS_VTK && !VTK_REQUIRED)("real solver output against VTK's readers", () => {
  for (const f of FIXTURES) {
    const label = `${f.path}${f.block !== undefined ? ` --block ${f.block}` : ""} (type ${f.type}, ${f.array})`;
    it(label, async () => {
      const { series, made, report } = await convert(f);
      const codes = report.flatMap((r) => r.diagnostics.map((d) => d.code));
      expect(codes, JSON.stringify(report.map((r) => [r.file, r.diagnostics]))).toEqual(
        f.codes ?? [],
      );
      const model = made.model!;
      // A type-1 extra scalar lies beyond the seed's table: validate notes it (AGR015).
      expect(validateAgr(model).map((d) => d.code)).toEqual(
        f.type === 1 && f.scalar !== undefined ? ["AGR015"] : [],
      );
      const vtk = vtkSays(f);
      // Frames and their times: the series' entries (or the files given).
      expect(model.times.length).toBe(vtk.length);
      vtk.forEach((v, k) => {
        if (v.time !== null) expect(model.times[k]).toBe(v.time);
      });
      for (const [k, v] of vtk.entries()) {
        const frame = series.frames[k]!;
        // Nodes: every point of the frame's data sets (parts and blocks one after another).
        expect(frame.pointCount, `frame ${k} points`).toBe(v.points);
        expect(model.nodeCount).toBe(v.points);
        // Cells: VTK's, less those that draw no face; polygons of n > 4 points become n − 2 triangles.
        const types = Object.entries(v.cellTypes).map(([t, n]) => [Number(t), n] as const);
        const skipped = types.filter(([t]) => SKIPPED.has(t)).reduce((s, [, n]) => s + n, 0);
        expect(frame.skippedCells, `frame ${k} skipped cells`).toBe(skipped);
        if (!types.some(([t]) => CUT.has(t) || t === 7)) {
          expect(frame.types.length, `frame ${k} cells`).toBe(v.cells - skipped);
        }
      }
      const n = model.nodeCount;
      if (f.type === 1) {
        // Peak |u| per frame: the .agr's displacement scalar against VTK's largest norm.
        vtk.forEach((v, k) => {
          const u = v.arrays[f.array]!;
          expect(u.components).toBe(3);
          const d = model.scalarValues[0]!.subarray(k * n, (k + 1) * n);
          const peak = d.reduce((m, x) => Math.max(m, x), 0);
          expect(
            Math.abs(peak - u.maxNorm),
            `frame ${k}: ${peak} vs ${u.maxNorm}`,
          ).toBeLessThanOrEqual(1e-6 * u.maxNorm);
        });
        expect(model.scalars[0]!.name).toBe("displacement");
        if (f.scalar !== undefined) {
          // The extra scalar: a named array's range, or the von Mises range of a 6-component one.
          const [name, derived] = f.scalar.split(":");
          const ranges = vtk.map((v) => {
            const a = v.arrays[name!]!;
            return derived === "mises" ? a.mises! : [a.min, a.max];
          });
          expectRange(model.scalarValues[1]!, ranges);
        }
      } else {
        // The scalar's range over all frames against VTK's range of the array.
        expect(model.scalars[0]!.name).toBe(f.scalar ?? f.array);
        expectRange(
          model.scalarValues[0]!,
          vtk.map((v) => [v.arrays[f.array]!.min, v.arrays[f.array]!.max]),
        );
      }
    });
  }

  it("the CLI writes them, and agr info --json's ranges are VTK's (peak |u|, von Mises, temperature)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-solvers-"));
    const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.abs(b);
    const cases = [
      {
        args: ["openfoam/beam/beam.vtm.series", "--type", "1", "--displacement", "D"],
        extra: ["--scalar", "sigma:mises"],
        check: (v: VtkFrameSays[]) => ({
          displacement: [0, Math.max(...v.map((f) => f.arrays.D!.maxNorm))],
          sigma_mises: [
            Math.min(...v.map((f) => f.arrays.sigma!.mises![0])),
            Math.max(...v.map((f) => f.arrays.sigma!.mises![1])),
          ],
        }),
      },
      {
        args: ["fenicsx/block/T.pvd", "--type", "0"],
        extra: [],
        check: (v: VtkFrameSays[]) => ({
          T: [
            Math.min(...v.map((f) => f.arrays.T!.min)),
            Math.max(...v.map((f) => f.arrays.T!.max)),
          ],
        }),
      },
    ];
    for (const [k, c] of cases.entries()) {
      const agr = join(dir, `${k}.agr`);
      const path = fixture(c.args[0]!);
      const made = await cli(["agr", "from-vtk", path, ...c.args.slice(1), ...c.extra, "-o", agr]);
      expect(made.code, made.err).toBe(0);
      const info = await cli(["agr", "info", "--json", agr]);
      expect(info.code, info.err).toBe(0);
      const scalars = (
        JSON.parse(info.out) as { scalars: { name: string; min: number; max: number }[] }
      ).scalars;
      const vtk = python("read-solver.py", path) as { frames: VtkFrameSays[] };
      const expected = c.check(vtk.frames);
      expect(scalars.map((x) => x.name)).toEqual(Object.keys(expected));
      for (const x of scalars) {
        const [lo, hi] = expected[x.name as keyof typeof expected]! as number[];
        expect(
          close(x.min, lo!) || (lo === 0 && x.min === 0),
          `${x.name} min ${x.min} vs ${lo}`,
        ).toBe(true);
        expect(close(x.max, hi!), `${x.name} max ${x.max} vs ${hi}`).toBe(true);
      }
    }
  });

  it("takes DOLFINx's only field as the thermal scalar, not its vtkGhostType or vtkOriginalPointIds", async () => {
    // DOLFINx names an unnamed function "f": the block's T as "f" beside the ghost and id arrays.
    const { series } = await convert({ path: "fenicsx/block/T.pvd", type: 0, array: "T" });
    const frames = series.frames.map((f) => ({
      ...f,
      pointData: f.pointData.map((a) => (a.name === "T" ? { ...a, name: "f" } : a)),
    }));
    expect(frames[0]!.pointData.map((a) => a.name)).toEqual([
      "vtkOriginalPointIds",
      "vtkGhostType",
      "f",
    ]);
    const made = meshAnimationFromVtk(frames, { type: 0 });
    expect(made.report.flatMap((r) => r.diagnostics)).toEqual([]);
    expect(made.model!.scalars[0]!.name).toBe("f");
  });

  it("deforma check finds every fixture sound (the registry's VTK formats, companions included)", async () => {
    const paths = new Set(FIXTURES.flatMap((f) => [f.path, ...(f.more ?? [])]));
    for (const path of paths) {
      const r = await cli(["check", fixture(path)]);
      // A legacy file without times only warns; nothing is an error.
      expect(r.code, `${path}: ${r.out}${r.err}`).toBe(0);
      expect(`${r.out}${r.err}`).toMatch(/ 0 errors/);
    }
  });
});
