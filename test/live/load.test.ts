/**
 * `loadLiveProject` over an in-memory reader: pictures resolved against the
 * scene's path and read once however many frames name them, each problem a
 * PNG finding at the frame's `image` value, the reader's refusals told
 * apart, the cache reused, and no picture read for a scene without a size.
 */
import { describe, expect, it } from "vitest";
import type { FileReader, FileSource } from "../../src/core/file-source.js";
import { OUTSIDE_REASON } from "../../src/core/file-source.js";
import { createImage, type RgbaImage } from "../../src/live/image.js";
import { loadLiveProject } from "../../src/live/load.js";
import { encodePng } from "../../src/live/png.js";

/** A two-by-two scene whose frames name `images` (one frame each), with points `p`. */
function sceneText(images: readonly string[], size = "[2, 2]"): string {
  const frames = images.map(
    (image, i) => `    {"name": "f${i}", "image": "${image}", "points": {"p": [0, 0]}}`,
  );
  return `{\n  "version": 1,\n  "size": ${size},\n  "zeroFrame": "f0",\n  "frames": [\n${frames.join(",\n")}\n  ],\n  "stories": {}\n}\n`;
}

/** A reader over `files` that records every path asked (with the naming file). */
function memory(files: Record<string, FileSource>): { read: FileReader; asked: string[] } {
  const asked: string[] = [];
  const read: FileReader = async (path, from) => {
    asked.push(`${path} from ${from}`);
    return files[path] ?? { status: "missing" };
  };
  return { read, asked };
}

const ok = (w: number, h: number): FileSource => ({
  status: "ok",
  bytes: encodePng(createImage(w, h)),
});

describe("loadLiveProject", () => {
  // decisions 128 and 131
  it("reads each picture once, relative to the scene, and locates each problem at the frame's image", async () => {
    const text = sceneText(["a.png", "a.png", "img/b.png", "c.png", "d.png", "e.png", "f.png"]);
    const { read, asked } = memory({
      "p/a.png": ok(2, 2),
      "p/img/b.png": ok(3, 2),
      "p/c.png": { status: "ok", bytes: new TextEncoder().encode("no picture") },
      "p/e.png": { status: "unreadable", reason: "EISDIR" },
      "p/f.png": { status: "unreadable", reason: OUTSIDE_REASON },
    });
    const r = await loadLiveProject("p/face.scene.json", text, read);
    expect(asked).toEqual(
      ["a", "img/b", "c", "d", "e", "f"].map((n) => `p/${n}.png from p/face.scene.json`),
    );
    expect([...r.images.keys()]).toEqual(["f0", "f1"]);
    const at = (image: string) => text.indexOf(`"${image}"`);
    expect(r.diagnostics.map((d) => `${d.code}@${d.start}`)).toEqual([
      `PNG013@${at("img/b.png")}`,
      `PNG001@${at("c.png")}`,
      `PNG010@${at("d.png")}`,
      `PNG011@${at("e.png")}`,
      `PNG012@${at("f.png")}`,
    ]);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      "frame 'f2': 'img/b.png' is 3×2; the scene's size is 2×2",
      expect.stringMatching(/^frame 'f3': 'c\.png': /),
      "frame 'f4': 'd.png' does not exist",
      "frame 'f5': 'e.png' is a folder",
      "frame 'f6': 'f.png' lies outside the scene's folder; not read",
    ]);
    expect(r.report).toEqual([{ file: "p/face.scene.json", text, diagnostics: r.diagnostics }]);
  });

  // decision 128
  it("takes pictures from the cache (checking their size) and fills it with the sound ones", async () => {
    const cache = new Map<string, RgbaImage>([["x.png", createImage(2, 2)]]);
    const { read, asked } = memory({ "y.png": ok(2, 2) });
    const r = await loadLiveProject("s.scene.json", sceneText(["x.png", "y.png"]), read, { cache });
    expect(asked).toEqual(["y.png from s.scene.json"]);
    expect(r.diagnostics).toEqual([]);
    expect([...cache.keys()]).toEqual(["x.png", "y.png"]);
    const small = await loadLiveProject("s.scene.json", sceneText(["x.png"], "[4, 4]"), read, {
      cache,
    });
    expect(small.diagnostics.map((d) => d.code)).toEqual(["PNG013"]);
  });

  it("reads no picture for a scene without a size, nor for an image path the scene refuses", async () => {
    const { read, asked } = memory({});
    const r = await loadLiveProject("s.scene.json", sceneText(["a.png"], '"big"'), read);
    expect(asked).toEqual([]);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["LIV002"]);
    const up = await loadLiveProject("s.scene.json", sceneText(["../a.png"]), read);
    expect(asked).toEqual([]);
    expect(up.diagnostics.map((d) => d.code)).toEqual(["LIV019"]);
  });
});
