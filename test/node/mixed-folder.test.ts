import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locate } from "../../src/core/index.js";
import { locateReport } from "../../src/core/report.js";
import { type MeshAnimation, writeAgrBinary, writeAgrText } from "../../src/mixed/agr/index.js";
import { type MbsAnimation, writeAmbText } from "../../src/mixed/amb/index.js";
import { type CadMatrices, writeCad } from "../../src/mixed/cad/index.js";
import { buildMixedScene, FrameArena, MixedSampler } from "../../src/mixed/sample/index.js";
import { checkAmxText } from "../../src/node/mixed-folder.js";
import { expectSameBytes } from "../helpers.js";

const ROT = [0, 0, 1, -0.5, 0, 1, 0, 0, -1, 0, 0, 0];

/** A one-triangle stress-strain mesh animation with two frames. */
function mesh(type: 0 | 1): MeshAnimation {
  const positions = Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0);
  return {
    type,
    nodeCount: 3,
    positions,
    cellTypes: Uint8Array.of(5),
    connectivity: Uint32Array.of(0, 1, 2),
    scalars: [
      {
        name: type === 1 ? "displacement" : "temperature",
        unit: type === 1 ? "m" : "K",
        varying: true,
      },
    ],
    vectors: [{ name: "coordinates", unit: "m", varying: type === 1 }],
    times: Float64Array.of(0, 1),
    scalarValues: [new Float32Array(6)],
    vectorValues: [type === 1 ? Float32Array.of(...positions, ...positions) : positions.slice()],
  };
}

const MBS: MbsAnimation = {
  bodies: [
    { number: 3, name: "rod", geometry: { kind: "none" } },
    { number: 4, name: "piston", geometry: { kind: "sphere", radius: 0.1 } },
  ],
  times: Float64Array.of(0),
  matrices: Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0),
};

const CAD: CadMatrices = {
  bodies: [
    { body: 3, solvers: [{ type: 1, hasCad: true, matrix: ROT }] },
    { body: 4, solvers: [{ type: 0, hasCad: false, matrix: null }] },
    { body: 5, solvers: [] },
  ],
};

const amx = (lines: string[]) => `${lines.join("\n")}\n`;
const matrix = ["0 0 1 -0.5", "0 1 0 0", "-1 0 0 0"];
const GOOD = amx(["m.amb", "1", "3 1 0", "1 0 0 rod.agr", ...matrix]);

function folder(files: Record<string, string | Uint8Array>): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-folder-"));
  for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, name), data);
  return dir;
}

const complete = () => ({
  "m.amb": writeAmbText(MBS),
  "CAD_Matrixes.dat": writeCad(CAD),
  "rod.agr": writeAgrBinary(mesh(1)),
  "piston.agr": writeAgrText(mesh(0)),
});

async function check(dir: string, text: string, files = true) {
  const r = await checkAmxText(join(dir, "x.amx"), text, { files });
  return locateReport(r.report).map(
    (d) => `${d.file.slice(dir.length + 1)}:${d.code}@${d.line}:${d.column}`,
  );
}

describe("amx validate: cross-file checks", () => {
  it("a complete folder is clean", async () => {
    expect(await check(folder(complete()), GOOD)).toEqual([]);
  });

  // decisions 7 and 8
  it("missing files: MBS and mesh are errors, CAD a warning; --no-files checks none", async () => {
    const dir = folder({});
    expect(await check(dir, GOOD)).toEqual([
      "x.amx:AMX100@1:1",
      "x.amx:AMX102@1:1",
      "x.amx:AMX101@4:7",
    ]);
    expect(await check(dir, GOOD, false)).toEqual([]);
  });

  it("body numbers must be in CAD_Matrixes.dat and in the .amb", async () => {
    const text = amx(["m.amb", "1", "7 1 0", "1 0 0 rod.agr", ...matrix]);
    expect(await check(folder(complete()), text)).toEqual(["x.amx:AMX107@3:1", "x.amx:AMX103@3:1"]);
  });

  // decision 6
  it("the CAD file needs a solver of the type, with a matrix, equal to the .amx's", async () => {
    const dir = folder(complete());
    const noSolver = amx(["m.amb", "1", "3 1 0", "0 0 0 piston.agr", ...matrix]);
    expect(await check(dir, noSolver)).toEqual(["x.amx:AMX104@4:1"]);
    const flag0 = amx(["m.amb", "1", "4 1 0", "0 0 0 piston.agr", "1 0 0 0", "0 1 0 0", "0 0 1 0"]);
    expect(await check(dir, flag0)).toEqual(["x.amx:AMX105@5:1"]);
    const differs = amx([
      "m.amb",
      "1",
      "3 1 0",
      "1 0 0 rod.agr",
      "0 0 1 -0.4",
      "0 1 0 0",
      "-1 0 0 0",
    ]);
    const d = await checkAmxText(join(dir, "x.amx"), differs);
    const located = locateReport(d.report);
    expect(located.map((x) => `${x.code}@${x.line}:${x.column}:${x.severity}`)).toEqual([
      "AMX106@5:1:warning",
    ]);
    expect(located[0]!.message).toContain("first at b1: -0.4 here, -0.5 there");
  });

  it("the .agr must hold the declared type and parameters", async () => {
    const dir = folder({ ...complete(), "rod.agr": writeAgrBinary(mesh(0)) });
    expect(await check(dir, GOOD)).toEqual(["x.amx:AMX108@4:1"]);
  });

  // decision 9
  it("companions' own problems are reported in their own files", async () => {
    const dir = folder({
      ...complete(),
      "CAD_Matrixes.dat": "2\n3 1 1 7 0 0 1 -0.5 0 1 0 0 -1 0 0 0\n",
    });
    const found = await check(dir, GOOD);
    expect(found.filter((f) => f.startsWith("CAD_Matrixes.dat:"))).toEqual([
      "CAD_Matrixes.dat:CAD010@2:7",
      "CAD_Matrixes.dat:CAD006@3:1",
    ]);
    expect(locate([], { file: "x" })).toEqual([]);
  });
});

/**
 * The same model, typed arrays compared bit for bit (expectSameBytes), where
 * an element-by-element toEqual took seconds on the demo's rod.
 */
function expectSameBits(a: object, b: object, path = "model"): void {
  expect(Object.keys(b), path).toEqual(Object.keys(a));
  for (const [k, x] of Object.entries(a)) {
    const y = (b as Record<string, unknown>)[k];
    if (ArrayBuffer.isView(x)) expectSameBytes(y, x, `${path}.${k}`);
    else if (Array.isArray(x) && x.some((e) => ArrayBuffer.isView(e))) {
      expect((y as unknown[]).length, `${path}.${k}`).toBe(x.length);
      x.forEach((e, i) => {
        expectSameBytes((y as unknown[])[i], e, `${path}.${k}[${i}]`);
      });
    } else expect(y, `${path}.${k}`).toEqual(x);
  }
}

describe("checkAmxText with a frame arena", () => {
  const amx = join(process.cwd(), "demo/slider-crank.amx");
  const text = readFileSync(amx, "utf8");

  // decision 122
  it("reads the demo's meshes into the arena, with the same models and findings, and samples the same bits", async () => {
    const arena = FrameArena.create()!;
    const plain = await checkAmxText(amx, text);
    const inArena = await checkAmxText(amx, text, { arena });
    expect(inArena.report).toEqual(plain.report);
    expect([...inArena.meshes.keys()]).toEqual([...plain.meshes.keys()]);
    for (const [name, c] of inArena.meshes) {
      expect(c.status).toBe("ok");
      const m = (c as { model: MeshAnimation }).model;
      expectSameBits((plain.meshes.get(name) as { model: MeshAnimation }).model, m);
      for (const a of [m.positions, ...m.scalarValues, ...m.vectorValues]) {
        expect(arena.has(a)).toBe(true);
      }
    }
    const a = buildMixedScene(plain)!;
    const b = buildMixedScene(inArena)!;
    const js = new MixedSampler(a);
    const wasm = new MixedSampler(b, arena);
    for (const t of [0.013, 0.5, 0.77]) {
      js.setTime(t);
      wasm.setTime(t);
      for (const [i, body] of a.bodies.entries()) {
        const v = body.variants[body.variantInUse];
        if (!v?.animation) continue;
        const w = b.bodies[i]!.variants[body.variantInUse]!;
        const n = v.animation.nodeCount;
        const p = js.worldPositions(body.index, v, new Float32Array(3 * n), { exaggeration: 5 });
        const q = wasm.worldPositions(body.index, w, arena.float32(3 * n)!, { exaggeration: 5 });
        expectSameBytes(q, p, `positions of body ${i} at ${t}`);
        const s = js.scalars(v, new Float32Array(n));
        const ws = wasm.scalars(w, arena.float32(n)!);
        expectSameBytes(ws, s, `scalars of body ${i} at ${t}`);
      }
    }
  });

  it("leaves a missing or unreadable mesh to the usual read, which reports it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-arena-"));
    const path = join(dir, "m.amx");
    const own = readFileSync(amx, "utf8");
    writeFileSync(path, own);
    const arena = FrameArena.create()!;
    const plain = await checkAmxText(path, own);
    const inArena = await checkAmxText(path, own, { arena });
    expect(inArena.report).toEqual(plain.report);
    expect([...inArena.meshes.values()].map((c) => c.status)).toEqual(
      [...plain.meshes.values()].map((c) => c.status),
    );
    expect(plain.report.some((r) => r.diagnostics.length > 0)).toBe(true);
  });
});
