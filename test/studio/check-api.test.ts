import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormatRegistry } from "../../src/core/index.js";
import { MIXED_FORMATS } from "../../src/mixed/index.js";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { TOY_FORMAT } from "../fixtures/toy-format/format.js";
import { copyDemo } from "../helpers.js";
import { send } from "./http-client.js";

const project = mkdtempSync(join(tmpdir(), "deforma-check-api-"));
copyDemo(project);
// The demo's body 3 alone, its variant in use out of range; the files it names are the demo's (read too).
const BROKEN = [
  "slider-crank.amb",
  "1",
  "3 1 1",
  "1 0 0 rod.agr",
  "0 0 1 -0.1",
  "0 1 0 0",
  "-1 0 0 0",
  "",
];
writeFileSync(join(project, "broken.amx"), BROKEN.join("\n"));
// The same with old Mac line ends (lone CR): the source line is the one the finding's line names.
writeFileSync(join(project, "broken-cr.amx"), BROKEN.join("\r"));
writeFileSync(join(project, "notes.txt"), "hello\n");
// A broken .amx flattened onto one 1 MB line: the reply must not carry the whole line per finding.
writeFileSync(join(project, "one-line.amx"), `m.amb ${"1 ".repeat(500_000)}x`);
writeFileSync(join(project, "x.toy"), "a = 1\na = 2\n");
writeFileSync(join(project, "big.toy"), "a = 1\n".repeat(600_000));
// A .pvd naming a broken .vtu next to it, and one naming a file outside its folder.
const TET = (x: string) => `<VTKFile type="UnstructuredGrid">
<UnstructuredGrid><Piece NumberOfPoints="1" NumberOfCells="0">
<Points><DataArray type="Float32" NumberOfComponents="3" format="ascii">0 ${x} 0</DataArray></Points>
<Cells><DataArray type="Int32" Name="connectivity"></DataArray><DataArray type="Int32" Name="offsets"></DataArray><DataArray type="UInt8" Name="types"></DataArray></Cells>
</Piece></UnstructuredGrid></VTKFile>
`;
const PVD = (file: string) =>
  `<VTKFile type="Collection"><Collection>\n<DataSet timestep="0" file="${file}"/>\n</Collection></VTKFile>\n`;
mkdirSync(join(project, "vtk"));
writeFileSync(join(project, "vtk", "bad.vtu"), TET("zero"));
writeFileSync(join(project, "vtk", "s.pvd"), PVD("bad.vtu"));
writeFileSync(join(project, "ok.vtu"), TET("1"));
writeFileSync(join(project, "vtk", "out.pvd"), PVD("../ok.vtu"));
writeFileSync(join(project, "vtk", "huge.vtu"), TET("1") + " ".repeat(3_000_000));
writeFileSync(join(project, "vtk", "huge.pvd"), PVD("huge.vtu"));
const web = mkdtempSync(join(tmpdir(), "deforma-check-web-"));
writeFileSync(join(web, "index.html"), "<!doctype html>");

let studio: StudioServer;
beforeAll(async () => {
  studio = await startStudioServer({
    root: project,
    webRoot: web,
    port: 0,
    formats: new FormatRegistry([...MIXED_FORMATS, TOY_FORMAT]),
    check: { maxCheckBytes: 3_000_000 },
  });
});
afterAll(() => studio.close());

const getJson = async (path: string) => {
  const r = await send(studio.port, { path });
  return { status: r.status, json: JSON.parse(r.text) };
};

describe("studio server: formats in the listing", () => {
  it("names each file's format by its name and lists the registry's formats", async () => {
    const { json } = await getJson("/api/files");
    const byPath = Object.fromEntries(
      json.files.map((f: { path: string; format?: string }) => [f.path, f.format]),
    );
    expect(byPath).toMatchObject({
      "slider-crank.amx": "amx",
      "CAD_Matrixes.dat": "cad-matrixes",
      "rod.agr": "agr",
      "slider-crank.amb": "amb",
      "x.toy": "toy",
    });
    expect(byPath["notes.txt"]).toBeUndefined();
    expect(json.formats).toContainEqual({
      id: "amx",
      label: "mixed animation",
      docsPage: "amx.md",
      workspace: "mixed",
      extensions: [".amx"],
    });
    expect(json.formats.map((f: { id: string }) => f.id)).toContain("toy");
  });
});

describe("studio server: GET /api/check", () => {
  // decision 25
  it("checks a file with its format: counts, located findings, source lines, summary", async () => {
    const ok = await getJson("/api/check?path=rod.agr");
    expect(ok.json).toMatchObject({
      path: "rod.agr",
      format: { id: "agr", label: "mesh animation" },
      variant: "binary",
      status: "checked",
      ok: true,
      errors: 0,
    });
    expect(ok.json.summary.nodes).toBeGreaterThan(0);
    const bad = await getJson("/api/check?path=broken.amx");
    expect(bad.json).toMatchObject({ ok: false, errors: 1, warnings: 0 });
    expect(bad.json.diagnostics[0]).toMatchObject({ code: "AMX013", line: 3, column: 5 });
    expect(bad.json.excerpts).toEqual(["  3 1 1\n      ^\n"]);
    const cr = await getJson("/api/check?path=broken-cr.amx");
    expect(cr.json.diagnostics[0]).toMatchObject({ code: "AMX013", line: 3, column: 5 });
    expect(cr.json.excerpts).toEqual(["  3 1 1\n      ^\n"]);
  });

  it("sends a bounded window of a long line, not the whole line", async () => {
    const r = await getJson("/api/check?path=one-line.amx");
    expect(r.json.ok).toBe(false);
    expect(r.json.excerpts.length).toBeGreaterThan(0);
    for (const e of r.json.excerpts as string[]) expect(e.length).toBeLessThan(400);
  });

  // decision 25
  it("checks a registered toy format the same way", async () => {
    const { json } = await getJson("/api/check?path=x.toy");
    expect(json).toMatchObject({ format: { id: "toy" }, ok: true, warnings: 1 });
    expect(json.summary).toEqual({ entries: 2, names: ["a", "a"] });
  });

  it("says an unknown file is unknown (FMT001) and what it looks like", async () => {
    const { json } = await getJson("/api/check?path=notes.txt");
    expect(json).toMatchObject({ format: null, ok: false, errors: 1 });
    expect(json.diagnostics[0].message).toContain("text starting with 'hello'");
  });

  it("does not read files past the size bound, but still names their format", async () => {
    const { json } = await getJson("/api/check?path=big.toy");
    expect(json).toMatchObject({ status: "too-large", format: { id: "toy" }, size: 3_600_000 });
  });

  // decision 25
  it("recomputes when the file changes (cache keyed by size and time)", async () => {
    writeFileSync(join(project, "c.toy"), "a = 1\n");
    expect((await getJson("/api/check?path=c.toy")).json.errors).toBe(0);
    expect((await getJson("/api/check?path=c.toy")).json.errors).toBe(0);
    writeFileSync(join(project, "c.toy"), "a = 1\nbroken line\n");
    expect((await getJson("/api/check?path=c.toy")).json.errors).toBe(1);
  });

  // decision 113
  it("recomputes a .pvd when only a file it names changes, appears or goes", async () => {
    mkdirSync(join(project, "watch"));
    writeFileSync(join(project, "watch", "a.vtu"), TET("1"));
    writeFileSync(join(project, "watch", "w.pvd"), PVD("a.vtu"));
    const check = async () => (await getJson("/api/check?path=watch/w.pvd")).json;
    expect(await check()).toMatchObject({ ok: true, errors: 0 });
    expect(await check()).toMatchObject({ ok: true, errors: 0 });
    writeFileSync(join(project, "watch", "a.vtu"), TET("zero"));
    expect(await check()).toMatchObject({ ok: false, errors: 1 });
    rmSync(join(project, "watch", "a.vtu"));
    const gone = await check();
    expect(gone.ok).toBe(false);
    expect(gone.diagnostics[0]).toMatchObject({ file: "watch/w.pvd" });
    writeFileSync(join(project, "watch", "a.vtu"), TET("1"));
    expect(await check()).toMatchObject({ ok: true, errors: 0 });
  });

  it("checks an .amx with the files it names, as amx validate does", async () => {
    // The demo's own .amx names rod.agr and piston.agr next to it: clean.
    expect((await getJson("/api/check?path=slider-crank.amx")).json).toMatchObject({
      ok: true,
      errors: 0,
    });
    // broken.amx: body 3 with rod.agr, cross-checked against the demo's CAD and MBS files.
    const bad = await getJson("/api/check?path=broken.amx");
    expect(bad.json.diagnostics.map((d: { code: string }) => d.code)).toEqual(["AMX013"]);
    writeFileSync(
      join(project, "gone.amx"),
      BROKEN.join("\n").replace("3 1 1", "3 1 0").replace("rod", "gone"),
    );
    const gone = await getJson("/api/check?path=gone.amx");
    expect(gone.json.diagnostics).toMatchObject([{ code: "AMX101", line: 4, column: 7 }]);
  });

  // decision 105
  it("checks a .pvd with the files it names: their findings under their own names and lines", async () => {
    const { json } = await getJson("/api/check?path=vtk/s.pvd");
    expect(json).toMatchObject({ format: { id: "pvd" }, ok: false, errors: 1 });
    expect(json.diagnostics[0]).toMatchObject({ file: "vtk/bad.vtu", code: "VTK004", line: 3 });
    expect(json.excerpts[0]).toContain("0 zero 0");
    const out = await getJson("/api/check?path=vtk/out.pvd");
    expect(out.json.diagnostics[0]).toMatchObject({ file: "vtk/out.pvd", code: "VTK009", line: 2 });
    expect(out.json.diagnostics[0].message).toContain("outside the folder");
    // A named file is bounded like the file itself.
    const huge = await getJson("/api/check?path=vtk/huge.pvd");
    expect(huge.json.diagnostics[0]).toMatchObject({ file: "vtk/huge.pvd", code: "VTK009" });
    expect(huge.json.diagnostics[0].message).toContain("larger than 3000000 bytes");
  });

  it("refuses missing files, folders, escaping paths and writes", async () => {
    expect((await getJson("/api/check?path=nope.amx")).status).toBe(404);
    expect((await getJson("/api/check?path=../secret")).status).toBe(400);
    expect((await getJson("/api/check")).status).toBe(400);
    const put = await send(studio.port, {
      method: "PUT",
      path: "/api/check?path=x.toy",
      headers: { Origin: `http://127.0.0.1:${studio.port}`, "X-Deforma-Request": "1" },
    });
    expect(put.status).toBe(405);
  });
});
