import { describe, expect, it } from "vitest";
import { Base64Reader, encodeBase64 } from "../../src/core/base64.js";

const bytes = (n: number, from = 1) => Uint8Array.from({ length: n }, (_, i) => (from + i) & 255);

/** Takes `sizes` bytes one after another from `text`. */
function takeAll(text: string, sizes: readonly number[]): number[][] | undefined {
  const r = new Base64Reader(text, 0, text.length);
  const out: number[][] = [];
  for (const n of sizes) {
    const b = new Uint8Array(n);
    if (!r.take(n, b)) return undefined;
    out.push([...b]);
  }
  return out;
}

describe("Base64Reader.take", () => {
  // decision 108
  it("reads a header and its data encoded as one stream (VTK's and OpenFOAM's raw binary)", () => {
    for (const h of [4, 8]) {
      for (const n of [0, 1, 2, 3, 4, 5, 12]) {
        const all = bytes(h + n);
        const got = takeAll(encodeBase64(all), [h, n]);
        expect(got, `${h} + ${n}`).toEqual([[...all.subarray(0, h)], [...all.subarray(h)]]);
      }
    }
  });

  // decision 108
  it("reads a header encoded on its own, padded, then its data (VTK's compressed arrays)", () => {
    for (const h of [4, 8, 16, 20]) {
      const head = bytes(h);
      const data = bytes(7, 100);
      const text = `${encodeBase64(head)}\n  ${encodeBase64(data)}`;
      expect(takeAll(text, [h, 7])).toEqual([[...head], [...data]]);
    }
  });

  it("fails on characters that run out, a foreign character, or data after padding", () => {
    expect(takeAll(encodeBase64(bytes(5)), [6])).toBeUndefined();
    const r = new Base64Reader("AAA*AAAA", 0, 8);
    expect(r.take(6, new Uint8Array(6))).toBe(false);
    expect(r.bad).toBe(3);
    expect(takeAll("AA=A", [1])).toBeUndefined();
  });
});
