/** Shared pieces of the export tests: the demo scene, in-memory scenes, the VTK library probe. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { MeshAnimation } from "../../src/mixed/agr/index.js";
import type { MbsAnimation } from "../../src/mixed/amb/index.js";
import { readAmx } from "../../src/mixed/amx/index.js";
import type { MixedFolder } from "../../src/mixed/load/index.js";
import { buildMixedScene, type MixedScene } from "../../src/mixed/sample/index.js";
import { checkAmxText } from "../../src/node/mixed-folder.js";
import { demoPath } from "../helpers.js";

/** The demo's files, from the shared helpers (kept here for the export tests' imports). */
export { demoPath };

/** Absolute path of a file under test/fixtures/vtk. */
export const vtkFixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/vtk/${name}`, import.meta.url));

/** The demo's mixed animation, loaded from disk. */
export async function demoScene(): Promise<{ scene: MixedScene; folder: MixedFolder }> {
  const path = demoPath("slider-crank.amx");
  const folder = await checkAmxText(path, readFileSync(path, "utf8"));
  const scene = buildMixedScene(folder);
  if (!scene) throw new Error("demo scene did not build");
  return { scene, folder };
}

/** A scene of one body (number 1, `name`) that stays at `matrix` with `mesh` placed by `placement`. */
export function singleMeshScene(
  mesh: MeshAnimation,
  options: { times?: Float64Array; matrix?: number[]; placement?: number[]; name?: string } = {},
): MixedScene {
  const times = options.times ?? mesh.times;
  const matrix = options.matrix ?? [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
  const placement = options.placement ?? [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
  const mbs: MbsAnimation = {
    bodies: [{ number: 1, name: options.name ?? "part", geometry: { kind: "none" } }],
    times: Float64Array.from(times),
    matrices: Float64Array.from({ length: times.length * 12 }, (_, i) => matrix[i % 12]!),
  };
  const rows = [0, 4, 8].map((r) => placement.slice(r, r + 4).join(" ")).join("\n");
  const amx = `m.amb\n1\n1 1 0\n${mesh.type} 0 0 m.agr\n${rows}\n`;
  const folder: MixedFolder = {
    amx: readAmx(amx),
    mbs: { status: "ok", model: mbs },
    meshes: new Map([["m.agr", { status: "ok", model: mesh }]]),
    report: [],
  };
  const scene = buildMixedScene(folder);
  if (!scene) throw new Error("scene did not build");
  return scene;
}

/** Whether `/usr/bin/python3` can import the VTK library. */
export const HAS_VTK =
  spawnSync("/usr/bin/python3", ["-c", "import vtk"], { stdio: "ignore" }).status === 0;

/** In CI the VTK tests are required: a missing library fails instead of skipping. */
export const VTK_REQUIRED = process.env.CI === "true";

/** Runs a Python script of test/fixtures/vtk with `args`; returns its parsed JSON output. */
export function python(script: string, ...args: string[]): unknown {
  const r = spawnSync("/usr/bin/python3", [vtkFixture(script), ...args], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`${script} failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout);
}
