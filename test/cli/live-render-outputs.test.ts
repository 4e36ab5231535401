import { spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkRenderPixels,
  diskProbe,
  LAYER_BYTES_PER_PIXEL,
  MAX_RENDER_PIXELS,
  RENDER_MEMORY,
  renderMemory,
  WORK_BYTES_PER_PIXEL,
} from "../../src/cli/commands/live-budget.js";
import { encodeGif, GifStream } from "../../src/live/gif.js";
import { createImage, type RgbaImage } from "../../src/live/image.js";
import { cli, copyDemo } from "../helpers.js";

/** A scratch copy of demo/live; returns its folder. */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-render-"));
  copyDemo(dir, "live");
  return dir;
}

const SCENE = "face.scene.json";
const RENDER = ["live", "render", SCENE, "--events", "events.json"];

describe("live render: what is in --out", () => {
  // decision 240
  it("replaces a planted frame link with --force and never writes through it", async () => {
    const dir = scratch();
    const outside = join(mkdtempSync(join(tmpdir(), "deforma-outside-")), "precious.txt");
    writeFileSync(outside, "keep\n");
    mkdirSync(join(dir, "out"));
    symlinkSync(outside, join(dir, "out", "frame-00000.png"));
    const plain = await cli([...RENDER, "--ticks", "2", "--out", "out"], dir);
    expect(plain.code).toBe(1);
    expect(plain.err).toMatch(/out\/frame-00000\.png exist; not overwritten \(use --force\)/);
    const forced = await cli([...RENDER, "--ticks", "2", "--out", "out", "--force"], dir);
    expect(forced.code, forced.err).toBe(0);
    expect(readFileSync(outside, "utf8")).toBe("keep\n");
    expect(lstatSync(join(dir, "out", "frame-00000.png")).isFile()).toBe(true);
  }, 60_000);

  // decision 242
  it("a folder or FIFO named like a frame stops the render before its first frame, --force or not", async () => {
    const dir = scratch();
    mkdirSync(join(dir, "out", "frame-00005.png"), { recursive: true });
    spawnSync("mkfifo", [join(dir, "out", "frame-00009.png")]);
    for (const force of [[], ["--force"]]) {
      const r = await cli([...RENDER, "--ticks", "8", "--out", "out", ...force], dir);
      expect(r.code).toBe(1);
      expect(r.err).toContain(
        "cannot render into 'out': 'out/frame-00005.png' is a folder (and 1 more), not a regular file; a render replaces only regular files, even with --force",
      );
      expect(readdirSync(join(dir, "out")).sort()).toEqual(["frame-00005.png", "frame-00009.png"]);
    }
    // The same for OUT.gif: a FIFO there is refused before rendering.
    spawnSync("mkfifo", [join(dir, "a.gif")]);
    const gif = await cli(
      [...RENDER, "--ticks", "2", "--out", "new", "--gif", "a.gif", "--force"],
      dir,
    );
    expect(gif.code).toBe(1);
    expect(gif.err).toMatch(/cannot write 'a\.gif': it is a FIFO/);
    expect(existsSync(join(dir, "new"))).toBe(false);
    // And --out itself: a FIFO is no folder.
    const out = await cli([...RENDER, "--ticks", "2", "--out", "a.gif", "--force"], dir);
    expect(out.code).toBe(2);
    expect(out.err).toContain("--out a.gif: is a FIFO (named pipe); give a folder for the frames");
  }, 60_000);
});

describe("live render budgets", () => {
  // decision 243
  it("refuses a scene whose ticks are too large before reading its pictures, naming the numbers", async () => {
    const dir = scratch();
    const text = readFileSync(join(dir, SCENE), "utf8");
    writeFileSync(join(dir, SCENE), text.replace(/"size": \[320, 240\]/, '"size": [8192, 8192]'));
    const r = await cli([...RENDER, "--ticks", "3", "--out", "out"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      "the scene is 8192×8192 = 67,108,864 pixels a tick; a render draws at most 8,388,608 (3840×2160 fits)",
    );
    // Refused before the pictures (320×240, not the declared size) were checked or anything written.
    expect(r.err).not.toMatch(/PNG013/);
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  // decision 243
  it("bounds the memory of the pictures and a tick's work, so 4K renders but many 4K pictures do not", () => {
    const frames = (n: number) => Array.from({ length: n }, (_, i) => ({ image: `p${i}.png` }));
    const scene = (w: number, h: number, n: number) => ({ width: w, height: h, frames: frames(n) });
    expect(() => checkRenderPixels(scene(3840, 2160, 5))).not.toThrow();
    expect(() => checkRenderPixels(scene(2896, 2896, 3))).not.toThrow();
    expect(2896 * 2896).toBeLessThanOrEqual(MAX_RENDER_PIXELS);
    expect(() => checkRenderPixels(scene(2896, 2896, 16))).toThrow(
      /the scene's 16 pictures of 2896×2896 would hold about 1023\.8 MiB while rendering; a render holds at most 768.0 MiB/,
    );
    expect(RENDER_MEMORY).toBe(768 * 2 ** 20);
    // With --gif, the palette's sample of key frames counts too.
    expect(() => checkRenderPixels(scene(3840, 2160, 5), true)).toThrow(
      /would hold about [\d.]+ MiB while rendering \(with the GIF's palette\)/,
    );
    expect(() => checkRenderPixels(scene(1920, 1080, 5), true)).not.toThrow();
  });

  // decision 336
  it("counts the region layers: their pictures and work in the memory, their in-betweens in a tick's pixels", () => {
    const frames = Array.from({ length: 5 }, (_, i) => ({ image: `p${i}.png` }));
    const regions = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `r${i}` }));
    const scene = (w: number, h: number, n: number) => ({
      width: w,
      height: h,
      frames,
      regions: regions(n),
    });
    // Each layer: its copy of the 5 key pictures and its work; the composite and pins' weights once.
    const layer = 4 * 5 + LAYER_BYTES_PER_PIXEL;
    expect(renderMemory(scene(100, 100, 2))).toBe(
      100 * 100 * (4 * 5 + WORK_BYTES_PER_PIXEL + 2 * layer + 8),
    );
    // A driven story of no region plays as one more layer.
    const driven = { ...scene(100, 100, 0), storyOptions: new Map([["sync", { drive: {} }]]) };
    expect(renderMemory(driven)).toBe(100 * 100 * (4 * 5 + WORK_BYTES_PER_PIXEL + layer + 8));
    // 4K alone fits a tick; with two regions a tick draws three 4K in-betweens.
    expect(() => checkRenderPixels(scene(3840, 2160, 0))).not.toThrow();
    expect(() => checkRenderPixels(scene(3840, 2160, 2))).toThrow(
      "the scene is 3840×2160 = 8,294,400 pixels a tick; a render draws at most 8,388,608 (3840×2160 fits): its ticks draw 3 such pictures (the whole face and 2 region layers), 24,883,200 pixels: use fewer regions or scale the pictures down",
    );
    // 20 pictures of 1280×720: 126 MiB alone, about 1 GiB with eight regions' copies and work.
    const many = Array.from({ length: 20 }, (_, i) => ({ image: `q${i}.png` }));
    expect(() => checkRenderPixels({ ...scene(1280, 720, 0), frames: many })).not.toThrow();
    expect(() => checkRenderPixels({ ...scene(1280, 720, 8), frames: many })).toThrow(
      /the scene's 20 pictures of 1280×720 and their copies in 8 region layers would hold about 1\.0 GiB while rendering; a render holds at most 768\.0 MiB: use fewer or smaller pictures or fewer regions/,
    );
  });

  // decision 244
  it("refuses a render whose estimated output does not fit the free disk, before writing a frame", async () => {
    const dir = scratch();
    const real = diskProbe.freeBytes;
    diskProbe.freeBytes = async () => 256 * 2 ** 20;
    try {
      const r = await cli([...RENDER, "--ticks", "100000", "--out", "out", "--gif", "a.gif"], dir);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(
        /the render would write about [\d.]+ GiB \(out and a\.gif\) but its disk has 256\.0 MiB free \(keeping 64\.0 MiB\): render fewer --ticks or free some space/,
      );
      expect(existsSync(join(dir, "out"))).toBe(false);
      expect(existsSync(join(dir, "a.gif"))).toBe(false);
      const small = await cli([...RENDER, "--ticks", "3", "--out", "small"], dir);
      expect(small.code, small.err).toBe(0);
    } finally {
      diskProbe.freeBytes = real;
    }
  }, 60_000);

  // decision 301
  it("re-checks the free disk while rendering and stops cleanly between two frames", async () => {
    const dir = scratch();
    const real = diskProbe.freeBytes;
    let asked = 0;
    // Room at the start; then the disk fills (65 MiB free: the 64 MiB kept and 1 MiB).
    diskProbe.freeBytes = async () => (asked++ === 0 ? 2 ** 40 : 65 * 2 ** 20);
    try {
      const r = await cli([...RENDER, "--ticks", "150", "--out", "out", "--gif", "a.gif"], dir);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(
        /out: stopped after 100 frames \(frame-00000\.png … frame-00099\.png kept, with timeline\.json\): the 50 frames left would write about [\d.]+ [KM]i?B \(out and a\.gif\) but the disk has 65\.0 MiB free \(keeping 64\.0 MiB\); a\.gif not written/,
      );
      const names = readdirSync(join(dir, "out")).sort();
      expect(names).toHaveLength(101);
      expect(names.at(-2)).toBe("frame-00099.png");
      expect(names.at(-1)).toBe("timeline.json");
      const timeline = JSON.parse(readFileSync(join(dir, "out", "timeline.json"), "utf8"));
      expect(timeline).toHaveLength(100);
      // No GIF, no temporary file left beside it.
      expect(readdirSync(dir).filter((n) => n.includes("a.gif") || n.startsWith("."))).toEqual([]);
    } finally {
      diskProbe.freeBytes = real;
    }
  }, 180_000);

  // decision 245
  it("streams the GIF: each frame's bytes are handed out and no longer held", () => {
    const frame = (k: number): RgbaImage => {
      const img = createImage(24, 10);
      for (let i = 0; i < img.data.length; i += 4) {
        img.data[i] = (i * 7 + k * 40) & 255;
        img.data[i + 1] = k * 60;
        img.data[i + 3] = 255;
      }
      return img;
    };
    const frames = [0, 1, 2, 3].map(frame);
    const stream = new GifStream(frames, 50);
    const chunks: Uint8Array[] = [];
    for (const f of frames) {
      stream.add(f);
      expect(stream.held).toBeGreaterThan(0);
      chunks.push(stream.take());
      expect(stream.held).toBe(0);
    }
    chunks.push(stream.finish());
    expect(chunks[chunks.length - 1]).toEqual(new Uint8Array([0x3b]));
    expect(Buffer.concat(chunks)).toEqual(Buffer.from(encodeGif(frames, 50)));
    expect(stream.encodedSize(frames[1]!)).toBeGreaterThan(0);
  });
});
