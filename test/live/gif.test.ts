import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { encodeGif, GifStream } from "../../src/live/gif.js";
import { createImage, type RgbaImage } from "../../src/live/image.js";
import { fixturePath } from "../helpers.js";

/** Whether `/usr/bin/python3` has OpenCV (the GIF decoder these tests check against). */
const HAS_CV2 =
  spawnSync("/usr/bin/python3", ["-c", "import cv2"], { stdio: "ignore" }).status === 0;
/** In CI the decoder is required: a missing library fails instead of skipping. */
const CV2_REQUIRED = process.env.CI === "true";

/** Frame k: a horizontal ramp in red, a colour per frame in green and blue. */
function frame(k: number, width = 24, height = 10): RgbaImage {
  const image = createImage(width, height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      image.data.set([x * 10, 60 * k, 200 - 60 * k, 255], (y * width + x) * 4);
  return image;
}

/** The delays (hundredths of a second) of the Graphic Control Extensions, in order. */
function delays(gif: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i + 5 < gif.length; i++)
    if (gif[i] === 0x21 && gif[i + 1] === 0xf9 && gif[i + 2] === 4)
      out.push(gif[i + 4]! | (gif[i + 5]! << 8));
  return out;
}

/** Decodes `gif` with OpenCV. */
function decode(gif: Uint8Array): {
  frames: number;
  width: number;
  height: number;
  rgb: number[][][];
} {
  const file = join(mkdtempSync(join(tmpdir(), "deforma-gif-")), "a.gif");
  writeFileSync(file, gif);
  const r = spawnSync("/usr/bin/python3", [fixturePath("live/read-gif.py"), file], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`read-gif.py failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

describe("GIF", () => {
  it("writes a looping GIF89a with one delay per frame (50 ms → 5 hundredths)", () => {
    const gif = encodeGif(
      [0, 1, 2].map((k) => frame(k)),
      50,
    );
    expect(new TextDecoder().decode(gif.subarray(0, 6))).toBe("GIF89a");
    expect(delays(gif)).toEqual([5, 5, 5]);
    expect(gif[gif.length - 1]).toBe(0x3b);
    expect(new TextDecoder().decode(gif).includes("NETSCAPE2.0")).toBe(true);
  });

  it.skipIf(!HAS_CV2 && !CV2_REQUIRED)(
    "decodes with OpenCV to the frames, colours kept closely",
    () => {
      const frames = [0, 1, 2, 3].map((k) => frame(k));
      const out = decode(encodeGif(frames, 50));
      expect([out.frames, out.width, out.height]).toEqual([4, 24, 10]);
      frames.forEach((f, k) => {
        let worst = 0;
        out.rgb[k]!.forEach((rgb, i) => {
          for (let c = 0; c < 3; c++)
            worst = Math.max(worst, Math.abs(rgb[c]! - f.data[i * 4 + c]!));
        });
        expect(worst, `frame ${k}`).toBeLessThanOrEqual(8);
      });
    },
  );

  // decision 77
  it("streams frame by frame with a palette from other frames, and refuses mixed sizes", () => {
    const stream = new GifStream([frame(0), frame(3)], 50);
    for (let k = 0; k < 4; k++) stream.add(frame(k));
    expect(stream.frames).toBe(4);
    const gif = stream.finish();
    expect(delays(gif)).toEqual([5, 5, 5, 5]);
    expect(() => new GifStream([frame(0)], 50).add(frame(0, 8, 8))).toThrow(RangeError);
    expect(() => encodeGif([], 50)).toThrow(RangeError);
    expect(() => new GifStream([frame(0)], 50).finish()).toThrow(RangeError);
  });

  it("takes pictures that are views into a larger buffer (gifenc reads whole buffers)", () => {
    const big = new Uint8ClampedArray(8 + 24 * 10 * 4);
    big.set(frame(1).data, 8);
    const view: RgbaImage = { width: 24, height: 10, data: big.subarray(8) };
    expect(encodeGif([view], 50)).toEqual(encodeGif([frame(1)], 50));
  });
});
