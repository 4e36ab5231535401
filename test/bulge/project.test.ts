import { describe, expect, it } from "vitest";
import { buildArmFiles } from "../../scripts/demo/arm.js";
import {
  type BulgeProjectIo,
  CATALOGUE_PATH,
  defaultBulgeTypes,
  loadBulgeProject,
} from "../../src/bulge/index.js";
import type { FileSource } from "../../src/core/file-source.js";

const RIG = buildArmFiles().get("arm.rig.json")!;

/** A project in memory: files by path; `writes` records what the loader created. */
function memory(files: Record<string, string>, list = true) {
  const store = new Map<string, Uint8Array>(
    Object.entries(files).map(([k, v]) => [k, new TextEncoder().encode(v)]),
  );
  const writes: string[] = [];
  const io: BulgeProjectIo = {
    read: async (path): Promise<FileSource> => {
      const bytes = store.get(path);
      return bytes ? { status: "ok", bytes } : { status: "missing" };
    },
    create: async (path, bytes) => {
      if (store.has(path)) return "exists";
      store.set(path, bytes);
      writes.push(path);
      return "created";
    },
    ...(list
      ? { listRigs: async () => [...store.keys()].filter((p) => p.endsWith(".rig.json")) }
      : {}),
  };
  return { io, writes, store };
}

describe("loadBulgeProject: one loader for the CLI and the studio", () => {
  it("creates the default catalogue when the project has none, and says so", async () => {
    const m = memory({ "arm.rig.json": RIG });
    const p = await loadBulgeProject(m.io);
    expect(m.writes).toEqual([CATALOGUE_PATH]);
    expect(p.catalogue).toMatchObject({ status: "ok", created: true, text: defaultBulgeTypes() });
    // The default catalogue has the elbow's code 5: no findings.
    expect(p.report).toEqual([]);
    expect(p.rigs.map((r) => [r.path, r.rig?.joints.length])).toEqual([["arm.rig.json", 2]]);
  });

  // decision 117
  it("never writes over an existing catalogue, and does not create one elsewhere unless asked", async () => {
    const mine = 'bulge: "Mine" code: 9\n  angle: 0\n    0 0 0\n    1 1 0\n';
    const m = memory({ [CATALOGUE_PATH]: mine });
    const p = await loadBulgeProject(m.io);
    expect(m.writes).toEqual([]);
    expect(p.catalogue).toMatchObject({ status: "ok", created: false, text: mine });
    const other = await loadBulgeProject(m.io, { catalogue: "other/bulge_types" });
    expect(other.catalogue).toEqual({ status: "missing", path: "other/bulge_types" });
    expect(m.writes).toEqual([]);
  });

  it("reports a rig's code the catalogue lacks (RIG020), located at the code", async () => {
    const mine = 'bulge: "Mine" code: 9\n  angle: 0\n    0 0 0\n    1 1 0\n';
    const m = memory({ [CATALOGUE_PATH]: mine, "sub/arm.rig.json": RIG });
    const p = await loadBulgeProject(m.io);
    expect(p.report).toHaveLength(1);
    const [d] = p.report[0]!.diagnostics;
    expect(p.report[0]!.file).toBe("sub/arm.rig.json");
    expect(d!.code).toBe("RIG020");
    expect(d!.message).toContain(`bulge code 5 is not defined in ${CATALOGUE_PATH}`);
    expect(RIG.slice(d!.start, d!.end)).toBe("5");
  });

  it("a rig that does not read is listed without a model (it may reference any code)", async () => {
    const m = memory({ "b.rig.json": "{ not json", "a.rig.json": RIG });
    const p = await loadBulgeProject(m.io);
    expect(p.rigs.map((r) => [r.path, r.rig === undefined])).toEqual([
      ["a.rig.json", false],
      ["b.rig.json", true],
    ]);
    expect(p.report.map((r) => r.diagnostics[0]?.code)).toEqual(["RIG001"]);
  });

  // decision 117
  it("without a lister only the rigs asked for are read; without a writer nothing is created", async () => {
    const m = memory({ "a.rig.json": RIG, "b.rig.json": RIG }, false);
    const { create: _, ...readOnly } = m.io;
    const p = await loadBulgeProject(readOnly, { rigs: ["b.rig.json"] });
    expect(p.rigs.map((r) => r.path)).toEqual(["b.rig.json"]);
    expect(p.catalogue.status).toBe("missing");
    expect(m.writes).toEqual([]);
  });
});
