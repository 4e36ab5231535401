import { describe, expect, it } from "vitest";
import { COLORMAP_NAMES, colormap, mapScalars } from "../../src/core/index.js";

const hex = (lut: Uint8Array, i: number) =>
  `#${[0, 1, 2].map((c) => lut[i * 3 + c]!.toString(16).padStart(2, "0")).join("")}`;

describe("colour maps", () => {
  it("pass through their anchors at the ends", () => {
    expect(hex(colormap("viridis"), 0)).toBe("#440154");
    expect(hex(colormap("viridis"), 255)).toBe("#fde725");
    expect(hex(colormap("grayscale"), 255)).toBe("#ffffff");
  });

  it("sequential maps grow steadily lighter (relative luminance)", () => {
    for (const name of ["viridis", "plasma", "inferno", "grayscale"] as const) {
      const lut = colormap(name);
      let last = -1;
      for (let i = 0; i < 256; i += 15) {
        const lin = (c: number) => ((c / 255 + 0.055) / 1.055) ** 2.4;
        const luma =
          0.2126 * lin(lut[i * 3]!) + 0.7152 * lin(lut[i * 3 + 1]!) + 0.0722 * lin(lut[i * 3 + 2]!);
        expect(luma, `${name} at ${i}`).toBeGreaterThan(last);
        last = luma;
      }
    }
    expect(COLORMAP_NAMES).toContain("coolwarm");
  });

  it("maps values through the range, clamped, NaN to the low end", () => {
    const out = new Float32Array(12);
    mapScalars([0, 10, -5, Number.NaN], 0, 10, colormap("grayscale"), out);
    expect([...out].map((v) => Math.round(v * 255))).toEqual([
      0, 0, 0, 255, 255, 255, 0, 0, 0, 0, 0, 0,
    ]);
    mapScalars([3], 3, 3, colormap("grayscale"), out);
    expect(Math.round(out[0]! * 255)).toBe(colormap("grayscale")[127 * 3]);
  });
});
