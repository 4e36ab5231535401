/**
 * The bench's honest peers (issue 22): each one's answer check fails on a
 * wrong answer, the peers compute what they claim, and the harness records
 * the CPU of both sides. No time or ratio is asserted.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSkin, skinLoop } from "../bench/bulge.js";
import { checkOk, childrenCpu } from "../bench/cold.js";
import { interleave, measured, measureSide } from "../bench/harness.js";
import { checkMorph, MORPH_AGREES } from "../bench/live-improved.js";
import { check, plainFrame } from "../bench/mixed.js";

describe("mixed-frame-vs-loop's peer and check", () => {
  // Two nodes, two frames; the placement swaps x and y and shifts z by 1.
  const coords = Float32Array.of(0, 0, 0, 1, 0, 0, 1, 1, 1, 3, 0, 0);
  // Node 0's value is the range's bottom, node 1's twice its top (clamped to the last entry).
  const scalars = Float32Array.of(0, 3e-3, 0, 3e-3);
  const table = Float32Array.from({ length: 256 * 3 }, (_, i) => i);
  // Column-major 4×4: x' = y, y' = x, z' = z + 1.
  const e = [0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1];
  const world = new Float32Array(6);
  const values = new Float32Array(2);
  const colors = new Float32Array(6);
  plainFrame(coords, scalars, table, e, 0, 0.5, 2, world, values, colors);

  // decision 307
  it("blends the frames, applies the 3×4 placement and looks up the colour", () => {
    expect(Array.from(world)).toEqual([0.5, 0.5, 1.5, 0, 2, 1]);
    expect(values[1]).toBeCloseTo(3e-3, 9);
    expect(Array.from(colors)).toEqual([0, 1, 2, 765, 766, 767]);
  });

  it("accepts its own answer and refuses a wrong one", () => {
    const rest = new Float32Array(6);
    expect(check("row", world, colors, world.slice(), colors.slice(), rest, 2).worst).toBe(0);
    const off = world.slice();
    off[4]! += 1e-3;
    expect(() => check("row", world, colors, off, colors, rest, 2)).toThrow(/answers disagree/);
    const paint = colors.slice();
    paint[0] = 999;
    expect(() => check("row", world, colors, world, paint, rest, 2)).toThrow(/answers disagree/);
    // A frame that does not move the mesh proves nothing.
    expect(() => check("row", world, colors, world, colors, world, 2)).toThrow(/moved/);
  });
});

describe("bulge-skin-vs-loop's peer and check", () => {
  // decision 304
  it("skins with 4 influences, one 3×4 multiply-add each", () => {
    // Bone 0: identity; bone 1: a shift by (0, 2, 0). One vertex half on each, one on bone 1 alone.
    const bones = Float32Array.of(
      1,
      0,
      0,
      0,
      0,
      1,
      0,
      0,
      0,
      0,
      1,
      0,
      1,
      0,
      0,
      0,
      0,
      1,
      0,
      2,
      0,
      0,
      1,
      0,
    );
    const rest = Float32Array.of(1, 1, 1, 2, 0, 0);
    const index = Uint16Array.of(0, 1, 0, 0, 1, 0, 0, 0);
    const weight = Float32Array.of(0.5, 0.5, 0, 0, 1, 0, 0, 0);
    expect(Array.from(skinLoop(rest, index, weight, bones, new Float32Array(6)))).toEqual([
      1, 2, 1, 2, 2, 0,
    ]);
  });

  it("accepts an answer within 1e-5 m and refuses a wrong one", () => {
    const rest = new Float32Array(6);
    const ours = Float32Array.of(1, 0, 0, 0, 1, 0);
    expect(
      checkSkin(
        "row",
        ours,
        ours.map((x) => x + 5e-6),
        rest,
      ),
    ).toBeLessThan(1e-5);
    const wrong = ours.slice();
    wrong[4] = 1.001;
    expect(() => checkSkin("row", ours, wrong, rest)).toThrow(/answers disagree/);
    expect(() => checkSkin("row", rest, rest, rest)).toThrow(/moved/);
  });
});

describe("cli-cold-start-npx's check and CPU", () => {
  // decision 302
  it("refuses a failed or silent run", () => {
    expect(() => checkOk("row", { status: 0, out: "seed-flat.amx: ok (0 errors)" })).not.toThrow();
    expect(() => checkOk("row", { status: 1, out: "seed-flat.amx: ok (0 errors)" })).toThrow();
    expect(() => checkOk("row", { status: 0, out: "npm error could not determine" })).toThrow();
  });

  // decision 305
  it("reads the children's CPU from bash's `times`", () => {
    expect(childrenCpu("0m0.001s 0m0.002s\n0m0.250s 0m1.125s\n")).toBeCloseTo(1375, 6);
    expect(childrenCpu("nothing")).toBeNaN();
  });
});

describe("morph-improved-vs-opencv's check", () => {
  // decision 306
  it("refuses an OpenCV morph far from ours or from scikit-image's", () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-bench-peers-"));
    try {
      const a = join(dir, "morph.rgba");
      const b = join(dir, "skimage.rgba");
      writeFileSync(a, new Uint8Array(64).fill(100));
      writeFileSync(b, new Uint8Array(64).fill(101));
      expect(() => checkMorph(MORPH_AGREES.ours - 1, a, b)).not.toThrow();
      expect(() => checkMorph(MORPH_AGREES.ours + 1, a, b)).toThrow(/answers disagree/);
      writeFileSync(b, new Uint8Array(64).fill(110));
      expect(() => checkMorph(1, a, b)).toThrow(/answers disagree/);
      // Without scikit-image's answer, only ours is compared.
      expect(() => checkMorph(1, a, join(dir, "none.rgba"))).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the harness's load and CPU columns", () => {
  // decision 305
  it("measures this process's CPU for a side run here and takes a peer process's own", async () => {
    const busy = () => {
      const start = performance.now();
      let x = 0;
      while (performance.now() - start < 20) x += Math.sqrt(x + 1);
      return x > 0 ? performance.now() - start : 0;
    };
    const here = await measureSide(busy);
    expect(here.cpu).toBeGreaterThan(0);
    expect(await measureSide(() => ({ ms: 5, cpu: 7 }))).toEqual({ ms: 5, cpu: 7 });
    const r = await interleave(3, 0, busy, () => ({ ms: 10, cpu: Number.NaN }));
    expect(r.cpuOurs).toBeGreaterThan(0);
    const row = measured(r);
    expect(row.cpuTheirs).toBeNull();
    expect(typeof row.load).toBe("number");
  });
});
