import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli } from "../helpers.js";

const demo = (name: string) => fileURLToPath(new URL(`../../demo/${name}`, import.meta.url));

describe("the bundled demo model", () => {
  it("validates clean, companions included", async () => {
    const r = await cli(["amx", "validate", demo("slider-crank.amx"), "--json"]);
    expect(JSON.parse(r.out)).toEqual({ ok: true, diagnostics: [] });
    expect(r.code).toBe(0);
  });

  it("agr info shows the seed's table: thermal scalar varying, vector constant", async () => {
    const r = await cli(["agr", "info", demo("piston.agr"), "--json"]);
    expect(r.code).toBe(0);
    const info = JSON.parse(r.out);
    expect(info).toMatchObject({
      type: 0,
      scalars: [{ name: "temperature", unit: "K", varying: true }],
      vectors: [{ name: "coordinates", unit: "m", varying: false }],
    });
    expect(Object.keys(info).slice(0, 7)).toEqual([
      "type",
      "nodes",
      "elements",
      "frames",
      "times",
      "scalars",
      "vectors",
    ]);
    expect(info.times).toHaveLength(info.frames);
  });

  it("agr info shows the seed's table: stress-strain scalar and vector both varying", async () => {
    const r = await cli(["agr", "info", demo("rod.agr"), "--json"]);
    expect(JSON.parse(r.out)).toMatchObject({
      type: 1,
      scalars: [{ name: "displacement", unit: "m", varying: true }],
      vectors: [{ name: "coordinates", unit: "m", varying: true }],
    });
  });

  it("npm start's command summarizes it and exits 0", async () => {
    const r = await cli(["demo"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("slider-crank.amx: valid (0 errors, 0 warnings)");
    expect(r.out).toContain("type 1 (stress-strain)");
  });

  it("converts a mesh animation to text and back without loss", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-convert-"));
    expect((await cli(["agr", "convert", demo("piston.agr"), "p.agr"], dir)).code).toBe(0);
    expect(readFileSync(join(dir, "p.agr"), "utf8").startsWith("DEFORMA-AGR 1")).toBe(true);
    expect((await cli(["agr", "convert", "p.agr", "back.agr"], dir)).code).toBe(0);
    expect(
      Buffer.compare(readFileSync(join(dir, "back.agr")), readFileSync(demo("piston.agr"))),
    ).toBe(0);
    expect((await cli(["agr", "convert", "p.agr", "back.agr"], dir)).code).toBe(1);
    expect(
      (await cli(["amb", "convert", demo("slider-crank.amb"), "m.amb", "--binary"], dir)).code,
    ).toBe(0);
    expect((await cli(["amb", "info", "m.amb"], dir)).out).toContain("5 bodies, 301 frames");
  });
});
