import { describe, expect, it } from "vitest";
import { CLASSIC_ENGINE } from "../../src/live/classic/index.js";
import { IMPROVED_ENGINE } from "../../src/live/improved/index.js";
import {
  measure,
  mse,
  psnr,
  type QualityResult,
  qualityScenes,
  qualityTable,
} from "../../src/live/quality/index.js";

const SCENES = qualityScenes(160, 120);

describe("quality scenes", () => {
  it("are consistent: the truth at 0 is K, at 1 is L, and differs in between", () => {
    for (const s of SCENES) {
      expect(mse(s.truth(0), s.k.image)).toBe(0);
      expect(mse(s.truth(1), s.l.image)).toBe(0);
      const mid = s.truth(0.5);
      expect(psnr(mid, s.k.image)).toBeLessThan(30);
      expect(psnr(mid, s.l.image)).toBeLessThan(30);
      // Control points lie on the true motion: K and L agree in count and names.
      expect(s.k.names).toEqual(s.l.names);
      expect(s.k.points.length).toBe(s.l.points.length);
      expect(s.k.names.length).toBeGreaterThanOrEqual(10);
      expect(s.k.names.length).toBeLessThanOrEqual(25);
    }
    expect(SCENES.filter((s) => s.k.cuts.length > 0).map((s) => s.name)).toEqual([
      "mouth",
      "shear",
    ]);
  });

  it("measure PSNR as 10·log10(255² / MSE)", () => {
    const s = SCENES[0]!;
    expect(psnr(s.k.image, s.k.image)).toBe(Number.POSITIVE_INFINITY);
    const m = mse(s.k.image, s.l.image);
    expect(psnr(s.k.image, s.l.image)).toBeCloseTo(10 * Math.log10((255 * 255) / m), 10);
  });
});

describe("improved engine against the classic one, on the quality scenes", () => {
  const results: QualityResult[] = [];
  for (const s of SCENES) {
    it(`is ahead on ${s.name}: PSNR against the truth and the jump into L`, () => {
      const classic = measure(CLASSIC_ENGINE, s);
      const improved = measure(IMPROVED_ENGINE, s);
      results.push(classic, improved);
      expect(improved.emptyPixels).toBe(0);
      expect(improved.meanPsnr).toBeGreaterThan(classic.meanPsnr + 5);
      expect(improved.worstPsnr).toBeGreaterThan(classic.worstPsnr + 5);
      expect(improved.jumpRmse).toBeLessThan(0.5 * classic.jumpRmse);
      // A perfect engine's jump is the truth's own last step; the improved one is about that.
      expect(improved.jumpRmse).toBeLessThan(1.25 * improved.trueJumpRmse);
    });
  }

  it("prints as a Markdown table", () => {
    const table = qualityTable(results);
    expect(table.split("\n")).toHaveLength(2 + 2 * SCENES.length);
    expect(table).toContain("| mouth | improved |");
  });
});
