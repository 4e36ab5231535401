import { deflateSync, inflateSync } from "node:zlib";
import { encode } from "fast-png";
import { describe, expect, it } from "vitest";
import { createImage } from "../../src/live/image.js";
import {
  decodePng,
  decodePngBounded,
  encodePng,
  PNG_FORMAT,
  pngDataLength,
} from "../../src/live/png.js";

/** A 5×3 RGBA picture with every channel varying (alpha too). */
function sampleImage() {
  const image = createImage(5, 3);
  for (let i = 0; i < 15; i++)
    image.data.set([i * 17, 255 - i * 9, (i * 53) % 256, 40 + i * 13], i * 4);
  return image;
}

/** The RGBA bytes of a decode, or a failure naming its diagnostics. */
function rgba(bytes: Uint8Array): number[] {
  const r = decodePng(bytes);
  expect(r.diagnostics).toEqual([]);
  return Array.from(r.image!.data);
}

/** CRC-32 of PNG chunks (ISO 3309), to build a chunk the encoder does not write. */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** `png` with a chunk `type` of `data` inserted after IHDR. */
function withChunk(png: Uint8Array, type: string, data: number[]): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  const at = 8 + 25; // signature, IHDR (4 + 4 + 13 + 4)
  return new Uint8Array([...png.subarray(0, at), ...chunk, ...png.subarray(at)]);
}

describe("PNG", () => {
  it("round-trips RGBA8 exactly, and encoding is deterministic", () => {
    const image = sampleImage();
    const bytes = encodePng(image);
    expect(rgba(bytes)).toEqual(Array.from(image.data));
    expect(encodePng(image)).toEqual(bytes);
    const r = decodePng(bytes);
    expect([r.image!.width, r.image!.height]).toEqual([5, 3]);
  });

  it("decodes a palette picture, with tRNS alpha, to RGBA", () => {
    // fast-png's encoder writes the alphas of the non-opaque entries only, so they come first.
    const palette = [
      [0, 255, 0, 128],
      [0, 0, 255, 0],
      [255, 0, 0, 255],
    ];
    const png = encode({
      width: 3,
      height: 2,
      data: new Uint8Array([0, 1, 2, 2, 1, 0]),
      depth: 8,
      channels: 1,
      palette,
    });
    expect(rgba(png)).toEqual([0, 1, 2, 2, 1, 0].flatMap((i) => palette[i]!));
    const rgbPalette = [
      [10, 20, 30],
      [40, 50, 60],
    ];
    // 2-bit indices, rows padded to whole bytes: 5 pixels a row.
    const packed = new Uint8Array([0b01000100, 0b00000000, 0b00010001, 0b01000000]);
    const png2 = encode({
      width: 5,
      height: 2,
      data: packed,
      depth: 2,
      channels: 1,
      palette: rgbPalette,
    });
    const want = [1, 0, 1, 0, 0, 0, 1, 0, 1, 1].flatMap((i) => [...rgbPalette[i]!, 255]);
    expect(rgba(png2)).toEqual(want);
  });

  // decision 76
  it("decodes grey of 1, 4, 8 and 16 bits and grey + alpha, scaling to 8 bits", () => {
    const g1 = encode({
      width: 3,
      height: 1,
      data: new Uint8Array([0b10100000]),
      depth: 1,
      channels: 1,
    });
    expect(rgba(g1)).toEqual([255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255]);
    const g4 = encode({ width: 2, height: 1, data: new Uint8Array([0x5f]), depth: 4, channels: 1 });
    expect(rgba(g4)).toEqual([85, 85, 85, 255, 255, 255, 255, 255]);
    const g16 = encode({
      width: 3,
      height: 1,
      data: new Uint16Array([0, 32896, 65535]),
      depth: 16,
      channels: 1,
    });
    expect(rgba(g16)).toEqual([0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255]);
    const ga = encode({
      width: 1,
      height: 1,
      data: new Uint8Array([200, 100]),
      depth: 8,
      channels: 2,
    });
    expect(rgba(ga)).toEqual([200, 200, 200, 100]);
  });

  it("decodes 16-bit RGB and RGBA by rounding v·255/65535", () => {
    const rgb16 = encode({
      width: 1,
      height: 1,
      data: new Uint16Array([257, 65535, 128]),
      depth: 16,
      channels: 3,
    });
    expect(rgba(rgb16)).toEqual([1, 255, 0, 255]);
    const rgba16 = encode({
      width: 1,
      height: 1,
      data: new Uint16Array([129, 0, 65535, 32767]),
      depth: 16,
      channels: 4,
    });
    expect(rgba(rgba16)).toEqual([1, 0, 255, 127]);
  });

  // decision 76
  it("makes a grey or RGB colour key (tRNS) transparent", () => {
    const grey = encode({
      width: 2,
      height: 1,
      data: new Uint8Array([7, 9]),
      depth: 8,
      channels: 1,
    });
    expect(rgba(withChunk(grey, "tRNS", [0, 9]))).toEqual([7, 7, 7, 255, 9, 9, 9, 0]);
    // 2 × 2: fast-png's decoder refuses an RGB key (3 samples) on fewer than 3 pixels.
    const data = new Uint8Array([1, 2, 3, 4, 5, 6, 1, 2, 3, 1, 2, 4]);
    const rgb = encode({ width: 2, height: 2, data, depth: 8, channels: 3 });
    expect(rgba(withChunk(rgb, "tRNS", [0, 1, 0, 2, 0, 3]))).toEqual([
      1, 2, 3, 0, 4, 5, 6, 255, 1, 2, 3, 0, 1, 2, 4, 255,
    ]);
  });

  it("never throws on broken bytes: a located diagnostic instead", () => {
    const good = encodePng(sampleImage());
    const cases: [Uint8Array, string][] = [
      [new Uint8Array(0), "PNG001"],
      [new TextEncoder().encode("hello, not a picture"), "PNG001"],
      [good.subarray(0, 40), "PNG002"],
      [good.subarray(0, good.length - 20), "PNG002"],
    ];
    const flipped = good.slice();
    flipped[good.length - 30]! ^= 0xff; // inside IDAT: its CRC no longer matches
    cases.push([flipped, "PNG002"]);
    const badDepth = good.slice();
    badDepth[24] = 3; // IHDR bit depth
    cases.push([badDepth, "PNG002"]);
    for (const [bytes, code] of cases) {
      const r = decodePng(bytes);
      expect(r.image).toBeUndefined();
      expect(r.diagnostics.map((d) => d.code)).toEqual([code]);
      expect(r.diagnostics[0]!.start).toBeGreaterThanOrEqual(0);
    }
    expect(decodePng(flipped).diagnostics[0]!.message).toMatch(/CRC|crc/);
  });

  // decision 76
  it("refuses a header that declares too many pixels before decoding", () => {
    const huge = encodePng(sampleImage());
    new DataView(huge.buffer).setUint32(16, 100_000);
    new DataView(huge.buffer).setUint32(20, 100_000);
    const r = decodePng(huge);
    expect(r.diagnostics.map((d) => [d.code, d.start, d.end])).toEqual([["PNG003", 16, 24]]);
    expect(decodePng(encodePng(sampleImage()), { maxPixels: 14 }).diagnostics[0]!.code).toBe(
      "PNG003",
    );
    expect(decodePng(encodePng(sampleImage()), { maxPixels: 15 }).diagnostics).toEqual([]);
  });

  it("is a registry format: recognised by its signature, read to a summary", async () => {
    const r = await PNG_FORMAT.read(encodePng(sampleImage()), "x.png");
    expect(PNG_FORMAT.summary(r.model)).toEqual({ width: 5, height: 3 });
  });

  it("knows from the header how many bytes the compressed data must inflate to", () => {
    const idat = (png: Uint8Array) => {
      const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
      const parts: number[] = [];
      for (let at = 8; at + 12 <= png.length; at += 12 + view.getUint32(at)) {
        const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
        if (type === "IDAT") parts.push(...png.subarray(at + 8, at + 8 + view.getUint32(at)));
      }
      return Uint8Array.from(parts);
    };
    const cases = [
      { width: 5, height: 3, channels: 4, depth: 8, colourType: 6 },
      { width: 7, height: 2, channels: 3, depth: 16, colourType: 2 },
      { width: 9, height: 4, channels: 1, depth: 1, colourType: 0 },
      { width: 3, height: 5, channels: 2, depth: 8, colourType: 4 },
    ] as const;
    for (const c of cases) {
      // Samples (bytes of packed rows below 8 bits, as the encoder takes them).
      const size =
        c.depth < 8
          ? c.height * Math.ceil((c.width * c.channels * c.depth) / 8)
          : c.width * c.height * c.channels;
      const data = c.depth === 16 ? new Uint16Array(size) : new Uint8Array(size);
      const png = encode({
        width: c.width,
        height: c.height,
        data,
        channels: c.channels,
        depth: c.depth,
      });
      expect(pngDataLength(c.width, c.height, c.depth, c.colourType, false)).toBe(
        inflateSync(idat(png)).length,
      );
    }
    // Adam7, 5 × 3 RGBA8: passes of 1×1, 1×1, none, 1×1, 3×1, 2×2 and 5×1 pixels, a filter byte a row.
    expect(pngDataLength(5, 3, 8, 6, true)).toBe(5 + 5 + 0 + 5 + 13 + 18 + 21);
    expect(pngDataLength(5, 3, 8, 5, false)).toBeUndefined();
  });

  it("refuses compressed data that inflates past its declared size, before decoding it", async () => {
    // A 1 × 1 grey picture (2 bytes of data) whose IDAT inflates to 8 MiB of zeros.
    const good = encode({ width: 1, height: 1, data: Uint8Array.of(7), channels: 1, depth: 8 });
    const bombData = deflateSync(new Uint8Array(8 * 2 ** 20));
    const ihdrEnd = 8 + 25;
    const chunk = new Uint8Array(12 + bombData.length);
    const view = new DataView(chunk.buffer);
    view.setUint32(0, bombData.length);
    chunk.set([0x49, 0x44, 0x41, 0x54], 4); // IDAT
    chunk.set(bombData, 8);
    view.setUint32(8 + bombData.length, crc32(chunk.subarray(4, 8 + bombData.length)));
    const iend = good.subarray(good.length - 12);
    const bomb = new Uint8Array([...good.subarray(0, ihdrEnd), ...chunk, ...iend]);
    const r = await decodePngBounded(bomb);
    expect(r.image).toBeUndefined();
    expect(r.diagnostics.map((d) => [d.code, d.start])).toEqual([["PNG002", ihdrEnd + 8]]);
    expect(r.diagnostics[0]!.message).toContain("inflates past the 2 bytes its header declares");
    // The registry's reader takes the bounded path.
    const viaRegistry = await PNG_FORMAT.read(bomb, "bomb.png");
    expect(viaRegistry.diagnostics[0]!.message).toContain("inflates past");
    // A sound picture decodes as before.
    const sound = await decodePngBounded(encodePng(sampleImage()));
    expect(sound.diagnostics).toEqual([]);
    expect(Array.from(sound.image!.data)).toEqual(Array.from(sampleImage().data));
  });

  // decision 220
  it("never reads a chunk the picture does not need: an iCCP profile is left out unread", async () => {
    const good = encode({ width: 1, height: 1, data: Uint8Array.of(7), channels: 1, depth: 8 });
    // A profile name, its compression method 0, then data that is not zlib: inflating it fails.
    const iccp = [...new TextEncoder().encode("p"), 0, 0, 1, 2, 3, 4, 5, 6, 7, 8];
    const r = await decodePngBounded(withChunk(good, "iCCP", iccp));
    expect(r.diagnostics).toEqual([]);
    expect(Array.from(r.image!.data)).toEqual([7, 7, 7, 255]);
  });

  // decision 220
  it("refuses a PNG whose first chunk is not IHDR (a header the size check would not see)", async () => {
    const good = encode({ width: 1, height: 1, data: Uint8Array.of(7), channels: 1, depth: 8 });
    // A tEXt chunk moved before IHDR.
    const moved = withChunk(good, "tEXt", [0x61, 0, 0x62]);
    const text = moved.subarray(33, 33 + 15);
    const late = new Uint8Array([
      ...moved.subarray(0, 8),
      ...text,
      ...moved.subarray(8, 33),
      ...moved.subarray(48),
    ]);
    const r = await decodePngBounded(late);
    expect(r.image).toBeUndefined();
    expect(r.diagnostics.map((d) => [d.code, d.start])).toEqual([["PNG002", 12]]);
    expect(r.diagnostics[0]!.message).toContain("first chunk is 'tEXt', not IHDR");
  });
});
