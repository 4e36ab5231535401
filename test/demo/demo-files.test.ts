import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildDemoFolder } from "../../scripts/demo/files.js";
import { buildDemoModel } from "../../scripts/demo/model.js";
import { DEFAULT_PARAMETERS } from "../../scripts/demo/params.js";
import { DemoFiles } from "../../scripts/demo/readme.js";
import { readAgr } from "../../src/mixed/agr/index.js";
import { readAmb } from "../../src/mixed/amb/index.js";
import { readAmx } from "../../src/mixed/amx/index.js";
import { readCad } from "../../src/mixed/cad/index.js";
import { expectSameBytes } from "../helpers.js";

const DEMO_DIR = join(import.meta.dirname, "..", "..", "demo");
const folder = buildDemoFolder(DEFAULT_PARAMETERS);
const bytes = (data: string | Uint8Array) =>
  typeof data === "string" ? new TextEncoder().encode(data) : data;

describe("demo folder", () => {
  it("is up to date with the generator (else run npx tsx scripts/make-demo.ts)", () => {
    expect([...folder.files.keys()].sort()).toEqual(Object.values(DemoFiles).sort());
    for (const [name, data] of folder.files) {
      const onDisk = new Uint8Array(readFileSync(join(DEMO_DIR, name)));
      expect(Buffer.from(onDisk).equals(Buffer.from(bytes(data))), name).toBe(true);
    }
  });

  it("is the same bytes on every build", () => {
    const again = buildDemoFolder(DEFAULT_PARAMETERS);
    for (const [name, data] of folder.files) {
      expect(
        Buffer.from(bytes(again.files.get(name)!)).equals(Buffer.from(bytes(data))),
        name,
      ).toBe(true);
    }
  });

  it("reads back without errors to the models it was written from", () => {
    const model = buildDemoModel(DEFAULT_PARAMETERS);
    const errors = (ds: readonly { severity: string }[]) =>
      ds.filter((d) => d.severity === "error");
    const mbs = readAmb(bytes(folder.files.get(DemoFiles.mbs)!));
    expect(errors(mbs.diagnostics)).toEqual([]);
    expect(mbs.model?.bodies).toEqual(model.mbs.bodies);
    expectSameBytes(mbs.model!.matrices, model.mbs.matrices, "matrices");
    const rod = readAgr(bytes(folder.files.get(DemoFiles.rod)!));
    expect(errors(rod.diagnostics)).toEqual([]);
    expectSameBytes(rod.model!.vectorValues[0], model.rod.vectorValues[0]!, "rod");
    const piston = readAgr(bytes(folder.files.get(DemoFiles.piston)!));
    expect(errors(piston.diagnostics)).toEqual([]);
    expectSameBytes(piston.model!.scalarValues[0], model.piston.scalarValues[0]!, "piston");
    const cad = readCad(folder.files.get(DemoFiles.cad) as string);
    expect(cad.diagnostics).toEqual([]);
    expect(cad.model).toEqual(model.cad);
    const amx = readAmx(folder.files.get(DemoFiles.amx) as string);
    expect(amx.diagnostics).toEqual([]);
    expect(amx.model.mbs).toBe(DemoFiles.mbs);
    expect(amx.model.bodies.map((b) => [b.body, b.animations[0]!.file])).toEqual([
      [3, DemoFiles.rod],
      [4, DemoFiles.piston],
    ]);
  });
});
