/**
 * The registries are the only list: a mesh format, a series index and a
 * workspace planted from outside (registerFormat, registerWorkspace) are
 * found with no other edit by `deforma check`, the studio's listing and
 * check, the file tree (series folded under their index), the workspace a
 * file opens in (the file list's links, a drop's import) and the mesh loader.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileReader } from "../../src/core/file-source.js";
import type { FormatInfo } from "../../src/core/formats/reply.js";
import { locateReport } from "../../src/core/report.js";
import { FORMATS, registerFormat } from "../../src/formats.js";
import { isMeshFile, loadMeshFile } from "../../src/mixed/index.js";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { buildFileTree } from "../../web/src/file-tree.js";
import { planImport } from "../../web/src/import-drop.js";
import { registerWorkspace, workspaceForFormat } from "../../web/src/shell/workspace.js";
import { TOY_MESH_FORMAT, TOY_RUN_FORMAT } from "../fixtures/toy-format/mesh-format.js";
import { cli } from "../helpers.js";
import { send } from "./http-client.js";

const unregister = [registerFormat(TOY_MESH_FORMAT), registerFormat(TOY_RUN_FORMAT)];
afterAll(() => {
  for (const u of unregister) u();
});

const project = mkdtempSync(join(tmpdir(), "deforma-planted-"));
const FILES: Record<string, string> = {
  "a.tmesh": "DEFORMA-TMESH\n0 0 0\n1 0 0\n",
  "bad.tmesh": "DEFORMA-TMESH\n0 0 0\n1 zero 0\n",
  "run.tmesh-run": "run_0001.tmesh\nrun_0002.tmesh\nrun_0003.tmesh\n",
  "run_0001.tmesh": "DEFORMA-TMESH\n0 0 0\n",
  "run_0002.tmesh": "DEFORMA-TMESH\n0 0 1\n",
  "run_0003.tmesh": "DEFORMA-TMESH\n0 0 2\n",
};
for (const [name, text] of Object.entries(FILES)) writeFileSync(join(project, name), text);
const web = mkdtempSync(join(tmpdir(), "deforma-planted-web-"));
writeFileSync(join(web, "index.html"), "<!doctype html>");

let studio: StudioServer;
beforeAll(async () => {
  // No formats option: the server uses the registry, FORMATS.
  studio = await startStudioServer({ root: project, webRoot: web, port: 0 });
});
afterAll(() => studio.close());

const getJson = async (path: string) => JSON.parse((await send(studio.port, { path })).text);

describe("a planted mesh format and workspace are found everywhere", () => {
  it("in deforma check", async () => {
    const r = await cli(["check", "a.tmesh", "bad.tmesh"], project);
    expect(r.out).toContain("a.tmesh: ok (toy mesh, text; 0 errors, 0 warnings)");
    expect(r.out).toContain("bad.tmesh:3:1: error TMESH001: expected 'x y z', found '1 zero 0'");
  });

  it("in the studio's listing and check", async () => {
    const listing = await getJson("/api/files");
    const format = (path: string) =>
      listing.files.find((f: { path: string }) => f.path === path)?.format;
    expect(format("a.tmesh")).toBe("toy-mesh");
    expect(format("run.tmesh-run")).toBe("toy-run");
    expect(listing.formats).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: "toy-mesh", workspace: "mesh", extensions: [".tmesh"] }),
        expect.objectContaining({ id: "toy-run", workspace: "toy-view", indexes: "series" }),
      ]),
    );
    const check = await getJson("/api/check?path=bad.tmesh");
    expect(check).toMatchObject({ format: { id: "toy-mesh" }, ok: false, errors: 1 });
    expect(check.diagnostics[0]).toMatchObject({ code: "TMESH001", line: 3, column: 1 });
  });

  // decision 151
  it("in the file tree: the series folds under its planted index", async () => {
    const listing = await getJson("/api/files");
    const formats = new Map<string, FormatInfo>(listing.formats.map((f: FormatInfo) => [f.id, f]));
    const tree = buildFileTree(
      listing.files,
      (f) => f.format !== undefined && formats.get(f.format)?.indexes === "series",
    );
    const run = tree.find((n) => n.name === "run.tmesh-run");
    expect(run).toMatchObject({ kind: "series", count: 3, index: { format: "toy-run" } });
    expect(tree.find((n) => n.name === "a.tmesh")).toMatchObject({ kind: "file" });
  });

  // decisions 151 and 152
  it("in the workspace a file opens in, and what a drop opens", async () => {
    const { formats } = (await getJson("/api/files")) as { formats: FormatInfo[] };
    const opens = (id: string) => workspaceForFormat(formats.find((f) => f.id === id)?.workspace);
    // (The mesh view itself is registered by the page, web/src/workspaces.ts; the listing names it above.)
    // Until its workspace is registered, a run opens in the file check.
    expect(opens("toy-run")).toBe("file");
    registerWorkspace({
      id: "toy-view",
      label: "ws.file",
      tab: false,
      playsFiles: true,
      create: () => ({ element: {} as HTMLElement, open: () => undefined, close: () => undefined }),
    });
    expect(opens("toy-run")).toBe("toy-view");
    const dropped = ["out/run_0001.tmesh", "out/run.tmesh-run"].map((path) => ({
      path,
      file: new File([], path),
    }));
    expect(planImport(dropped, [], formats)?.open).toBe("imported/out/run.tmesh-run");
  });

  // decision 150
  it("in the mesh loader", async () => {
    const read: FileReader = async () => ({ status: "missing" });
    const bytes = (name: string) => new Uint8Array(readFileSync(join(project, name)));
    expect(isMeshFile("a.tmesh", FORMATS)).toBe(true);
    const ok = await loadMeshFile("a.tmesh", bytes("a.tmesh"), read, FORMATS);
    expect(ok.report).toEqual([]);
    expect(ok.model?.nodeCount).toBe(2);
    expect([...ok.model!.positions]).toEqual([0, 0, 0, 1, 0, 0]);
    const bad = await loadMeshFile("bad.tmesh", bytes("bad.tmesh"), read, FORMATS);
    expect(locateReport(bad.report)[0]).toMatchObject({ code: "TMESH001", line: 3 });
    // A format that names another workspace is not a mesh.
    const run = await loadMeshFile("run.tmesh-run", bytes("run.tmesh-run"), read, FORMATS);
    expect(run.model).toBeUndefined();
    expect(run.report[0]!.diagnostics[0]!.message).toContain("toy run");
  });
});
