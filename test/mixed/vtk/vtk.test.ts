import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { readAmx } from "../../../src/mixed/amx/index.js";
import { buildMixedScene } from "../../../src/mixed/sample/index.js";
import { type ExportFile, exportVtk } from "../../../src/mixed/vtk/index.js";
import { demoScene, HAS_VTK, python, VTK_REQUIRED } from "../export-helpers.js";

interface Block {
  name: string;
  points: number;
  cells: number;
  cellTypes: number[];
  arrays: string[];
  components: number[];
  bounds: number[];
  time: number | null;
}
interface Summary {
  vtk: string;
  frames: { time: number; file: string; blocks: Block[] }[];
}

/** Writes export files under a new temporary folder; returns it. */
function writeTemp(files: readonly ExportFile[]): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-vtk-"));
  for (const f of files) {
    const path = join(dir, ...f.name.split("/"));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, f.data);
  }
  return dir;
}

const TIMES = [0, 0.25, 0.5, 0.75, 1.1];

describe("exportVtk", () => {
  it("lays out a .pvd, one .vtm per frame and one .vtu per body and frame", async () => {
    const { scene } = await demoScene();
    const names = exportVtk(scene, { frames: TIMES, name: "demo" }).map((f) => f.name);
    expect(names).toContain("demo.pvd");
    expect(names).toContain("demo_00004.vtm");
    expect(names).toContain("demo_00004/connecting_rod.vtu");
    expect(names).toContain("demo_connecting_rod.pvd");
    expect(names).toHaveLength(TIMES.length * (scene.bodies.length + 1) + 1 + scene.bodies.length);
  });

  it("gives every body its own .vtu, even when a numbered name is another body's name", () => {
    const bodies = [
      { number: 3, name: "a_2" },
      { number: 1, name: "a" },
      { number: 2, name: "A" },
      { number: 4, name: "a/2" },
    ].map((b) => ({ ...b, geometry: { kind: "none" as const } }));
    const scene = buildMixedScene({
      amx: readAmx("m.amb\n0\n"),
      mbs: {
        status: "ok",
        model: {
          bodies,
          times: Float64Array.of(0),
          matrices: Float64Array.from({ length: 12 * bodies.length }, (_, i) =>
            i % 12 === 0 || i % 12 === 5 || i % 12 === 10 ? 1 : 0,
          ),
        },
      },
      meshes: new Map(),
      report: [],
    })!;
    const vtus = exportVtk(scene, { name: "m" })
      .map((f) => f.name)
      .filter((n) => n.endsWith(".vtu"));
    expect(vtus).toHaveLength(bodies.length);
    expect(new Set(vtus.map((n) => n.toLowerCase())).size).toBe(bodies.length);
  });

  it.skipIf(!HAS_VTK && !VTK_REQUIRED)(
    "reads back in the VTK library: counts, arrays, times, and the rod moves",
    async () => {
      if (!HAS_VTK)
        throw new Error("CI=true but /usr/bin/python3 cannot import vtk (python3-vtk9)");
      const { scene, folder } = await demoScene();
      const dir = writeTemp(exportVtk(scene, { frames: TIMES, name: "demo" }));
      const s = python("read-series.py", join(dir, "demo.pvd")) as Summary;
      console.info(
        `VTK ${s.vtk} read ${s.frames.length} frames of ${s.frames[0]!.blocks.length} blocks`,
      );
      expect(s.frames.map((f) => f.time)).toEqual(TIMES);
      const rodModel = folder.meshes.get("rod.agr");
      const pistonModel = folder.meshes.get("piston.agr");
      if (rodModel?.status !== "ok" || pistonModel?.status !== "ok") throw new Error("demo meshes");
      for (const f of s.frames) {
        expect(f.blocks.map((b) => b.name)).toEqual(scene.bodies.map((b) => b.name));
        const rod = f.blocks.find((b) => b.name === "connecting_rod")!;
        expect(rod.points).toBe(rodModel.model.nodeCount);
        expect(rod.cells).toBe(rodModel.model.cellTypes.length);
        expect(rod.cellTypes).toEqual([12]);
        expect(rod.arrays).toEqual(["displacement", "coordinates", "displacement_vector"]);
        expect(rod.components).toEqual([1, 3, 3]);
        const piston = f.blocks.find((b) => b.name === "piston")!;
        expect(piston.points).toBe(pistonModel.model.nodeCount);
        expect(piston.cells).toBe(pistonModel.model.cellTypes.length);
        expect(piston.arrays).toContain("temperature");
        expect(rod.time).toBe(f.time);
        for (const b of f.blocks.filter(
          (x) => x.name !== "connecting_rod" && x.name !== "piston",
        )) {
          expect(b.cellTypes).toEqual([5]);
          expect(b.points).toBeGreaterThan(0);
        }
      }
      const first = s.frames[0]!.blocks.find((b) => b.name === "connecting_rod")!.bounds;
      const last = s.frames[s.frames.length - 1]!.blocks.find(
        (b) => b.name === "connecting_rod",
      )!.bounds;
      const moved = Math.max(...first.map((v, i) => Math.abs(v - last[i]!)));
      expect(moved).toBeGreaterThan(0.01);
    },
  );
});
