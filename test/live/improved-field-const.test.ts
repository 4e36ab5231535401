/**
 * The field's WebAssembly with its layout written in as constants (one
 * module per memory layout) against the module that reads the layout from
 * its header: the same bits (decision 418).
 */
import { describe, expect, it } from "vitest";
import { benchFace } from "../../bench/live-face.js";
import type { EngineFrame } from "../../src/live/engine.js";
import { fieldModule, fieldWasm } from "../../src/live/improved/field-wasm.js";
import { FieldGeometry } from "../../src/live/improved/geometry.js";
import { qualityScenes } from "../../src/live/quality/index.js";

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Both modules at `count` points (control points among them), with random forced sides and masks: the mismatches. */
function compare(k: EngineFrame, l: EngineFrame, width: number, height: number, count: number) {
  const g = new FieldGeometry(k, l, width, height);
  const fixed = fieldWasm(g)!;
  const read = fieldWasm(g, false)!;
  const mask = new Int32Array(g.n * g.words);
  const all = new Int32Array(g.n * g.words).fill(-1);
  const seg = new Int32Array(8);
  const side = new Int8Array(8);
  let mismatches = 0;
  for (const t of [0.2, 0.5, 0.8]) {
    g.update(t);
    const next = random(Math.round(t * 1000) + 7);
    for (let e = 0; e < count; e++) {
      const p = Math.floor(next() * g.n);
      const x = e % 13 === 0 ? g.px[p]! : next() * (width + 20) - 10;
      const y = e % 13 === 0 ? g.py[p]! : next() * (height + 20) - 10;
      const masked = e % 3 !== 0;
      if (masked) g.blockMask(x, y, 4 + 30 * next(), mask, 0);
      const forced = g.ns > 0 ? Math.floor(next() * 4) : 0;
      for (let f = 0; f < forced; f++) {
        seg[f] = Math.floor(next() * g.ns);
        side[f] = next() < 0.5 ? 1 : -1;
      }
      const on = [fixed, read].map((w) => {
        w.setMask(masked ? mask : all, 0);
        return w.sumsAt(x, y, seg, side, forced);
      });
      const same = fixed.sums.every((v, j) => Object.is(v, read.sums[j]));
      if (on[0] !== on[1] || (on[0]! < 0 && !same)) mismatches++;
    }
  }
  return mismatches;
}

describe("the field's WebAssembly with its layout as constants", () => {
  // decisions 418, 420 (one mask word: no word loop)
  it("gives the bits of the module that reads its layout", () => {
    const face = benchFace();
    const mouth = qualityScenes(160, 120).find((s) => s.name === "mouth")!;
    expect(compare(face.k, face.l, face.k.image.width, face.k.image.height, 2000)).toBe(0);
    expect(compare(mouth.k, mouth.l, 160, 120, 2000)).toBe(0);
  });

  it("compiles one module per layout", () => {
    expect(fieldModule({ N: 3, WORDS: 1 })).toBe(fieldModule({ N: 3, WORDS: 1 }));
    expect(fieldModule({ N: 3, WORDS: 1 })).not.toBe(fieldModule({ N: 4, WORDS: 1 }));
    expect(fieldModule()).not.toBe(fieldModule({ N: 3, WORDS: 1 }));
  });
});
