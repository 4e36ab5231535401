import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildFaceFiles, FACE_FRAMES, FaceFiles } from "../../scripts/demo/face.js";
import { drawFace } from "../../scripts/demo/face-draw.js";
import { controlPoints, EXPRESSIONS, FACE_CUTS } from "../../scripts/demo/face-model.js";
import type { RgbaImage } from "../../src/live/image.js";
import { decodePng } from "../../src/live/png.js";

const DEMO_DIR = join(import.meta.dirname, "..", "..", "demo");
const files = buildFaceFiles();
const SKIN = [255, 219, 182];

function pixel(image: RgbaImage, x: number, y: number): number[] {
  const o = (Math.round(y) * image.width + Math.round(x)) * 4;
  return Array.from(image.data.subarray(o, o + 4));
}

describe("demo face (demo/live)", () => {
  it("is up to date with the generator (else run npx tsx scripts/make-demo.ts) and the same on every build", () => {
    const again = buildFaceFiles();
    expect([...files.keys()].sort()).toEqual(
      [
        FaceFiles.scene,
        FaceFiles.events,
        FaceFiles.talk,
        ...FACE_FRAMES.map(FaceFiles.image),
      ].sort(),
    );
    for (const [name, data] of files) {
      const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data);
      expect(bytes.equals(readFileSync(join(DEMO_DIR, name))), name).toBe(true);
      const other = again.get(name)!;
      expect(
        Buffer.from(typeof other === "string" ? Buffer.from(other) : other).equals(bytes),
      ).toBe(true);
    }
  });

  it("has five opaque 320×240 key frames that decode", () => {
    for (const name of FACE_FRAMES) {
      const r = decodePng(files.get(FaceFiles.image(name)) as Uint8Array);
      expect(r.diagnostics).toEqual([]);
      expect([r.image!.width, r.image!.height]).toEqual([320, 240]);
      expect(r.image!.data.every((v, i) => i % 4 !== 3 || v === 255)).toBe(true);
    }
  });

  // decision 80
  it("puts every control point on a drawn feature, never on plain skin", () => {
    for (const name of FACE_FRAMES) {
      const image = drawFace(EXPRESSIONS[name]);
      for (const [point, p] of controlPoints(EXPRESSIONS[name])) {
        const [r, g, b] = pixel(image, p.x, p.y);
        const off = Math.abs(r! - SKIN[0]!) + Math.abs(g! - SKIN[1]!) + Math.abs(b! - SKIN[2]!);
        expect(off, `${name}: ${point} at (${p.x}, ${p.y}) is ${r},${g},${b}`).toBeGreaterThan(40);
      }
    }
  });

  it("has the same point names in every frame, and cuts through them", () => {
    const names = controlPoints(EXPRESSIONS.neutral).map(([n]) => n);
    expect(names.length).toBeGreaterThanOrEqual(16);
    for (const name of FACE_FRAMES)
      expect(controlPoints(EXPRESSIONS[name]).map(([n]) => n)).toEqual(names);
    for (const cut of FACE_CUTS) for (const n of cut) expect(names).toContain(n);
  });

  it("shows clearly different expressions: each frame differs from neutral where its features move", () => {
    const neutral = drawFace(EXPRESSIONS.neutral);
    const changed = (other: RgbaImage, y0: number, y1: number) => {
      let n = 0;
      for (let y = y0; y < y1; y++)
        for (let x = 0; x < 320; x++) {
          const o = (y * 320 + x) * 4;
          if (
            Math.abs(other.data[o]! - neutral.data[o]!) +
              Math.abs(other.data[o + 1]! - neutral.data[o + 1]!) >
            60
          )
            n++;
        }
      return n;
    };
    const mouth = [150, 200] as const;
    const eyes = [95, 130] as const;
    expect(changed(drawFace(EXPRESSIONS.smile), ...mouth)).toBeGreaterThan(600);
    expect(changed(drawFace(EXPRESSIONS.surprise), ...mouth)).toBeGreaterThan(600);
    expect(changed(drawFace(EXPRESSIONS.talk), ...mouth)).toBeGreaterThan(400);
    expect(changed(drawFace(EXPRESSIONS.blink), ...eyes)).toBeGreaterThan(800);
    expect(changed(drawFace(EXPRESSIONS.blink), ...mouth)).toBeLessThan(200);
  });

  it("has the README's events and the rules the outside tests rely on", () => {
    expect(JSON.parse(files.get(FaceFiles.events) as string)).toEqual([
      { atMs: 120, event: "greet" },
    ]);
    const scene = JSON.parse(files.get(FaceFiles.scene) as string);
    expect(scene.zeroFrame).toBe("neutral");
    expect(scene.rules[0]).toEqual({ event: "greet", story: "smile" });
    expect(scene.stories.smile).toEqual(["smile"]);
  });
});
