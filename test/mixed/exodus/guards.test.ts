/**
 * The Exodus II reader never throws, never allocates what the file cannot
 * hold, and says where: a header declaring more nodes than the file's bytes,
 * a CDF-5 file, bytes of no container, a file cut short, element blocks of a
 * type it does not read, and bytes flipped anywhere.
 */
import { describe, expect, it } from "vitest";
import { readExodus } from "../../../src/mixed/exodus/read.js";
import { fixtureBytes, netcdf3Header } from "./helpers.js";

describe("Exodus II: never throws, bounded, located", () => {
  it("a 200-byte file declaring 10⁹ nodes is EXO004 at the byte of num_nodes's size, not an allocation", async () => {
    const head = netcdf3Header([
      ["num_dim", 3],
      ["num_nodes", 1e9],
    ]);
    const bytes = new Uint8Array(200);
    bytes.set(head);
    const r = await readExodus(bytes, "big.exo");
    expect(r.frames).toBeUndefined();
    expect(r.diagnostics.map((d) => [d.code, d.start, d.end])).toEqual([["EXO004", 48, 52]]);
    expect(r.diagnostics[0]!.message).toContain("num_nodes");
  });

  it("a record count of 10⁹ time steps is EXO004 at byte 4, where the header holds it", async () => {
    const bytes = fixtureBytes("classic.exo");
    new DataView(bytes.buffer, bytes.byteOffset).setUint32(4, 1e9);
    const r = await readExodus(bytes, "steps.exo");
    expect(r.frames).toBeUndefined();
    const d = r.diagnostics.find((x) => x.code === "EXO004")!;
    expect([d.start, d.end, d.args]).toEqual([4, 8, { name: "time_step", count: 1e9 }]);
  });

  it("a CDF-5 file is EXO002 at its version byte; no container at all is EXO001", async () => {
    const cdf5 = netcdf3Header([["num_dim", 3]], 5);
    const r = await readExodus(cdf5, "x.exo");
    expect(r.diagnostics.map((d) => [d.code, d.start])).toEqual([["EXO002", 3]]);
    const none = await readExodus(new TextEncoder().encode("not exodus at all"), "y.e");
    expect(none.diagnostics.map((d) => d.code)).toEqual(["EXO001"]);
    const empty = await readExodus(new Uint8Array(0), "z.e");
    expect(empty.diagnostics.map((d) => d.code)).toEqual(["EXO001"]);
  });

  it("a NetCDF file without num_dim is not Exodus (EXO003); a broken header is EXO001", async () => {
    const r = await readExodus(netcdf3Header([["lat", 10]]), "climate.e");
    expect(r.diagnostics.map((d) => d.code)).toEqual(["EXO003"]);
    const broken = fixtureBytes("classic.exo").slice(0, 60);
    expect((await readExodus(broken, "cut.exo")).diagnostics.map((d) => d.code)).toEqual([
      "EXO001",
    ]);
  });

  it("a file cut inside its data is EXO006 at the variable's offset, never a throw", async () => {
    const whole = fixtureBytes("classic.exo");
    for (const size of [whole.length - 40, 3000, 2400]) {
      const r = await readExodus(whole.slice(0, size), "cut.exo");
      const codes = r.diagnostics.map((d) => d.code);
      expect(codes.filter((c) => c === "EXO006").length, `${size}`).toBeGreaterThan(0);
      for (const d of r.diagnostics) expect(d.start).toBeLessThanOrEqual(whole.length);
    }
  });

  it("a block of an element type it does not read is left out with EXO007 at its connectivity", async () => {
    const bytes = fixtureBytes("classic.exo");
    const text = new TextDecoder("latin1").decode(bytes);
    const at = text.indexOf("TETRA10");
    bytes.set(new TextEncoder().encode("NFACED0"), at);
    const r = await readExodus(bytes, "nfaced.exo");
    const d = r.diagnostics.find((x) => x.code === "EXO007")!;
    expect(d.message).toContain("NFACED0");
    expect(d.start).toBeGreaterThan(at);
    const f = r.frames!.at(-1)!;
    expect([...f.types]).toEqual([12, 12]);
    expect(f.cellData.find((a) => a.name === "vonmises")!.values.length).toBe(2);
  });

  it("flipped bytes anywhere in any encoding give findings, never a throw", async () => {
    for (const [file, tries] of [
      ["classic.exo", 150],
      ["offset64.e", 150],
      ["hdf5.exo", 40],
    ] as const) {
      const whole = fixtureBytes(file);
      let seed = 7;
      const next = () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed;
      };
      for (let k = 0; k < tries; k++) {
        const bytes = whole.slice();
        for (let j = 0; j < 4; j++) bytes[next() % bytes.length] = next() & 255;
        const r = await readExodus(bytes, file);
        for (const f of r.frames ?? []) expect(f.points.length).toBe(3 * f.pointCount);
      }
    }
  });
});
