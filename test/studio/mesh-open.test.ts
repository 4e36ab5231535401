/**
 * `GET /api/mesh`: a mesh file opened by the studio server in its worker
 * thread, the result packed (src/core/typed-pack.ts) — the same mesh the
 * loader gives in this process, each path checked as `GET /api/file` checks it.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unpackTyped } from "../../src/core/typed-pack.js";
import { FORMATS } from "../../src/formats.js";
import {
  extractSurfaceCells,
  loadMeshFile,
  loadMeshSeries,
  type MeshFile,
  type SurfaceCells,
} from "../../src/mixed/index.js";
import { writeVtu } from "../../src/mixed/vtk/write-xml.js";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { cubeSeries } from "../mixed/vtk/vtu-text.js";
import { send } from "./http-client.js";

const project = mkdtempSync(join(tmpdir(), "deforma-mesh-open-"));
const SERIES = cubeSeries("runs/beam", [0, 0.5, 1], ["displacement", "T"]);
mkdirSync(join(project, "runs"));
for (const [name, text] of Object.entries(SERIES)) writeFileSync(join(project, name), text);
// A numbered series with no index: the same files under other names.
mkdirSync(join(project, "num"));
for (let k = 0; k < 3; k++)
  writeFileSync(join(project, "num", `cube_${k * 10}.vtu`), SERIES[`runs/beam_${k}.vtu`]!);
writeFileSync(join(project, "notes.txt"), "not a mesh\n");
const outside = mkdtempSync(join(tmpdir(), "deforma-mesh-open-out-"));
writeFileSync(join(outside, "x.vtu"), SERIES["runs/beam_0.vtu"]!);
symlinkSync(join(outside, "x.vtu"), join(project, "link.vtu"));
// A numbered series whose last member is a link out of the project.
mkdirSync(join(project, "leak"));
for (let k = 0; k < 2; k++)
  writeFileSync(join(project, "leak", `cube_${k}.vtu`), SERIES[`runs/beam_${k}.vtu`]!);
symlinkSync(join(outside, "x.vtu"), join(project, "leak", "cube_2.vtu"));
/** A block of n × n × n cubes, each cut into six tetrahedra (10 368 cells for n = 12), with a point scalar. */
function tetraBlock(n: number): string {
  const side = n + 1;
  const at = (i: number, j: number, k: number) => (k * side + j) * side + i;
  const points = new Float32Array(3 * side ** 3);
  for (let k = 0; k < side; k++)
    for (let j = 0; j < side; j++)
      for (let i = 0; i < side; i++) points.set([i, j, k], 3 * at(i, j, k));
  const tets: number[] = [];
  for (let k = 0; k < n; k++)
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) {
        const c = [
          [0, 0, 0],
          [1, 0, 0],
          [1, 1, 0],
          [0, 1, 0],
          [0, 0, 1],
          [1, 0, 1],
          [1, 1, 1],
          [0, 1, 1],
        ];
        const v = c.map(([x, y, z]) => at(i + x!, j + y!, k + z!));
        for (const [a, b] of [
          [1, 2],
          [2, 3],
          [3, 7],
          [7, 4],
          [4, 5],
          [5, 1],
        ])
          tets.push(v[0]!, v[a!]!, v[b!]!, v[6]!);
      }
  const cells = tets.length / 4;
  const height = points.filter((_, q) => q % 3 === 2);
  return writeVtu({
    points,
    connectivity: Int32Array.from(tets),
    offsets: Int32Array.from({ length: cells }, (_, q) => 4 * (q + 1)),
    types: new Uint8Array(cells).fill(10),
    pointData: [{ name: "T", components: 1, values: height }],
    activeScalars: "T",
    time: 0,
  });
}
const TETRA = tetraBlock(12);
writeFileSync(join(project, "tetra.vtu"), TETRA);
const web = mkdtempSync(join(tmpdir(), "deforma-mesh-open-web-"));
writeFileSync(join(web, "index.html"), "<!doctype html>");

let studio: StudioServer;
beforeAll(async () => {
  studio = await startStudioServer({ root: project, webRoot: web, port: 0 });
}, 60_000);
afterAll(() => studio.close());

const get = (path: string) => send(studio.port, { path });

/** What the page reads from a reply. */
function unpacked(body: Buffer): MeshFile {
  const bytes = new Uint8Array(body.buffer, body.byteOffset, body.length);
  return (unpackTyped(bytes)!.value as { file: MeshFile }).file;
}

const bytes = (name: string) => new TextEncoder().encode(SERIES[name]!);
const reader = async (name: string) =>
  SERIES[name] === undefined
    ? ({ status: "missing" } as const)
    : { status: "ok" as const, bytes: bytes(name) };

describe("GET /api/mesh", () => {
  // decision 224
  it("opens a series on the server: the mesh the loader gives here, typed arrays and all", async () => {
    const r = await get("/api/mesh?path=runs%2Fbeam.pvd&cells=all");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("application/octet-stream");
    const served = unpacked(r.body);
    const here = await loadMeshFile("runs/beam.pvd", bytes("runs/beam.pvd"), reader, FORMATS);
    expect(served.vtk).toEqual(here.vtk);
    expect(served.report).toEqual(here.report);
    const m = served.model!;
    expect(m.positions).toBeInstanceOf(Float32Array);
    expect(m).toEqual(here.model);
    // decision 371: the displacement and its vector's magnitude are equal, sent once.
    const names = m.scalars.map((p) => p.name);
    expect(names.slice(0, 2)).toEqual(["displacement", "displacement_magnitude"]);
    expect(m.scalarValues[1]).toEqual(m.scalarValues[0]);
    expect(m.scalarValues[1]!.byteOffset).toBe(m.scalarValues[0]!.byteOffset);
    expect(m.scalarValues[2]!.byteOffset).not.toBe(m.scalarValues[0]!.byteOffset);
  }, 60_000);

  // decision 274
  it("sends the outer surface it extracted: the loader's model's, triangles and cells", async () => {
    const r = await get("/api/mesh?path=runs%2Fbeam.pvd");
    const body = new Uint8Array(r.body.buffer, r.body.byteOffset, r.body.length);
    const got = unpackTyped(body)!.value as { file: MeshFile; surface: SurfaceCells };
    const here = await loadMeshFile("runs/beam.pvd", bytes("runs/beam.pvd"), reader, FORMATS);
    const want = extractSurfaceCells(here.model!);
    expect(want.triangles.length).toBeGreaterThan(0);
    expect(got.surface.triangles).toEqual(want.triangles);
    expect(got.surface.cells).toEqual(want.cells);
  }, 60_000);

  // decision 350
  it("sends a 10⁴-cell tetra block's surface and the cell of each triangle, not its cells' node lists", async () => {
    const lean = await get("/api/mesh?path=tetra.vtu");
    const full = await get("/api/mesh?path=tetra.vtu&cells=all");
    expect(lean.status).toBe(200);
    type Reply = { file: MeshFile; surface: SurfaceCells; cellsLeft?: number };
    const open = (body: Buffer) =>
      unpackTyped(new Uint8Array(body.buffer, body.byteOffset, body.length))!.value as Reply;
    const got = open(lean.body);
    const all = open(full.body);
    const here = await loadMeshFile(
      "tetra.vtu",
      new TextEncoder().encode(TETRA),
      async () => ({ status: "missing" }),
      FORMATS,
    );
    const m = here.model!;
    expect(m.cellTypes.length).toBe(10_368);
    // The lean reply: no node lists (their count instead), the cell types, the surface.
    expect(got.file.model!.connectivity.length).toBe(0);
    expect(got.cellsLeft).toBe(m.connectivity.length);
    expect(got.file.model!.cellTypes).toEqual(m.cellTypes);
    expect({ ...got.file.model!, connectivity: m.connectivity }).toEqual(m);
    const want = extractSurfaceCells(m);
    expect(got.surface.triangles).toEqual(want.triangles);
    expect(got.surface.cells).toEqual(want.cells);
    // Only the boundary: 12 × 12 squares on each of 6 sides, two triangles each.
    expect(got.surface.cells.length).toBe(6 * 144 * 2);
    // The map picks the cell: each triangle's nodes are three of its cell's four.
    for (let t = 0; t < got.surface.cells.length; t++) {
      const c = got.surface.cells[t]!;
      const cell = Array.from(m.connectivity.subarray(4 * c, 4 * c + 4));
      for (let k = 0; k < 3; k++) expect(cell).toContain(got.surface.triangles[3 * t + k]);
    }
    // Asked for them (the page's VTK export), the node lists come whole.
    expect(all.cellsLeft).toBeUndefined();
    expect(all.file.model).toEqual(m);
    expect(full.body.length - lean.body.length).toBeGreaterThan(4 * m.connectivity.length - 64);
  }, 60_000);

  it("opens a numbered series from its pattern", async () => {
    const r = await get("/api/mesh?path=num%2Fcube_%23.vtu&series=numbered&cells=all");
    expect(r.status).toBe(200);
    const served = unpacked(r.body);
    const files = [0, 1, 2].map((k) => ({
      name: `num/cube_${k * 10}.vtu`,
      bytes: bytes(`runs/beam_${k}.vtu`),
    }));
    const here = await loadMeshSeries("num/cube_#.vtu", files, reader, FORMATS);
    expect(served.model!.times).toEqual(here.model!.times);
    expect(served.model).toEqual(here.model);
  }, 60_000);

  it("never follows a numbered member that links out of the project: the page is left to say so", async () => {
    const r = await get("/api/mesh?path=leak%2Fcube_%23.vtu&series=numbered");
    expect(r.status).toBe(204);
  }, 60_000);

  it("leaves a file no mesh format opens to the page (204), and checks paths as /api/file does", async () => {
    expect((await get("/api/mesh?path=notes.txt")).status).toBe(204);
    expect((await get("/api/mesh?path=runs%2Fgone.pvd")).status).toBe(404);
    expect((await get("/api/mesh?path=..%2Fx.vtu")).status).toBe(400);
    expect((await get("/api/mesh?path=link.vtu")).status).toBe(403);
    expect((await get("/api/mesh")).status).toBe(400);
    expect(
      (await send(studio.port, { method: "POST", path: "/api/mesh?path=runs%2Fbeam.pvd" })).status,
    ).not.toBe(200);
  }, 60_000);
});
