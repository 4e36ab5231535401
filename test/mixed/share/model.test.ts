/**
 * The packed model folder: the demo's mixed model packs far under the shared
 * page's 3 MB, opens through the same loader as the studio with every mesh
 * within the stated error, and a damaged folder is a finding, never a throw.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodeText } from "../../../src/core/bytes.js";
import { reportHasErrors } from "../../../src/core/report.js";
import { readAgr } from "../../../src/mixed/agr/index.js";
import { loadMixedFolder } from "../../../src/mixed/load/index.js";
import { modelSize, packModel, unpackModel } from "../../../src/mixed/share/index.js";
import { demoPath } from "../../helpers.js";

const NAMES = ["slider-crank.amx", "CAD_Matrixes.dat", "slider-crank.amb", "piston.agr", "rod.agr"];
const demo = () =>
  NAMES.map((name) => ({ name, bytes: new Uint8Array(readFileSync(demoPath(name))) }));

describe("packed model folder", () => {
  it("packs the demo's mixed model in under 1 MB and opens it with the studio's loader", async () => {
    const files = demo();
    const packed = await packModel(files);
    expect(packed.length).toBeLessThan(1_000_000);
    const r = unpackModel(packed);
    expect(r.diagnostics).toEqual([]);
    expect(r.names).toEqual(NAMES);
    const amx = await r.read("slider-crank.amx");
    expect(amx.status).toBe("ok");
    const folder = await loadMixedFolder(
      "slider-crank.amx",
      decodeText((amx as { bytes: Uint8Array }).bytes),
      r.read,
    );
    expect(reportHasErrors(folder.report)).toBe(false);
    expect(folder.meshes.size).toBe(2);
    // Raw files come back byte for byte; meshes within 1e-3 of their size.
    expect((await r.read("slider-crank.amb")) as { bytes: Uint8Array }).toEqual({
      status: "ok",
      bytes: files[2]!.bytes,
    });
    const rod = readAgr(files[4]!.bytes).model!;
    const back = readAgr(((await r.read("sub/rod.agr")) as { bytes: Uint8Array }).bytes).model!;
    const size = modelSize(rod.positions);
    let e = 0;
    for (let i = 0; i < rod.positions.length; i++)
      e = Math.max(e, Math.abs(rod.positions[i]! - back.positions[i]!));
    expect(e).toBeLessThanOrEqual(1e-3 * size);
    expect(await r.read("other.agr")).toEqual({ status: "missing" });
  });

  it("a damaged folder is FMT013 or FMT014 and reads nothing", async () => {
    const packed = await packModel(demo().slice(0, 2));
    expect(unpackModel(packed.subarray(0, 10)).diagnostics.map((d) => d.code)).toEqual(["FMT013"]);
    const cut = unpackModel(packed.subarray(0, packed.length - 1));
    expect(cut.diagnostics.map((d) => [d.code, d.start])).toEqual([["FMT014", 16]]);
    expect(await cut.read("slider-crank.amx")).toEqual({ status: "missing" });
    const flipped = packed.slice();
    flipped[packed.length - 5] = flipped[packed.length - 5]! ^ 0xff;
    const bad = await unpackModel(flipped).read("CAD_Matrixes.dat");
    expect(bad.status).toBe("unreadable");
  });
});
