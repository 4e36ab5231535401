/**
 * The improved engine's per-in-between work made cheaper without changing a
 * byte (issue 22, morph-improved-vs-opencv): the four-pixel SIMD loop.
 */
import { describe, expect, it } from "vitest";
import { createImage, type RgbaImage } from "../../src/live/image.js";
import { jsRenderer, simdRenderer } from "../../src/live/improved/renderer.js";
import { kernelModule } from "../../src/live/improved/simd.js";
import { SPAN } from "../../src/live/improved/warp.js";

/** A deterministic noise picture (every byte, alpha included, varies). */
function noise(width: number, height: number, seed: number): RgbaImage {
  const image = createImage(width, height);
  let s = seed;
  for (let i = 0; i < image.data.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    image.data[i] = s >>> 24;
  }
  return image;
}

describe("the improved engine's span kernel", () => {
  it("has a four-pixel loop: four pixels narrowed to bytes and stored as one vector", () => {
    const bytes = Array.from(kernelModule());
    // i8x16.narrow_i16x8_u then v128.store (the one-pixel loop extracts one lane instead).
    const at = bytes.findIndex(
      (b, i) =>
        b === 0xfd && bytes[i + 1] === 0x66 && bytes[i + 2] === 0xfd && bytes[i + 3] === 0x0b,
    );
    expect(at).toBeGreaterThan(0);
  });

  it("gives the JavaScript kernel's bytes for spans of every length from 1 to 13 and every mass", () => {
    const width = 29;
    const height = 17;
    const k = noise(width, height, 1);
    const l = noise(width, height, 2);
    const simd = simdRenderer(k, l)!;
    const js = jsRenderer(k, l);
    expect(simd.simd).toBe(true);
    let rand = 7;
    const next = () => {
      rand = (rand * 1103515245 + 12345) >>> 0;
      return rand / 2 ** 32;
    };
    // Spans fill rows left to right; sources move by up to ±1.5 px a pixel, inside the margin.
    for (const r of [simd, js]) r.spans.count = 0;
    let q = 0;
    let length = 1;
    const fix = (v: number) => Math.round(v * 65536) + 8 * 65536;
    while (q + length <= width * height) {
      const row = [q, length];
      for (let side = 0; side < 2; side++) {
        const x = next() * (width - 1);
        const y = next() * (height - 1);
        const dx = (next() - 0.5) * (4 / Math.max(length, 1));
        const dy = (next() - 0.5) * (4 / Math.max(length, 1));
        row.push(fix(x), fix(y), Math.round(dx * 65536), Math.round(dy * 65536));
      }
      for (const r of [simd, js]) {
        r.spans.reserve(1);
        r.spans.data.set(row, r.spans.count * SPAN);
        r.spans.count++;
      }
      q += length;
      length = (length % 13) + 1;
    }
    for (let tw = 0; tw <= 128; tw += 8) {
      const a = simd.run(tw).data;
      const b = js.run(tw).data;
      let differ = 0;
      for (let i = 0; i < q * 4; i++) if (a[i] !== b[i]) differ++;
      expect(differ, `tw ${tw}`).toBe(0);
    }
  });
});
